#!/usr/bin/env bash
# `npm test`: everything CI checks, in order, stopping at the first failure.
#   lint → typecheck → dependency rules → database types → unit and API tests on PGlite → API tests on PostgreSQL → build (and its output
#   checked: no warnings unless BUILD_VERBOSE) → bundle budget → process tests
#   → the benchmark's short form → browser tests
# Each step prints how long it took, and the whole run ends with the list.
# The PostgreSQL run uses TEST_DATABASE_URL, or the server on 127.0.0.1:5432; it creates and drops
# its own throwaway databases. Outside CI it is skipped, loudly, when no server answers.
set -euo pipefail
cd "$(dirname "$0")/.."

timings=()
step_name=""
step_started=$SECONDS
end_step() {
  if [ -n "$step_name" ]; then timings+=("$(printf '%4ss  %s' $((SECONDS - step_started)) "$step_name")"); fi
}
step() {
  end_step
  step_name="$*"
  step_started=$SECONDS
  printf '\n\033[1m== %s\033[0m\n' "$*"
}
summary() {
  end_step
  printf '\n\033[1m== time per step\033[0m\n'
  printf '%s\n' "${timings[@]}"
  printf '%4ss  in all\n' "$SECONDS"
}
trap summary EXIT

step "lint"
npx biome check .

step "typecheck"
npx tsc --noEmit

step "dependency rules (no import cycles; the platform imports no feature)"
npx depcruise src --config .dependency-cruiser.cjs --output-type err

step "database types match the migrations (npm run db:types)"
npx tsx src/server/scripts/db-types.ts --verify

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

step "build (quiet: its summary line only, as a newcomer's npm start shows it)"
node scripts/check-build-output.mjs

step "bundle budget"
node scripts/check-bundle.mjs

step "process tests (the built shop as real server processes)"
if [ -n "$pg_ok" ]; then
  TEST_DATABASE_URL="$pg_url" npx vitest run --project process
else
  echo "!! SKIPPED: process tests on PostgreSQL (several processes, WEB_CONCURRENCY; no server at $pg_url)" >&2
  npx vitest run --project process tests/process/exposure.test.ts
fi

step "benchmark, short form (npm run bench:quick)"
if [ -n "$pg_ok" ]; then
  TEST_DATABASE_URL="$pg_url" node --import tsx scripts/bench/run.mjs --quick
else
  echo "!! SKIPPED: the benchmark's short form (it runs on PostgreSQL; no server at $pg_url)" >&2
fi

step "browser tests (Chromium)"
npx playwright test
