# Stand-in for the Docker Hub image redis:7 on machines without Docker Hub (docs/deploy.md):
# Debian bookworm's Redis 7.0, run as user redis in /data like the official image.
# Built by deploy/offline-service-images.sh.
ARG BASE=node:24-bookworm-slim
FROM ${BASE}
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends redis-server >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown redis:redis /data
COPY redis-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
WORKDIR /data
EXPOSE 6379
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CMD ["redis-server"]
