#!/usr/bin/env bash
# Runs a command under Node 24: `bash scripts/node24.sh <command> [args...]`, for example
# `bash scripts/node24.sh node node_modules/vitest/vitest.mjs run` (= `npm run test:node24`).
#
# Node 24 comes from the npm registry's `node` package (only the registry is needed, not
# nodejs.org), installed into a temporary folder that is removed afterwards. Its folder goes first
# on PATH, so `node` in the command, `#!/usr/bin/env node` bins and `process.execPath` in every
# child process are all Node 24. Then the test packages that need Node 22 or later (ai 7 as `ai7`,
# openai 7, the MCP conformance suite), which toolgen's devDependencies leave out so that Node 20
# never installs them, are installed by Node 24's npm from scripts/node24/package-lock.json into
# node_modules/.cache/toolgen-node24 (kept while the lock file is the same), and the command gets
# that folder's node_modules in TOOLGEN_NODE24_PACKAGES: the tests that use them run only when it
# is set (tests/helpers/node24-packages.ts). Exits with the command's status, or 1 when Node 24 or
# those packages cannot be had.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$#" -eq 0 ]; then
  echo "usage: bash scripts/node24.sh <command> [args...]" >&2
  exit 2
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/toolgen-node24.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# The `node` package fetches its platform's binary in a preinstall script: allow that one script
# (npm 11 blocks dependencies' install scripts not listed in allowScripts), whatever the user's
# ignore-scripts setting.
echo '{ "private": true, "allowScripts": { "node": true } }' >"$tmp/package.json"
echo "node24: installing node@24 from the npm registry into $tmp"
if ! npm install node@24 --prefix "$tmp" --no-save --no-package-lock --ignore-scripts=false \
  --no-audit --no-fund >"$tmp/install.log" 2>&1; then
  cat "$tmp/install.log" >&2
  echo "node24: error: npm could not install node@24 (its output is above)" >&2
  exit 1
fi

bin="$tmp/node_modules/.bin"
version="$("$bin/node" --version 2>&1 || true)"
case "$version" in
  v24.*) ;;
  *)
    cat "$tmp/install.log" >&2
    echo "node24: error: $bin/node does not run as Node 24 (it said: ${version:-nothing})" >&2
    exit 1
    ;;
esac

export PATH="$bin:$PATH"
if [ "$(command -v node)" != "$bin/node" ]; then
  echo "node24: error: node on PATH is $(command -v node), not $bin/node" >&2
  exit 1
fi
# The packages that need Node 22 or later, pinned by their own lock file.
packages="$PWD/node_modules/.cache/toolgen-node24"
if ! cmp -s scripts/node24/package-lock.json "$packages/installed-lock.json"; then
  echo "node24: installing scripts/node24/package-lock.json into $packages"
  rm -rf "$packages"
  mkdir -p "$packages"
  cp scripts/node24/package.json scripts/node24/package-lock.json "$packages/"
  if ! npm ci --prefix "$packages" --ignore-scripts --no-audit --no-fund >"$tmp/packages.log" 2>&1; then
    cat "$tmp/packages.log" >&2
    echo "node24: error: npm could not install scripts/node24/package-lock.json (its output is above)" >&2
    exit 1
  fi
  cp scripts/node24/package-lock.json "$packages/installed-lock.json"
fi
export TOOLGEN_NODE24_PACKAGES="$packages/node_modules"

echo "node24: running under Node $version: $*"
"$@"
