#!/usr/bin/env bash
# Runs browser specs on a private web build and port, with the API from source, so that several people
# (or agents) can run browser tests on one working tree at once without overwriting each other's dist/.
#   scripts/e2e-isolated.sh <name> <port> [playwright args, e.g. tests/deposits.spec.ts]
set -euo pipefail
name="$1"; port="$2"; shift 2
root="$(cd "$(dirname "$0")/.." && pwd)"
out="/tmp/e2e-$name"
mkdir -p "$out"
(cd "$root/apps/web" && npx vite build --outDir "$out/web" --emptyOutDir --logLevel warn)
cd "$root/e2e"
E2E_PORT="$port" WEB_DIST_DIR="$out/web" E2E_OUTPUT_DIR="$out/test-results" \
  E2E_SERVER_COMMAND="npx tsx apps/api/src/server.ts" npx playwright test "$@"
