#!/usr/bin/env bash
# `npm test`: everything CI checks, in order, stopping at the first failure.
#   lint → typecheck → dependency rules → database types → build (and its output checked: no
#   warnings unless BUILD_VERBOSE) → bundle budget → unit and API tests on PGlite, then API tests on
#   PostgreSQL, the process tests running beside both → the benchmark's short form → browser tests
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

pg_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
pg_ok=""
if node -e "const c=new (require('pg').Client)({connectionString:process.argv[1]});c.connect().then(()=>c.end(),()=>process.exit(1))" "$pg_url"; then
  pg_ok=1
elif [ -n "${CI:-}" ]; then
  echo "No PostgreSQL server answers at $pg_url; CI needs one." >&2
  exit 1
fi

step "build (quiet: its summary line only, as a newcomer's npm start shows it)"
node scripts/check-build-output.mjs

step "bundle budget"
node scripts/check-bundle.mjs

# The process tests (the built shop as real server processes) spend most of their time waiting on
# the processes they started and on the schedules they watch: they run in the background through
# both API steps, which keep the two cores busy, and their output follows the API tests'.
process_log="$(mktemp)"
if [ -n "$pg_ok" ]; then
  TEST_DATABASE_URL="$pg_url" npx vitest run --project process >"$process_log" 2>&1 &
else
  echo "!! SKIPPED: process tests on PostgreSQL (several processes, WEB_CONCURRENCY; no server at $pg_url)" >&2
  npx vitest run --project process tests/process/exposure.test.ts >"$process_log" 2>&1 &
fi
process_pid=$!
trap 'kill "$process_pid" 2>/dev/null || true; summary' EXIT

step "unit and API tests (PGlite), beside the process tests"
# On the embedded database whatever the environment says: CI exports TEST_DATABASE_URL for the
# PostgreSQL steps below, and with it set this step would run on PostgreSQL too.
pglite_status=0
env -u TEST_DATABASE_URL npx vitest run --project unit --project api || pglite_status=$?

api_status=0
if [ "$pglite_status" -eq 0 ] && [ -n "$pg_ok" ]; then
  step "API tests (PostgreSQL at ${pg_url%%@*}@…), beside the process tests"
  TEST_DATABASE_URL="$pg_url" npx vitest run --project api || api_status=$?
elif [ -z "$pg_ok" ]; then
  echo "!! SKIPPED: API tests on PostgreSQL (no server at $pg_url; set TEST_DATABASE_URL)" >&2
fi

step "process tests (the built shop as real server processes): the rest of their run"
process_status=0
wait "$process_pid" || process_status=$?
trap summary EXIT
cat "$process_log"
rm -f "$process_log"
if [ "$pglite_status" -ne 0 ] || [ "$api_status" -ne 0 ] || [ "$process_status" -ne 0 ]; then
  echo "Failed: API tests on PGlite (exit $pglite_status), on PostgreSQL (exit $api_status), process tests (exit $process_status)" >&2
  exit 1
fi

step "benchmark, short form (npm run bench:quick)"
if [ -n "$pg_ok" ]; then
  TEST_DATABASE_URL="$pg_url" node --import tsx scripts/bench/run.mjs --quick
else
  echo "!! SKIPPED: the benchmark's short form (it runs on PostgreSQL; no server at $pg_url)" >&2
fi

step "browser tests (Chromium)"
npx playwright test
