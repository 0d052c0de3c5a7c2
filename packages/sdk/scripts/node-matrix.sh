#!/usr/bin/env bash
# Runs the SDK test suite on the lowest supported Node (22.12.0, the `engines` floor) and on the
# newest Node, besides the pinned Node 24 that every other script uses. Node 20 reached its end of
# life on 2026-04-30 and is not supported (docs/decisions.md). Each Node comes from the registry's
# `node` package through npx, so no `node` devDependency shadows the pinned binary.
set -euo pipefail
source "$(dirname "$0")/../../../scripts/quiet-npm.sh"
cd "$(dirname "$0")/../../.."
vitest="node_modules/vitest/vitest.mjs"
for version in 22.12.0 latest; do
  printf '\n\033[1m== SDK tests on node@%s\033[0m\n' "$version"
  npx -y -p "node@$version" -- node --version
  npx -y -p "node@$version" -- node "$vitest" run --project sdk
done
