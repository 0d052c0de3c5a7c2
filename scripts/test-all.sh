#!/usr/bin/env bash
# The whole test suite: what `pnpm test` and CI run. Any failing step fails the run.
# pnpm runs this with node_modules/.bin first on PATH, so `node` here is the pinned Node 24.
set -euo pipefail

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Node $(node -v), pnpm $(pnpm -v)"
step build
pnpm run build
step "lint (eslint + prettier)"
pnpm run lint
step typecheck
pnpm run typecheck
step "openapi.json is up to date"
pnpm run openapi:check
step "unit and integration tests"
pnpm run test:unit
step "package checks"
pnpm -r --filter './packages/*' --if-present run check:package
step "docs build (typedoc, warnings are errors)"
pnpm run docs
step "examples"
pnpm run examples
step "all green"
