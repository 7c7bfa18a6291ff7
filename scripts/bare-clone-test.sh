#!/usr/bin/env bash
# A newcomer's machine: clones this repository's committed HEAD into an empty temporary folder (no ../shared beside
# it, no node_modules, no data folder, no web build), installs it with the README's `npm install`, and runs the tests
# there. Every test must pass without ../shared (issue 17): a test that reads a file outside the repository fails here.
#
# Usage: scripts/bare-clone-test.sh [vitest paths...]   the unit suite (default: all of vitest)
#        scripts/bare-clone-test.sh --npm-test           the README's `npm test` (unit and browser tests); the
#                                                        screenshots of the screens harness land in this checkout's
#                                                        test-results/screens, the browser report in playwright-report
#        scripts/bare-clone-test.sh --ci                 what .ci/run runs, with one install: lint and types, the
#                                                        README's `npm test`, then (when PostgreSQL answers on
#                                                        127.0.0.1:5432) the server suite on PostgreSQL, all in the clone
# Prints how long the install and each stage took.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/regcheck-bare-XXXXXX")"
trap 'rm -rf "$work"' EXIT

if [ -e "$work/shared" ]; then
  echo "bare-clone-test: $work/shared exists; the clone would not be bare" >&2
  exit 1
fi
mode=vitest
if [ "${1:-}" = "--npm-test" ]; then mode=npm-test; shift; fi
if [ "${1:-}" = "--ci" ]; then mode=ci; shift; fi
if [ "$#" -eq 0 ]; then set -- packages apps/web apps/server; fi

start=$SECONDS
git clone --quiet "$repo" "$work/regcheck"
cd "$work/regcheck"
echo "== bare clone of $(git rev-parse --short HEAD) in $work/regcheck (no ../shared)"
npm install --no-audit --no-fund --loglevel=error
installed=$SECONDS
echo "== clone and install: $((installed - start)) s"
status=0
stage_start=$SECONDS
stage_done() {
  echo "== $1: $((SECONDS - stage_start)) s"
  stage_start=$SECONDS
}
pg_answers() { (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }
bg_pid=""
if [ "$mode" = ci ]; then
  echo "== lint"
  npm run -s lint
  stage_done "lint"
  # The types and the server suite on PostgreSQL run beside npm test at the lowest CPU priority (the idle scheduling
  # class, SCHED_IDLE, where chrt is there, and nice 19): they take the time the browser tests leave idle (about a
  # fifth of the two cores, waiting on pages and the server) instead of running after them, and npm test keeps the
  # cores whenever it wants them (decision 312). Their output is printed after npm test.
  # The tests that start the server as a child process on its own data folder (kill -9, signals), read only the
  # source or read only files (the bulk-load spreadsheet reader) run the same whatever TEST_DATABASE_URL says: npm
  # test runs them (the list is in package.json's test:postgres).
  low="nice -n 19"
  if command -v chrt >/dev/null 2>&1 && chrt --idle 0 true 2>/dev/null; then low="chrt --idle 0 nice -n 19"; fi
  (
    # each part runs and says how long it took; the background fails when either failed
    failed=0
    part() {
      local name=$1 log=$2 t=$SECONDS
      shift 2
      if $low "$@" > "$work/$log" 2>&1; then
        echo "$name: $((SECONDS - t)) s (beside npm test, $low)"
      else
        echo "$name FAILED after $((SECONDS - t)) s"
        failed=1
      fi
    }
    part types types.log npm run -s typecheck
    if pg_answers; then
      part "server suite on PostgreSQL" postgres.log npm run -s test:postgres
    else
      echo "no PostgreSQL on 127.0.0.1:5432: no PostgreSQL run"
    fi
    exit "$failed"
  ) > "$work/background.log" 2>&1 &
  bg_pid=$!
fi
if [ "$mode" = npm-test ] || [ "$mode" = ci ]; then
  echo "== npm test"
  mkdir -p "$repo/test-results"
  rm -rf "$repo/test-results/screens" "$repo/playwright-report"
  # the clone's own settings only: npm test runs on the embedded database (the PostgreSQL run is the one beside it)
  env -u TEST_DATABASE_URL -u DATABASE_URL -u DATA_DIR SCREENS_DIR="$repo/test-results/screens" npm test || status=$?
  # the browser report (traces of failed tests) is kept beside the screenshots, pass or fail
  if [ -d playwright-report ]; then cp -r playwright-report "$repo/playwright-report"; fi
  if [ "$status" -ne 0 ] && [ -d test-results ]; then
    mkdir -p "$repo/test-results/bare-clone"
    find test-results -maxdepth 1 -mindepth 1 ! -name screens -exec cp -r {} "$repo/test-results/bare-clone/" \;
  fi
  stage_done "npm test (unit, PGlite integration, browser)"
  if [ -n "$bg_pid" ]; then
    bg_status=0
    wait "$bg_pid" || bg_status=$?
    echo "== types (tsc) beside npm test"
    cat "$work/types.log"
    if [ -f "$work/postgres.log" ]; then
      echo "== integration tests on PostgreSQL (the server suite), beside npm test"
      cat "$work/postgres.log"
    fi
    cat "$work/background.log"
    if [ "$bg_status" -ne 0 ] && [ "$status" -eq 0 ]; then status=$bg_status; fi
    stage_done "waiting for the types and the PostgreSQL run after npm test"
  fi
else
  echo "== npx vitest run $*"
  env -u TEST_DATABASE_URL -u DATABASE_URL -u DATA_DIR npx vitest run "$@" || status=$?
fi
if [ "$status" -ne 0 ]; then
  echo "== bare clone FAILED (exit $status) after $((SECONDS - installed)) s of tests" >&2
  exit "$status"
fi
echo "== bare clone passed: clone and install $((installed - start)) s, tests $((SECONDS - installed)) s"
