#!/usr/bin/env bash
# `npm test`: every check and every test. Lint, types, unit and route tests (on PGlite and on a
# real PostgreSQL server), the production build, then the browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/test-services.sh
require_node_24
echo "Node $(node --version)"

npm run --silent lint
npm run --silent typecheck

ensure_chromium
ensure_dovecot
if [ -z "${DATABASE_URL:-}" ]; then start_throwaway_postgres; fi

npx vitest run
npm run --silent build
npx playwright test
