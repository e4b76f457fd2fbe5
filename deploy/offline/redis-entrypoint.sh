#!/bin/sh
# As the official redis image: other containers may connect (protected mode off when no config
# file is given), and the server runs as user redis.
set -eu
if [ "${1:-}" = redis-server ]; then
  case "${2:-}" in *.conf) ;; *) set -- "$@" --protected-mode no ;; esac
fi
if [ "$(id -u)" = 0 ]; then exec setpriv --reuid=redis --regid=redis --init-groups "$@"; fi
exec "$@"
