#!/usr/bin/env bash
# `npm test`: everything CI checks, in order, stopping at the first failure.
#   lint → typecheck → unit and API tests on PGlite → API tests on PostgreSQL → build → bundle budget
#   → process tests → browser tests
# The PostgreSQL run uses TEST_DATABASE_URL, or the server on 127.0.0.1:5432; it creates and drops
# its own throwaway databases. Outside CI it is skipped, loudly, when no server answers.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "lint"
npx biome check .

step "typecheck"
npx tsc --noEmit

step "unit and API tests (PGlite)"
npx vitest run --project unit --project api

pg_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
pg_ok=""
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end(),()=>process.exit(1))" "$pg_url"; then
  pg_ok=1
  step "API tests (PostgreSQL at ${pg_url%%@*}@…)"
  TEST_DATABASE_URL="$pg_url" npx vitest run --project api
elif [ -n "${CI:-}" ]; then
  echo "No PostgreSQL server answers at $pg_url; CI needs one." >&2
  exit 1
else
  echo "!! SKIPPED: API tests on PostgreSQL (no server at $pg_url; set TEST_DATABASE_URL)" >&2
fi

step "build"
npm run build

step "bundle budget"
node scripts/check-bundle.mjs

step "process tests (the built shop as real server processes)"
if [ -n "$pg_ok" ]; then
  TEST_DATABASE_URL="$pg_url" npx vitest run --project process
else
  echo "!! SKIPPED: process tests on PostgreSQL (several processes, WEB_CONCURRENCY; no server at $pg_url)" >&2
  npx vitest run --project process tests/process/exposure.test.ts
fi

step "browser tests (Chromium)"
npx playwright test
