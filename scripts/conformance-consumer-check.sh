#!/usr/bin/env bash
# The conformance kit as a user installs it: the packed tarballs of @commflow/conformance and
# @commflow/contract, installed with npm into a plain project in a temporary directory outside
# the workspace (no pnpm, no workspace links, no "source" condition). Its CLI then runs there with
# npx against the standalone mock (the workspace's build, on 127.0.0.1, a free port): every check
# must pass (exit 0), on the pinned Node and on the lowest supported Node of each line; a usage
# error must exit 2; the JUnit file must be written; no key may appear in the output.
# Run after `pnpm run build`. npm fetches ajv and ajv-formats from the registry.
set -euo pipefail
source "$(dirname "$0")/quiet-npm.sh"

repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/commflow-conformance-XXXXXX")"
mock_pid=""
cleanup() {
  if [ -n "$mock_pid" ]; then kill "$mock_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
oldest_nodes=("22.12.0")
# The demo scenario's public test keys (docs/guides/scenario.md), passed as the CLI's users would.
export COMMFLOW_API_KEY="cf_demo_sandbox_000000000000000000000000"
export COMMFLOW_OTHER_API_KEY="cf_demo_live_000000000000000000000000000"
export COMMFLOW_RESTRICTED_API_KEY="cf_demo_users_only_000000000000000000000"

step() { printf '\n\033[1m== conformance consumer check: %s\033[0m\n' "$*"; }
fail() {
  printf 'conformance consumer check: %s\n' "$*" >&2
  exit 1
}

step "pack"
# Lifecycle scripts off: the suite built every package already, and prepack would build it again.
for pkg in contract conformance; do
  (cd "$repo/packages/$pkg" && npx -y pnpm@10 pack --config.ignore-scripts=true --pack-destination "$work" >/dev/null)
done
contract="$(cd "$work" && ls commflow-contract-*.tgz)"
kit="$(cd "$work" && ls commflow-conformance-*.tgz)"
ls "$work"

step "npm install into a plain project"
mkdir "$work/app"
cd "$work/app"
cat >package.json <<JSON
{
  "name": "commflow-conformance-consumer",
  "private": true,
  "version": "1.0.0",
  "dependencies": {
    "@commflow/conformance": "file:../$kit",
    "@commflow/contract": "file:../$contract"
  },
  "overrides": { "@commflow/contract": "file:../$contract" }
}
JSON
npm install --no-audit --no-fund --ignore-scripts --loglevel=warn 2>"$work/install.log"
if [ -s "$work/install.log" ]; then
  cat "$work/install.log" >&2
  fail "npm install printed warnings"
fi

step "the standalone mock on 127.0.0.1"
node "$repo/packages/mock-server/bin/commflow-mock.js" --port 0 >"$work/mock.log" 2>&1 &
mock_pid=$!
base_url=""
# Bounded by count, not a wall-clock budget: up to 600 looks, a loaded machine gets them all.
for _ in $(seq 1 600); do
  base_url="$(head -n 1 "$work/mock.log" 2>/dev/null || true)"
  case "$base_url" in http://*) break ;; esac
  kill -0 "$mock_pid" 2>/dev/null || { cat "$work/mock.log" >&2; fail "the mock exited"; }
  sleep 0.2
done
case "$base_url" in http://*) ;; *) fail "the mock printed no base URL" ;; esac
echo "$base_url"

args=(--base-url "$base_url" --tenant 11111111-1111-4111-8111-111111111111 --user ann.lee@acme.test
  --user-without-extension dan.fox@acme.test --other-tenant 22222222-2222-4222-8222-222222222222 --sandbox)

no_secret() {
  for secret in "$COMMFLOW_API_KEY" "$COMMFLOW_OTHER_API_KEY" "$COMMFLOW_RESTRICTED_API_KEY"; do
    if grep -qF "$secret" "$1"; then fail "$1 contains a key"; fi
  done
}

# How many checks the packed kit has: every one must pass against the mock, whatever the count.
checks="$(cd "$work/app" && node --input-type=module -e 'const { CHECKS } = await import("@commflow/conformance"); console.log(CHECKS.length)')"
[ "$checks" -gt 0 ] || fail "the packed kit lists no checks"

step "npx commflow-conformance against the mock (all $checks checks), on $(node --version)"
set +e
npx --no-install commflow-conformance "${args[@]}" --junit "$work/junit.xml" >"$work/run.txt" 2>&1
code=$?
set -e
cat "$work/run.txt"
[ "$code" -eq 0 ] || fail "commflow-conformance exited $code, not 0"
grep -q "^OK conformance of .*: $checks passed, 0 failed, 0 skipped\$" "$work/run.txt" || fail "no all-passed summary line"
grep -q "<testsuites name=\"commflow-conformance\" tests=\"$checks\" failures=\"0\"" "$work/junit.xml" || fail "no JUnit report"
no_secret "$work/run.txt"
no_secret "$work/junit.xml"

step "a usage error exits 2"
set +e
npx --no-install commflow-conformance --base-url "$base_url" --tenant acme --user ann.lee@acme.test >"$work/usage.txt" 2>&1
code=$?
set -e
cat "$work/usage.txt"
[ "$code" -eq 2 ] || fail "a usage error exited $code, not 2"

step "the rules the checks cite ship with the kit, and the report points there"
rules="$work/app/node_modules/@commflow/conformance/RULES.md"
[ -f "$rules" ] || fail "the packed kit has no RULES.md"
grep -q '^### R33$' "$rules" || fail "RULES.md has no rule R33"
page="$(cd "$work/app" && node --input-type=module -e 'const { RULES_PAGE } = await import("@commflow/conformance"); console.log(RULES_PAGE)')"
[ "$page" = "$(cd "$(dirname "$rules")" && pwd)/RULES.md" ] || fail "RULES_PAGE is $page, not the shipped RULES.md"

step "an unreachable target: one message, exit 2"
set +e
npx --no-install commflow-conformance --base-url http://127.0.0.1:9 --tenant 11111111-1111-4111-8111-111111111111 \
  --user ann.lee@acme.test >"$work/unreachable.txt" 2>&1
code=$?
set -e
cat "$work/unreachable.txt"
[ "$code" -eq 2 ] || fail "an unreachable target exited $code, not 2"
[ "$(wc -l <"$work/unreachable.txt")" -eq 1 ] || fail "an unreachable target printed more than one line"

for version in "${oldest_nodes[@]}"; do
  step "the CLI on Node $version"
  npx -y -p "node@$version" -- node node_modules/@commflow/conformance/bin/commflow-conformance.js "${args[@]}" \
    --json >"$work/run-$version.json"
  node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); if (!r.ok || r.totals.passed !== Number(process.argv[2])) { console.error(r.totals); process.exit(1); } console.log("ok", JSON.stringify(r.totals));' \
    "$work/run-$version.json" "$checks"
  no_secret "$work/run-$version.json"
done

step "conformance consumer check passed"
