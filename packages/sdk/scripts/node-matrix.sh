#!/usr/bin/env bash
# Runs the SDK test suite on other Nodes than the pinned Node 24 that every other script uses: by
# default the lowest supported one (22.12.0, the `engines` floor) and the newest. Node 20 reached
# its end of life on 2026-04-30 and is not supported (docs/decisions.md). Each Node comes from the
# registry's `node` package through npx, so no `node` devDependency shadows the pinned binary.
#
#   bash scripts/node-matrix.sh                # 22.12.0, then the newest Node
#   bash scripts/node-matrix.sh 22.12.0        # one of them (CI runs the two as steps of their own)
set -euo pipefail
source "$(dirname "$0")/../../../scripts/quiet-npm.sh"
cd "$(dirname "$0")/../../.."
vitest="node_modules/vitest/vitest.mjs"
# What TypeScript and Chromium make of the SDK does not depend on the Node that runs the suite: the
# type tests, the files that ask the TypeScript compiler (hover text, type errors) and the one that
# drives Chromium run once, in the main suite on the pinned Node. Here they would only cost CPU.
node_agnostic=(--typecheck.enabled=false --exclude '**/hover.test.ts' --exclude '**/type-errors.test.ts'
  --exclude '**/browser.test.ts')
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(22.12.0 latest)
for version in "${versions[@]}"; do
  printf '\n\033[1m== SDK tests on node@%s\033[0m\n' "$version"
  npx -y -p "node@$version" -- node --version
  npx -y -p "node@$version" -- node "$vitest" run --root packages/sdk "${node_agnostic[@]}"
done
