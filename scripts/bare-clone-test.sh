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
if [ "$mode" = ci ]; then
  echo "== lint and types"
  npm run -s lint
  npm run -s typecheck
  stage_done "lint and types"
fi
if [ "$mode" = npm-test ] || [ "$mode" = ci ]; then
  echo "== npm test"
  mkdir -p "$repo/test-results"
  rm -rf "$repo/test-results/screens" "$repo/playwright-report"
  # the clone's own settings only: no PostgreSQL run here (.ci/run runs the server suite on PostgreSQL after)
  env -u TEST_DATABASE_URL -u DATABASE_URL -u DATA_DIR SCREENS_DIR="$repo/test-results/screens" npm test || status=$?
  # the browser report (traces of failed tests) is kept beside the screenshots, pass or fail
  if [ -d playwright-report ]; then cp -r playwright-report "$repo/playwright-report"; fi
  if [ "$status" -ne 0 ] && [ -d test-results ]; then
    mkdir -p "$repo/test-results/bare-clone"
    find test-results -maxdepth 1 -mindepth 1 ! -name screens -exec cp -r {} "$repo/test-results/bare-clone/" \;
  fi
  stage_done "npm test (unit, PGlite integration, browser)"
  if [ "$mode" = ci ] && [ "$status" -eq 0 ]; then
    if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
      echo "== integration tests on PostgreSQL"
      # the tests that start the server as a child process on its own data folder (kill -9, signals), read only the
      # source or read only files (the bulk-load spreadsheet reader) run the same whatever TEST_DATABASE_URL says:
      # the npm test above already ran them (the list is in package.json's test:postgres)
      npm run -s test:postgres || status=$?
      stage_done "server suite on PostgreSQL"
    else
      echo "== no PostgreSQL on 127.0.0.1:5432: skipping the PostgreSQL run"
    fi
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
