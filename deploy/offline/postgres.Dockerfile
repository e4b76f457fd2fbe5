# Stand-in for the Docker Hub image postgres:17 on machines without Docker Hub (docs/deploy.md):
# Debian bookworm's PostgreSQL 15 behind an entrypoint that honours the same variables
# (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, PGDATA) and paths as the official image, which is
# all deploy/compose.yaml relies on. Built by deploy/offline-service-images.sh.
ARG BASE=node:24-bookworm-slim
FROM ${BASE}
RUN mkdir -p /etc/postgresql-common \
 && echo 'create_main_cluster = false' > /etc/postgresql-common/createcluster.conf \
 && apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends postgresql-15 >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/run/postgresql /var/lib/postgresql/data \
 && chown -R postgres:postgres /var/run/postgresql /var/lib/postgresql
COPY postgres-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
STOPSIGNAL SIGINT
EXPOSE 5432
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
CMD ["postgres"]
