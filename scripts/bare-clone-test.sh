#!/usr/bin/env bash
# A newcomer's machine: clones this repository's committed HEAD into an empty temporary folder (no ../shared beside
# it, no node_modules, no data folder, no web build), installs it with the README's `npm install`, and runs the tests
# there. Every test must pass without ../shared (issue 17): a test that reads a file outside the repository fails here.
#
# Usage: scripts/bare-clone-test.sh [vitest paths...]   the unit suite (default: all of vitest)
#        scripts/bare-clone-test.sh --npm-test           the README's `npm test` (unit and browser tests); the
#                                                        screenshots of the screens harness land in this checkout's
#                                                        test-results/screens, the browser report in playwright-report
# Prints how long the install and the tests took. .ci/run calls it with --npm-test: the one run of the whole suite.
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
if [ "$#" -eq 0 ]; then set -- packages apps/web apps/server; fi

start=$SECONDS
git clone --quiet "$repo" "$work/regcheck"
cd "$work/regcheck"
echo "== bare clone of $(git rev-parse --short HEAD) in $work/regcheck (no ../shared)"
npm install --no-audit --no-fund --loglevel=error
installed=$SECONDS
status=0
if [ "$mode" = npm-test ]; then
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
else
  echo "== npx vitest run $*"
  env -u TEST_DATABASE_URL -u DATABASE_URL -u DATA_DIR npx vitest run "$@" || status=$?
fi
if [ "$status" -ne 0 ]; then
  echo "== bare clone FAILED (exit $status) after $((SECONDS - installed)) s of tests" >&2
  exit "$status"
fi
echo "== bare clone passed: clone and install $((installed - start)) s, tests $((SECONDS - installed)) s"
