# Stand-in for the Docker Hub image caddy:2 on machines without Docker Hub (docs/deploy.md):
# Debian bookworm's Caddy 2.6, with the official image's paths (/etc/caddy/Caddyfile, state in
# /data and /config) and command. Built by deploy/offline-service-images.sh.
ARG BASE=node:24-bookworm-slim
FROM ${BASE}
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends caddy ca-certificates >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data /config /etc/caddy
ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data
EXPOSE 80 443
WORKDIR /srv
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
