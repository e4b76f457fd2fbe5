# Appflows: one image for a single node (SQLite in the /data volume) or for scale-out nodes
# (DATABASE_URL=postgres://…, REDIS_URL, one SECRET shared by all). docs/deploy.md.

# Stage 1: production dependencies only. better-sqlite3 and bcrypt ship prebuilt binaries for
# linux-x64 glibc inside their packages, so no compiler is needed.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# Stage 2: the runtime. TypeScript runs through tsx (a dependency), as with `npm start`.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY bin ./bin
COPY public ./public
COPY src ./src
# Non-root: the image's `node` user (uid 1000) owns only the data volume.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Readiness, not just liveness: /readyz asks the database and fails once durable writes are refused.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# exec form, and bin/appflows execs node: node is PID 1 and gets SIGTERM itself (graceful shutdown;
# `docker stop` exits 0 in under a second). No `# syntax=` line: BuildKit would fetch that frontend
# image from Docker Hub, which air-gapped builds cannot reach; the builtin syntax covers this file.
ENTRYPOINT ["/app/bin/appflows"]
CMD ["serve"]
