#!/usr/bin/env bash
# `npm run bench`: the built portal's speed and memory against its budgets. The request-path
# figures are taken on both databases, so without DATABASE_URL a throwaway PostgreSQL 15 server is
# started for the run (and stopped after it), exactly as for the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/test-services.sh
require_node_24

npm run --silent build
npx tsc -b apps/server/bench
if [ -z "${DATABASE_URL:-}" ]; then start_throwaway_postgres; fi
node apps/server/bench/dist/run.js
