#!/usr/bin/env bash
# `npm run test:soak`: the long forms of the hostile suite, after `npm run build`:
#   soak, crashes and races (real server processes on PostgreSQL)
#   → bad input, malformed ids and access matrix on PGlite → the same on PostgreSQL
# SOAK_SECONDS, CRASH_RUNS, RACE_RUNS and HOSTILE_RUNS shorten or lengthen each; the PostgreSQL
# server is TEST_DATABASE_URL's, or the one on 127.0.0.1:5432 (throwaway databases only).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

pg_url="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export SOAK_SECONDS="${SOAK_SECONDS:-300}" CRASH_RUNS="${CRASH_RUNS:-10}" RACE_RUNS="${RACE_RUNS:-30}"
export HOSTILE_RUNS="${HOSTILE_RUNS:-100}"

step "soak ${SOAK_SECONDS} s, ${CRASH_RUNS} crashes, ${RACE_RUNS} race runs (PostgreSQL)"
TEST_DATABASE_URL="$pg_url" npx vitest run --project process \
  tests/process/soak.test.ts tests/process/crash.test.ts tests/process/races.test.ts

step "hostile input, ${HOSTILE_RUNS} runs per route and role (PGlite)"
env -u TEST_DATABASE_URL npx vitest run --project api tests/hostile

step "hostile input, ${HOSTILE_RUNS} runs per route and role (PostgreSQL)"
TEST_DATABASE_URL="$pg_url" npx vitest run --project api tests/hostile
