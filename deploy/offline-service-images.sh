#!/usr/bin/env bash
# Local stand-ins for the Docker Hub images deploy/compose.yaml uses beside Appflows (postgres:17,
# redis:7, caddy:2), for machines without Docker Hub access; built on the stand-in base that
# deploy/offline-base-image.sh makes, from Debian bookworm's packages (PostgreSQL 15, Redis 7.0,
# Caddy 2.6). Each honours what the compose file relies on of the official image (variables,
# paths, commands): deploy/offline/*.Dockerfile. A tag already present (pulled or built) is left
# alone unless FORCE=1.
#   bash deploy/offline-service-images.sh      (needs docker and the base image)
set -euo pipefail
cd "$(dirname "$0")/offline"
for pair in postgres:postgres:17 redis:redis:7 caddy:caddy:2; do
  name="${pair%%:*}"
  tag="${pair#*:}"
  if [ -z "${FORCE:-}" ] && docker image inspect "$tag" >/dev/null 2>&1; then
    echo "$tag: present"
    continue
  fi
  # Host networking: the build's apt needs the mirror, and these daemons may have no bridge NAT.
  docker build --network=host -q -f "$name.Dockerfile" -t "$tag" . >/dev/null
  echo "$tag: built"
done
