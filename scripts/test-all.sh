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
step "layers of every package: no import circles (type imports included), no upward import, each rule proven on a planted breach"
pnpm run check:imports
step "generated files are up to date (openapi.json, scenario.schema.json, control-openapi.json)"
pnpm run openapi:check
pnpm --filter @commflow/mock-server run scenario-schema:check
pnpm --filter @commflow/mock-server run control-openapi:check
step "openapi.json and control-openapi.json for generators: Redocly (recommended-strict), an openapi-typescript client, Prism over the mock"
pnpm run lint:openapi
pnpm --filter @commflow/contract run check:generated-client
pnpm run prism-check
step "a system Chromium for the SDK browser check"
bash scripts/ensure-chromium.sh
step "unit and integration tests"
results="$(mktemp -d)/vitest.json"
pnpm run test:unit --reporter=default --reporter=json --outputFile.json="$results"

step "performance ratio guards, each proven on a planted slowness: mock / bare node:http, SDK / ky a call, SDK / zod import"
pnpm run perf:guards

step "SDK suite on Node 22.12.0 (the engines floor) and the newest Node"
pnpm --filter @commflow/sdk run test:node-matrix
step "package checks (publint, attw, size-limit, the esbuild size of an app with { CommFlow })"
pnpm -r --filter './packages/*' --if-present run check:package
step "packed tarballs in a plain npm project: ESM, CommonJS and TypeScript consumers"
bash scripts/consumer-check.sh
step "conformance kit from its packed tarball: npx commflow-conformance against the standalone mock"
bash scripts/conformance-consumer-check.sh
step "release path: changeset publish to a local registry, npm install by name on Node 22.12 and 24, each fault caught"
bash scripts/release-check.sh
step "docs build (typedoc, warnings are errors; every TypeScript block of the READMEs and docs/ compiles)"
pnpm run docs
step "docs site in headless Chromium (links, pages, search)"
pnpm run docs:check
step "examples"
pnpm run examples
step "all green"
node -e 'const r = require(process.argv[1]); console.log(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`)' "$results"
