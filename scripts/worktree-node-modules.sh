#!/usr/bin/env bash
# Gives a git worktree of this repository its own node_modules without a second install: every package of the main
# checkout's node_modules is linked, except the workspace packages (@regcheck/*), which point at the worktree's own
# apps and packages. A single link to the main checkout's node_modules would not do: @regcheck/shared would resolve to
# the main checkout's packages/shared, and a change to it in the worktree would be silently ignored by tests and types.
#
# Usage: scripts/worktree-node-modules.sh <worktree folder>   (run from the main checkout, after `npm install` there)
set -euo pipefail
main="$(cd "$(dirname "$0")/.." && pwd)"
wt="$(cd "$1" && pwd)"
cd "$wt"
[ -L node_modules ] && rm node_modules
mkdir -p node_modules
for e in "$main"/node_modules/* "$main"/node_modules/.bin; do
  n=$(basename "$e")
  [ "$n" = "@regcheck" ] && continue
  [ -e "node_modules/$n" ] || ln -s "$e" "node_modules/$n"
done
mkdir -p node_modules/@regcheck
for p in packages/screening apps/server packages/shared apps/web; do
  ln -sfn "../../$p" "node_modules/@regcheck/$(basename "$p")"
done
echo "node_modules of $wt: @regcheck/shared -> $(readlink -f node_modules/@regcheck/shared)"
