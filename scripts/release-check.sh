#!/usr/bin/env bash
# The release path as users get it: `changeset version` and `changeset publish` in a throwaway
# copy of the repository, to a local registry (verdaccio on 127.0.0.1, no uplinks, serving only
# @commflow/*), then `npm install @commflow/sdk @commflow/mock-server @commflow/conformance` by
# name in a plain npm project (only `@commflow:registry` points at the local registry; every other
# package comes from the usual one), on Node 22.12 (the engines floor: --engine-strict, and npm
# prints no warning) and on the pinned Node 24. That is the path users take, so every check of the
# packages as an app uses them runs there (the consumer programs: scripts/release-check/consumers.sh).
# On both Nodes it checks the published manifests and files (scripts/release-check/installed.mjs),
# runs an ESM and a CommonJS (require) consumer of the SDK against the mock in process while
# @opentelemetry/api (the SDK's optional peer) is absent, runs `npx commflow-mock --port 0`,
# `npx commflow-conformance` against it (every check passes, its JUnit report written, no key in
# either; a usage error and an unreachable target exit 2; the rules it cites ship with it), and
# the SDK against it with a webhook the mock delivers and the SDK verifies (tour.mjs). On Node 24,
# still without any optional peer: a tenant-handle consumer (a tenant's client, requests,
# overrides, a fork), and a browser app bundled by esbuild (the SDK's browser build, no __esm
# wrapper, at most 33 kB gzipped) run against the mock. Then, with the optional peers installed
# once: @commflow/sdk/otel traced into an in-memory exporter (ESM and CommonJS, on both Nodes);
# tsc, strict and with the libraries' declarations checked, over a module that imports every
# public subpath of the three packages and over typed consumers, under module nodenext (.ts, .mts,
# .cts) and moduleResolution bundler; and the typed remote-handle and tenant-handle consumers,
# compiled and run against a standalone mock over HTTP with jest's standalone `expect` and the
# shipped matchers.
#
# It also proves that it fails: once published, it runs itself twice more beside the consumers,
# on the same versioned, built copy, once with each fault planted (RELEASE_CHECK_BREAK, below),
# and expects each of them to fail with its message.
#
#   npx -y pnpm@10 run release:check
#   RELEASE_CHECK_BREAK=files npx -y pnpm@10 run release:check        # the SDK's "files" lacks dist/
#   RELEASE_CHECK_BREAK=unpublished npx -y pnpm@10 run release:check  # @commflow/contract not published
#
# RELEASE_CHECK_FROM=<copy> (test-only, used by the proofs) starts from a copy that an earlier run
# versioned and built, and publishes without lifecycle scripts, so a proof costs no build.
# Nothing outside the machine is reached but the npm registry, for the packages' dependencies.
set -euo pipefail
source "$(dirname "$0")/quiet-npm.sh"
source "$(dirname "$0")/release-check/consumers.sh"

repo="$(cd "$(dirname "$0")/.." && pwd)"
self="$repo/scripts/release-check.sh"
here="$repo/scripts/release-check"
fault="${RELEASE_CHECK_BREAK:-}"
from="${RELEASE_CHECK_FROM:-}"
case "$fault" in "" | files | unpublished) ;; *)
  echo "release check: RELEASE_CHECK_BREAK is 'files' or 'unpublished', not '$fault'" >&2
  exit 2
  ;;
esac

step() { printf '\n\033[1m== release check%s, %ss: %s\033[0m\n' "${fault:+ (fault planted: $fault)}" "$SECONDS" "$*"; }
fail() {
  printf 'release check: %s\n' "$*" >&2
  exit 1
}
command -v pnpm >/dev/null || fail "changeset publish runs pnpm: run this as npx -y pnpm@10 run release:check"

work="$(mktemp -d "${TMPDIR:-/tmp}/commflow-release-XXXXXX")"
registry_pid=""
mock_pid=""
proof_pids=""
stop() {
  if [ -n "$1" ]; then
    kill "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
  fi
}
cleanup() {
  for pid in $proof_pids; do stop "$pid"; done
  stop "$mock_pid"
  stop "$registry_pid"
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# wait_for_line <file> <pid> <what>: the first line of <file> once it starts with http://, while
# <pid> lives. Bounded by count, not by a clock: up to 600 looks.
wait_for_line() {
  local line=""
  for _ in $(seq 1 600); do
    line="$(head -n 1 "$1" 2>/dev/null || true)"
    case "$line" in http://*)
      printf '%s\n' "$line"
      return
      ;;
    esac
    kill -0 "$2" 2>/dev/null || break
    sleep 0.2
  done
  cat "$1" >&2
  fail "$3 printed no address"
}

copy="$work/repo"
if [ -z "$from" ]; then
  step "a throwaway copy of the repository (its files, the workspace's node_modules linked)"
  mkdir "$copy"
  (cd "$repo" && git ls-files -z --cached --others --exclude-standard |
    tar -cf - --null --ignore-failed-read -T - 2>/dev/null) | tar -xf - -C "$copy"
  # The packages' node_modules are trees of relative links into the root one: copied, they
  # resolve the copy's workspace packages and the workspace's installed dependencies.
  ln -s "$repo/node_modules" "$copy/node_modules"
  for dir in "$repo"/packages/*/; do cp -a "$dir/node_modules" "$copy/packages/$(basename "$dir")/"; done

  step "changeset version (the pending changesets, and one for every package so each version moves)"
  cat >"$copy/.changeset/release-check.md" <<'MD'
---
'@commflow/contract': patch
'@commflow/sdk': patch
'@commflow/mock-server': patch
'@commflow/conformance': patch
---

A release rehearsed by scripts/release-check.sh in a copy that is thrown away.
MD
  (cd "$copy" && node_modules/.bin/changeset version >"$work/version.log" 2>&1) ||
    {
      cat "$work/version.log" >&2
      fail "changeset version failed"
    }
  for pkg in contract sdk mock-server conformance; do
    printf '%s ' "$(cd "$copy/packages/$pkg" && node -p 'const p = require("./package.json"); `${p.name}@${p.version}`')"
  done
  echo
else
  step "a copy of $from (versioned and built by the run that started this one)"
  cp -a "$from" "$copy"
fi

# The `files` fault is planted in the copy, before the publish. The `unpublished` one after it,
# in the registry: changeset publish refuses a package that depends on one it skips (a private
# contract), so a contract left unpublished is one removed from the registry, as a skipped or
# failed publish of it would leave things.
if [ "$fault" = files ]; then
  node -e 'const fs = require("fs"); const file = process.argv[1]; const m = JSON.parse(fs.readFileSync(file, "utf8"));
    m.files = m.files.filter((entry) => entry !== "dist"); fs.writeFileSync(file, JSON.stringify(m, null, 2) + "\n");' \
    "$copy/packages/sdk/package.json"
fi

step "a local registry on 127.0.0.1 (verdaccio: no uplinks, a throwaway storage and user)"
# The Node binary itself: under pnpm, `node` is a shell shim whose child would outlive a kill.
"$(node -p process.execPath)" "$here/registry.mjs" "$work/registry" >"$work/registry.log" 2>&1 &
registry_pid=$!
for _ in $(seq 1 600); do
  [ -s "$work/registry/address" ] && break
  kill -0 "$registry_pid" 2>/dev/null || break
  sleep 0.2
done
[ -s "$work/registry/address" ] || {
  cat "$work/registry.log" >&2
  fail "the local registry did not start"
}
read -r registry token <"$work/registry/address"
echo "$registry"
# The scope alone goes to the local registry, with the token; the copy's pnpm and npm read this.
printf '@commflow:registry=%s\n%s:_authToken=%s\n' "$registry" "${registry#http:}" "$token" >"$copy/.npmrc"

# changeset publish's log without its spinner's frames, which a log that is no terminal keeps.
publish_log() { sed 's/\x1b\[1G\x1b\[J/\n/g; s/\x1b\[[0-9;?]*[A-Za-z]//g' "$work/publish.log" | grep -v 'Publishing packages'; }
if [ -z "$from" ]; then
  step "changeset publish to it (every package builds on prepack)"
  scripts=()
else
  step "changeset publish to it (the copy is built already: no lifecycle scripts)"
  scripts=(env npm_config_ignore_scripts=true)
fi
(cd "$copy" && "${scripts[@]}" node_modules/.bin/changeset publish --no-git-tag >"$work/publish.log" 2>&1) || {
  publish_log >&2
  fail "changeset publish failed"
}
publish_log | sed -n '/Successfully published/,$p'
if [ "$fault" = unpublished ]; then
  (cd "$copy" && npm unpublish --force --loglevel=error --registry "$registry" \
    "@commflow/contract@$(node -p 'require("./packages/contract/package.json").version')")
fi

tsc="$repo/node_modules/typescript/bin/tsc"
# What an app developer types; the packages come by name, their dependencies from npm's registry.
# On the floor Node, npm itself runs on it (npm's shebang finds the first node on PATH), so every
# engines check (ours, ky's, zod's, msw's…) sees 22.12, and npm must print no warning at all
# (Node 20 failed here, EBADENGINE: what app developers saw before issue 28).
install_by_name() {
  local loglevel=error
  [ "$1" != floor ] || loglevel=warn
  if ! npm install --engine-strict --no-audit --no-fund --loglevel="$loglevel" \
    @commflow/sdk @commflow/mock-server @commflow/conformance >"$work/install.log" 2>&1; then
    cat "$work/install.log" >&2
    missing="$(grep -oE "'@commflow/[^']*' (is not in this registry|could not be found)" "$work/install.log" |
      head -n 1 | cut -d"'" -f2)"
    [ -z "$missing" ] ||
      fail "npm install by name: $missing is not in the registry, and a published package depends on it (a dependency between the packages was left unpublished)"
    fail "npm install by name failed"
  fi
  if [ "$1" = floor ] && grep -qi 'warn' "$work/install.log"; then
    cat "$work/install.log" >&2
    fail "npm warned installing the packages on Node $(node --version) (--engine-strict)"
  fi
  cat "$work/install.log"
}

# node_consumers: the SDK against the mock in process, as ESM and through require(), on the Node
# first on PATH, while @opentelemetry/api (the SDK's optional peer) is not installed.
node_consumers() {
  step "Node $(node --version): ESM and CommonJS (require of the ESM build) consumers, @opentelemetry/api absent"
  [ ! -e node_modules/@opentelemetry/api ] ||
    fail "@opentelemetry/api was installed, so the consumers would not run without it"
  node esm.mjs || fail "the ESM consumer (esm.mjs) failed on Node $(node --version)"
  node cjs.cjs || fail "the CommonJS consumer (cjs.cjs) failed on Node $(node --version)"
}

# pinned_consumers: on the pinned Node, before any optional peer is installed, a tenant handle as
# an app's test uses it, and a browser app's bundle.
pinned_consumers() {
  step "Node $(node --version): tenant handle consumer (ESM): a tenant per test, its client, its requests, its overrides, a fork"
  node tenant.mjs || fail "the tenant handle consumer (tenant.mjs) failed"

  step "Node $(node --version): a browser app's bundle: esbuild resolves the SDK's browser build from the package, one graph"
  # The app as a browser bundler sees it (esbuild from the workspace; the project stays free of
  # it): `@commflow/sdk` through its `browser` condition, bundled whole. Then the bundle runs here,
  # on Node, against the mock in process: the browser build works from the package, not only from dist/.
  "$repo/packages/sdk/node_modules/.bin/esbuild" browser-app.mjs --bundle --minify --format=esm --platform=browser \
    --outfile=browser-bundle.mjs --log-level=warning || fail "esbuild could not bundle the browser app"
  ! grep -q '__esm(' browser-bundle.mjs ||
    fail "the browser bundle holds modules initialised later (__esm): it resolved the default build"
  node -e '
const size = require("node:zlib").gzipSync(require("node:fs").readFileSync("browser-bundle.mjs"), { level: 9 }).length;
console.log(`browser bundle: ${(size / 1000).toFixed(2)} kB min+gzip`);
if (size > 33000) { console.error("release check: the browser bundle is over the 33 kB of issue 28"); process.exit(1); }' ||
    exit 1
  node browser-run.mjs || fail "the browser bundle (browser-run.mjs) failed against the mock"
}

# consumer <label> <directory of the node binary>: the plain project and everything it runs.
consumer() {
  local app="$work/app-$1" saved_path="$PATH"
  PATH="$2:$PATH"
  step "Node $(node --version): npm install @commflow/sdk @commflow/mock-server @commflow/conformance, by name"
  mkdir "$app"
  cd "$app"
  printf '{ "name": "commflow-release-consumer", "private": true, "version": "1.0.0", "type": "module" }\n' >package.json
  printf '@commflow:registry=%s\n' "$registry" >.npmrc
  install_by_name "$1"
  node "$here/installed.mjs" --imports imports.ts
  write_consumers
  node_consumers
  [ "$1" != pinned ] || pinned_consumers

  step "Node $(node --version): npx commflow-mock --port 0, npx commflow-conformance against it"
  npx --no-install commflow-mock --port 0 >"$work/mock.log" 2>&1 &
  mock_pid=$!
  url="$(wait_for_line "$work/mock.log" "$mock_pid" "npx commflow-mock")"
  echo "$url"
  local keys
  keys="$(node --input-type=module -e 'import { DEMO_KEYS as k, DEMO_TENANTS as t } from "@commflow/mock-server";
    console.log(k.sandbox, k.live, k.usersOnly, t.sandbox, t.live)')"
  read -r api_key other_key restricted_key tenant other_tenant <<<"$keys"
  local checks
  checks="$(node --input-type=module -e 'const { CHECKS } = await import("@commflow/conformance"); console.log(CHECKS.length)')"
  [ "$checks" -gt 0 ] || fail "the published kit lists no checks"
  COMMFLOW_API_KEY="$api_key" COMMFLOW_OTHER_API_KEY="$other_key" COMMFLOW_RESTRICTED_API_KEY="$restricted_key" \
    npx --no-install commflow-conformance --base-url "$url" --tenant "$tenant" --other-tenant "$other_tenant" --sandbox \
    --user ann.lee@acme.test --user-without-extension dan.fox@acme.test --junit "$work/junit.xml" \
    >"$work/conformance.txt" 2>&1 || {
    cat "$work/conformance.txt" >&2
    fail "npx commflow-conformance failed against npx commflow-mock"
  }
  tail -n 1 "$work/conformance.txt"
  grep -q "^OK conformance of .*: $checks passed, 0 failed, 0 skipped\$" "$work/conformance.txt" ||
    fail "npx commflow-conformance: no summary line with all $checks checks passed"
  grep -q "<testsuites name=\"commflow-conformance\" tests=\"$checks\" failures=\"0\"" "$work/junit.xml" ||
    fail "npx commflow-conformance --junit wrote no report of $checks passed checks"
  for secret in "$api_key" "$other_key" "$restricted_key"; do
    ! grep -qF "$secret" "$work/conformance.txt" "$work/junit.xml" || fail "a key appears in the kit's output or report"
  done

  step "Node $(node --version): the kit's usage errors and an unreachable target exit 2, its rules ship with it"
  local code=0
  npx --no-install commflow-conformance --base-url "$url" --tenant acme --user ann.lee@acme.test \
    >"$work/usage.txt" 2>&1 || code=$?
  [ "$code" -eq 2 ] || fail "a usage error of npx commflow-conformance exited $code, not 2: $(cat "$work/usage.txt")"
  code=0
  npx --no-install commflow-conformance --base-url http://127.0.0.1:9 --tenant "$tenant" --user ann.lee@acme.test \
    >"$work/unreachable.txt" 2>&1 || code=$?
  [ "$code" -eq 2 ] || fail "an unreachable target exited $code, not 2: $(cat "$work/unreachable.txt")"
  [ "$(wc -l <"$work/unreachable.txt")" -eq 1 ] || fail "an unreachable target printed more than one line"
  cat "$work/unreachable.txt"
  local rules="$app/node_modules/@commflow/conformance/RULES.md" page
  grep -q '^### R33$' "$rules" || fail "the published kit has no RULES.md with rule R33"
  page="$(node --input-type=module -e 'const { RULES_PAGE } = await import("@commflow/conformance"); console.log(RULES_PAGE)')"
  [ "$page" = "$(cd "$(dirname "$rules")" && pwd)/RULES.md" ] || fail "RULES_PAGE is $page, not the shipped RULES.md"

  step "Node $(node --version): the SDK against it, and a delivered webhook verified with @commflow/sdk/webhooks"
  cp "$here/tour.mjs" .
  node tour.mjs "$url"
  stop "$mock_pid"
  mock_pid=""
  PATH="$saved_path"
}

# The lowest supported Node (engines: >=22.12.0), from the registry's `node` package as
# packages/sdk/scripts/node-matrix.sh gets it, and the workspace's pinned Node 24.
floor_node="$(dirname "$(npx -y -p node@22.12.0 -- node -p process.execPath)")"
pinned_node="$repo/node_modules/node/bin"

# The proofs start now, on the copy as published, and run beside the consumers below: this run
# plants each fault in a run of its own (a copy of the copy, a registry of its own) and expects
# it to fail with its message.
declare -A proof_pid expected
if [ -z "$fault" ] && [ -z "$from" ]; then
  expected=([files]="lacks dist/" [unpublished]="was left unpublished")
  for planted in files unpublished; do
    RELEASE_CHECK_BREAK="$planted" RELEASE_CHECK_FROM="$copy" bash "$self" >"$work/proof-$planted.log" 2>&1 &
    proof_pid[$planted]=$!
    proof_pids+=" $!"
  done
fi

consumer floor "$floor_node"
consumer pinned "$pinned_node"

cd "$work/app-pinned"
step "the optional peers installed (msw, vitest, expect, @playwright/test, @opentelemetry/api and its SDK, @types/node)"
# One install for everything below: @commflow/sdk/otel's peer and the tracing SDK its consumers
# use; the matchers' and the Playwright fixture's peers; Node's types (the remote consumer starts
# its mock with @commflow/mock-server/node, whose types name node:http).
PATH="$pinned_node:$PATH" npm install --no-audit --no-fund --ignore-scripts --loglevel=error \
  "msw@^3" "vitest@^5" "expect@^30" "@playwright/test@^1.50" "@types/node@^24" \
  "@opentelemetry/api@^1.9" "@opentelemetry/sdk-trace-base@^2.12" "@opentelemetry/core@^2"

# A call traced into an in-memory exporter, on both Nodes (the packages installed once, here).
for dir in "$pinned_node" "$floor_node"; do
  step "Node $("$dir/node" --version): @commflow/sdk/otel, ESM and CommonJS (require)"
  "$dir/node" otel.mjs || fail "the OpenTelemetry consumer (otel.mjs) failed on Node $("$dir/node" --version)"
  "$dir/node" otel.cjs || fail "the OpenTelemetry consumer (otel.cjs) failed on Node $("$dir/node" --version)"
done

step "tsc: every public subpath and the TypeScript consumers, module nodenext and moduleResolution bundler"
# tsconfig <name> <module> <moduleResolution> <emit> <file>…: strict, the libraries' declarations
# checked too (skipLibCheck false: an extensionless import in a .d.ts breaks under nodenext).
# The nodenext program emits to out/, for the remote and tenant consumers to run.
tsconfig() {
  local name="$1" module="$2" resolution="$3" emit
  emit="$([ "$4" = emit ] && printf '"outDir": "out", "rootDir": "."' || printf '"noEmit": true')"
  shift 4
  printf '{ "compilerOptions": { "module": "%s", "moduleResolution": "%s", "target": "es2023",
  "lib": ["es2023", "dom"], "types": ["node"], "strict": true, "skipLibCheck": false,
  "resolveJsonModule": true, %s }, "files": [%s] }\n' "$module" "$resolution" "$emit" \
    "$(printf '"%s",' "$@" | sed 's/,$//')" >"tsconfig.$name.json"
}
tsconfig nodenext nodenext nodenext emit imports.ts esm.mts cjs.cts remote.mts tenant.mts
tsconfig bundler esnext bundler no-emit imports.ts app.ts
node "$tsc" -p tsconfig.nodenext.json ||
  fail "imports.ts or a TypeScript consumer (esm.mts, cjs.cts, remote.mts, tenant.mts) does not compile under tsconfig.nodenext.json"
node "$tsc" -p tsconfig.bundler.json || fail "imports.ts or app.ts does not compile under tsconfig.bundler.json"
grep -c '^import' imports.ts | xargs printf '%s subpaths compiled, under each\n'

step "remote handle consumer (strict tsc, no casts) run against a standalone mock over HTTP"
node out/remote.mjs || fail "the remote handle consumer (remote.mts) failed"
step "tenant handle consumer (TypeScript): in process and remote"
node out/tenant.mjs || fail "the typed tenant handle consumer (tenant.mts) failed"

if [ ${#proof_pid[@]} -gt 0 ]; then
  step "proof: each planted fault made this check fail, with its message"
  for planted in "${!proof_pid[@]}"; do
    if wait "${proof_pid[$planted]}"; then
      cat "$work/proof-$planted.log" >&2
      fail "with RELEASE_CHECK_BREAK=$planted the check passed"
    fi
    grep -q "${expected[$planted]}" "$work/proof-$planted.log" || {
      cat "$work/proof-$planted.log" >&2
      fail "with RELEASE_CHECK_BREAK=$planted the check failed without saying '${expected[$planted]}'"
    }
    printf 'RELEASE_CHECK_BREAK=%s: %s\n' "$planted" "$(grep -m 1 "${expected[$planted]}" "$work/proof-$planted.log")"
  done
fi
step "passed in ${SECONDS}s"
