#!/usr/bin/env bash
# A newcomer's machine: clones this repository's committed HEAD into an empty temporary folder (no ../shared beside
# it, no node_modules, no data folder), installs it with the README's `npm install`, and runs the unit suite there.
# Every test must pass without ../shared (issue 17): a test that reads a file outside the repository fails here.
#
# Usage: scripts/bare-clone-test.sh [vitest paths...]   (default: packages apps/web apps/server, all of vitest)
# Prints how long the install and the tests took. .ci/run calls it after the normal run.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/regcheck-bare-XXXXXX")"
trap 'rm -rf "$work"' EXIT

if [ -e "$work/shared" ]; then
  echo "bare-clone-test: $work/shared exists; the clone would not be bare" >&2
  exit 1
fi
if [ "$#" -eq 0 ]; then set -- packages apps/web apps/server; fi

start=$SECONDS
git clone --quiet "$repo" "$work/regcheck"
cd "$work/regcheck"
echo "== bare clone of $(git rev-parse --short HEAD) in $work/regcheck (no ../shared)"
npm install --no-audit --no-fund --loglevel=error
installed=$SECONDS
echo "== npx vitest run $*"
# the clone's own settings only: no PostgreSQL run here (the main run covers it)
env -u TEST_DATABASE_URL -u DATABASE_URL -u DATA_DIR npx vitest run "$@"
echo "== bare clone passed: clone and install $((installed - start)) s, tests $((SECONDS - installed)) s"
