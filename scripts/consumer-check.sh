#!/usr/bin/env bash
# The packages as an app developer installs them: the packed tarballs of the contract, the SDK
# and the mock server, installed with npm into a plain project in a temporary directory outside
# the workspace (no pnpm, no workspace links, no "source" condition), then used by
#   - an ESM consumer and a CommonJS consumer (require() of the ESM build), each calling the mock
#     in-process through the SDK, on the pinned Node and on the lowest supported
#     Node (22.12, where require(esm) needs no flag), while @opentelemetry/api (the
#     SDK's optional peer) is not installed;
#   - then, with @opentelemetry/api and its SDK installed, an ESM and a CommonJS consumer of
#     @commflow/sdk/otel that trace a call into an in-memory exporter;
#   - TypeScript consumers compiled with `module: nodenext` (an .mts and a .cts file) and with
#     `moduleResolution: bundler` (tsc --noEmit, strict, library types checked);
#   - a tenant-handle consumer in ESM (in process) and in TypeScript (strict tsc, in process and
#     remote): a tenant created, its client's call in its own requests() and no other tenant's, an
#     override added through mock.tenant(id) answering only it, a filter by a misspelt tenant id
#     refused, and a tenant snapshot forked into a new tenant its old key does not open;
#   - a remote-handle consumer (@commflow/mock-server/remote), compiled under strict tsc with no
#     casts and then run: a standalone mock over HTTP on 127.0.0.1, a tenant created, its clock
#     advanced, the typed journal read, a snapshot restored, and `await expect(remote)
#     .toHaveReceived(…)` passing with jest's standalone `expect` and the shipped matcher types
#     (@commflow/mock-server/jest's declaration), the ./playwright entry's types checked too.
# Run after `pnpm run build`. npm fetches ky, zod and the mock's dependencies from the registry.
set -euo pipefail
source "$(dirname "$0")/quiet-npm.sh"

repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/commflow-consumer-XXXXXX")"
trap 'rm -rf "$work"' EXIT
# The lowest supported Node ("engines": >=22.12.0; Node 20 reached its end of life on 2026-04-30).
oldest_nodes=("22.12.0")

step() { printf '\n\033[1m== consumer check: %s\033[0m\n' "$*"; }

step "pack"
# Lifecycle scripts off: the suite built every package already, and prepack would build it again.
for pkg in contract sdk mock-server; do
  (cd "$repo/packages/$pkg" && npx -y pnpm@10 pack --config.ignore-scripts=true --pack-destination "$work" >/dev/null)
done
contract="$(cd "$work" && ls commflow-contract-*.tgz)"
sdk="$(cd "$work" && ls commflow-sdk-*.tgz)"
mock="$(cd "$work" && ls commflow-mock-server-*.tgz)"
ls "$work"

# A plain app's package.json in directory $1, named $2, depending on the three packed tarballs.
# The override makes the SDK's and the mock's dependency on the contract use the packed one
# rather than the registry's.
app_package() {
  cat >"$1/package.json" <<JSON
{
  "name": "$2",
  "private": true,
  "version": "1.0.0",
  "dependencies": {
    "@commflow/contract": "file:../$contract",
    "@commflow/sdk": "file:../$sdk",
    "@commflow/mock-server": "file:../$mock"
  },
  "overrides": { "@commflow/contract": "file:../$contract" }
}
JSON
}

for floor in "${oldest_nodes[@]}"; do
  step "npm install on Node $floor (the engines floor), --engine-strict: no warning"
  # npm's own CLI run by that Node, so every engines check (ours, ky's, zod's, msw's…) sees it.
  # Node 20 fails here (EBADENGINE, notsup): what app developers saw before issue 28.
  mkdir "$work/floor-$floor"
  app_package "$work/floor-$floor" commflow-floor
  npm_cli="$(readlink -f "$(command -v npm)")"
  log="$(cd "$work/floor-$floor" && npx -y -p "node@$floor" -- node "$npm_cli" install --engine-strict \
    --no-audit --no-fund --ignore-scripts --loglevel=warn 2>&1)" || {
    printf '%s\n' "$log" >&2
    exit 1
  }
  if grep -qi 'warn' <<<"$log"; then
    printf 'npm warned on Node %s:\n%s\n' "$floor" "$log" >&2
    exit 1
  fi
  printf '%s\n' "$log"
done

step "npm install into a plain project"
mkdir "$work/app"
cd "$work/app"
app_package . commflow-consumer
npm install --no-audit --no-fund --ignore-scripts --loglevel=error
# TypeScript from the workspace: the consumer project stays free of it, and no second download.
tsc="$repo/node_modules/typescript/bin/tsc"

# What every consumer does: calls through the SDK to the mock in-process, a typed error, a
# validation message, a list walk, and a webhook verified with the subpath export.
body='
const mock = createMock("demo");
const client = new CommFlow({ apiKey: DEMO_KEYS.sandbox, tenantId: DEMO_TENANTS.sandbox, baseUrl: "http://commflow.mock", fetch: mock.fetch });
const ann = client.withUser("ann.lee@acme.test");
const contact = await ann.contacts.create({ firstName: "Packed", phoneMobile: "+14155550142" });
let walked = 0;
for await (const c of client.contacts.list({ limit: 2 })) walked += c.id ? 1 : 0;
let notFound = "";
try { await client.ai.agents.get("3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e31"); } catch (err) { notFound = err instanceof NotFoundError ? String(err.code) : String(err); }
let invalid = "";
try { await ann.contacts.create({ firstName: "Ann", phoneMobile: "555" }); } catch (err) { invalid = err instanceof ValidationError ? err.message : String(err); }
const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const payload = JSON.stringify({ id: crypto.randomUUID(), type: "contact.changed", timestamp: new Date().toISOString(), tenantId: DEMO_TENANTS.sandbox, data: { change: "created", contact } });
const event = await verifyWebhook({ payload, headers: await signWebhook({ payload, secret }), secret });
const report = { created: contact.firstName, walked: walked > 0, notFound, invalid, event: event.type };
const expected = { created: "Packed", walked: true, notFound: "NOT_FOUND", invalid: "Invalid arguments for contacts.create: body.phoneMobile: Invalid E.164 number", event: "contact.changed" };
if (JSON.stringify(report) !== JSON.stringify(expected)) throw new Error("unexpected: " + JSON.stringify(report));
console.log("ok", JSON.stringify(report));
'

cat >esm.mjs <<JS
import { CommFlow, NotFoundError, ValidationError } from '@commflow/sdk';
import { signWebhook, verifyWebhook } from '@commflow/sdk/webhooks';
import { createMock, DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';
$body
JS

cat >cjs.cjs <<JS
const { CommFlow, NotFoundError, ValidationError } = require('@commflow/sdk');
const { signWebhook, verifyWebhook } = require('@commflow/sdk/webhooks');
const { createMock, DEMO_KEYS, DEMO_TENANTS } = require('@commflow/mock-server');
(async () => {
$body
})().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
JS

for runtime in "pinned" "${oldest_nodes[@]}"; do
  if [ "$runtime" = "pinned" ]; then run=(node); else run=(npx -y -p "node@$runtime" -- node); fi
  step "ESM consumer on $("${run[@]}" --version)"
  "${run[@]}" esm.mjs
  step "CommonJS consumer (require) on $("${run[@]}" --version)"
  "${run[@]}" cjs.cjs
done

step "tenant handle consumer (ESM): a tenant per test, its client, its requests, its overrides, a fork"
# What an app's test does with a tenant of its own: each check throws, naming itself, when broken.
cat >tenant.mjs <<'JS'
import { APIError, CommFlow } from '@commflow/sdk';
import { createMock } from '@commflow/mock-server';
const check = (name, ok, seen) => {
  if (!ok) throw new Error(`tenant handle check failed: ${name}${seen === undefined ? '' : `; saw ${JSON.stringify(seen)}`}`);
  console.log(`ok ${name}`);
};
const statusOf = (run) => run().then(() => 'ok', (err) => (err instanceof APIError ? err.status : String(err)));
const mock = createMock('demo');
const t = mock.tenants.create({ name: 'packed tenant' });
const other = mock.tenants.create({ name: 'packed neighbour' });
check('tenants.create() returns a handle with its id and key', typeof t.id === 'string' && t.tenant.id === t.id && typeof t.key === 'string' && t.key.length > 0);
await (await t.client()).contacts.create({ firstName: 'Packed' });
const sdk = new CommFlow({ apiKey: t.key, tenantId: t.id, baseUrl: 'http://commflow.mock', fetch: mock.fetch, maxRetries: 0 });
await sdk.users.list();
const created = t.requests({ operationId: 'contacts.create' });
check('t.requests() has the call, with its body', created.length === 1 && created[0]?.request.body?.firstName === 'Packed', created.map((entry) => entry.request.body));
check("t.requests() has the SDK client's call from t.key", t.requests({ operationId: 'users.list' }).length === 1);
check("another tenant's handle sees none of it", other.requests().length === 0, other.requests().length);
mock.tenant(t.id).overrides.add({ operationId: 'contacts.list', fault: { status: 503 }, times: 1 });
check("mock.tenant(id).overrides.add() answers this tenant's request", (await statusOf(() => sdk.contacts.list())) === 503);
check('the override is not aimed at another tenant', (await statusOf(async () => (await other.client()).contacts.list())) === 'ok');
check('the override is listed on the tenant, spent', t.overrides.list().length === 1 && t.overrides.list({ unused: true }).length === 0);
let refused = '';
try { mock.requests({ tenantId: `${t.id.slice(0, -1)}${t.id.endsWith('0') ? '1' : '0'}` }); } catch (err) { refused = err.message; }
check('a filter by a tenant id no tenant has is refused, naming the tenant meant', refused.includes(`did you mean "${t.id}"`), refused);
const prepared = mock.tenants.snapshot(t.id);
const fork = mock.tenants.create({ snapshot: prepared });
check('the fork is a new tenant with a new key', fork.id !== t.id && fork.key !== t.key);
const forked = await (await fork.client()).contacts.list({ search: 'Packed' });
check("the fork holds the snapshot's records", forked.items.some((contact) => contact.firstName === 'Packed'), forked.items.length);
const oldKey = new CommFlow({ apiKey: t.key, tenantId: fork.id, baseUrl: 'http://commflow.mock', fetch: mock.fetch, maxRetries: 0 });
check("the old tenant's key does not open the fork (403)", (await statusOf(() => oldKey.users.list())) === 403);
console.log('ok tenant handle (ESM)');
JS
node tenant.mjs

step "a browser app's bundle: esbuild resolves the SDK's browser build from the tarball, one graph"
# The app as a browser bundler sees it (esbuild from the workspace; the project stays free of it):
# `@commflow/sdk` through its `browser` condition, bundled whole. Then the bundle runs here, on
# Node, against the mock in process: the browser build works from the package, not only from dist/.
cat >browser-app.mjs <<'JS'
import { CommFlow, ValidationError } from "@commflow/sdk";
export async function run(fetch, apiKey, tenantId) {
  const client = new CommFlow({ apiKey, tenantId, baseUrl: "http://commflow.mock", fetch });
  const page = await client.contacts.list({ limit: 2 });
  let invalid = "";
  try { await client.withUser("ann.lee@acme.test").contacts.create({ firstName: "Ann", phoneMobile: "555" }); } catch (err) { invalid = err instanceof ValidationError ? err.message : String(err); }
  return { listed: page.items.length, invalid };
}
JS
"$repo/packages/sdk/node_modules/.bin/esbuild" browser-app.mjs --bundle --minify --format=esm --platform=browser \
  --outfile=browser-bundle.mjs --log-level=warning
if grep -q '__esm(' browser-bundle.mjs; then
  echo "the browser bundle holds modules initialised later (__esm): it resolved the default build" >&2
  exit 1
fi
node -e '
const size = require("node:zlib").gzipSync(require("node:fs").readFileSync("browser-bundle.mjs"), { level: 9 }).length;
console.log(`browser bundle: ${(size / 1000).toFixed(2)} kB min+gzip`);
if (size > 33000) { console.error("over the 33 kB of issue 28"); process.exit(1); }'
cat >browser-run.mjs <<'JS'
import { createMock, DEMO_KEYS, DEMO_TENANTS } from "@commflow/mock-server";
import { run } from "./browser-bundle.mjs";
const mock = createMock("demo");
const report = await run(mock.fetch, DEMO_KEYS.sandbox, DEMO_TENANTS.sandbox);
const expected = { listed: 2, invalid: "Invalid arguments for contacts.create: body.phoneMobile: Invalid E.164 number" };
if (JSON.stringify(report) !== JSON.stringify(expected)) throw new Error("unexpected: " + JSON.stringify(report));
console.log("ok", JSON.stringify(report));
JS
node browser-run.mjs

step "@opentelemetry/api is absent: the main entry never asked for it"
if [ -e node_modules/@opentelemetry/api ]; then
  echo "@opentelemetry/api was installed, so the consumers above did not run without it" >&2
  exit 1
fi

step "npm install @opentelemetry/api and its SDK (for @commflow/sdk/otel)"
npm install --no-audit --no-fund --ignore-scripts --loglevel=error \
  "@opentelemetry/api@~1.9.1" "@opentelemetry/sdk-trace-base@^2.12" "@opentelemetry/core@^2"

# A call traced into an in-memory exporter: one span named by the operation, with its
# attributes, and the traceparent the mock received naming that span.
otel_body='
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
const exporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const mock = createMock("demo");
const received = [];
const client = new CommFlow({
  apiKey: DEMO_KEYS.sandbox, tenantId: DEMO_TENANTS.sandbox, baseUrl: "http://commflow.mock",
  fetch: (request, init) => { received.push(request.headers.get("traceparent")); return mock.fetch(request, init); },
  hooks: openTelemetry({ tracerProvider }),
});
await client.users.list();
const [span] = exporter.getFinishedSpans();
const report = {
  name: span.name,
  operation: span.attributes["commflow.operation"],
  status: span.attributes["http.response.status_code"],
  traceparent: received[0] === `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`,
};
const expected = { name: "users.list", operation: "users.list", status: 200, traceparent: true };
if (JSON.stringify(report) !== JSON.stringify(expected)) throw new Error("unexpected: " + JSON.stringify(report));
console.log("ok", JSON.stringify(report));
'

cat >otel.mjs <<JS
import { propagation } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { CommFlow } from '@commflow/sdk';
import { openTelemetry } from '@commflow/sdk/otel';
import { createMock, DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';
$otel_body
JS

cat >otel.cjs <<JS
const { propagation } = require('@opentelemetry/api');
const { W3CTraceContextPropagator } = require('@opentelemetry/core');
const { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { CommFlow } = require('@commflow/sdk');
const { openTelemetry } = require('@commflow/sdk/otel');
const { createMock, DEMO_KEYS, DEMO_TENANTS } = require('@commflow/mock-server');
(async () => {
$otel_body
})().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
JS

for runtime in "pinned" "${oldest_nodes[@]}"; do
  if [ "$runtime" = "pinned" ]; then run=(node); else run=(npx -y -p "node@$runtime" -- node); fi
  step "@commflow/sdk/otel, ESM, on $("${run[@]}" --version)"
  "${run[@]}" otel.mjs
  step "@commflow/sdk/otel, CommonJS (require), on $("${run[@]}" --version)"
  "${run[@]}" otel.cjs
done

# The TypeScript consumers: the same calls, typed, with names the SDK exports.
ts_calls='
const client = new CommFlow({ apiKey: "cf_test_0123456789abcdefghijklmn", tenantId: "3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e31", baseUrl: "http://commflow.mock", hooks: [openTelemetry(), { onWait: ({ reason, segmentMs }) => console.log(reason, segmentMs) }], rateLimit: "auto" });
const params: ContactCreateParams = { firstName: "Ann", phoneMobile: "+14155550100" };
export async function tour(): Promise<string> {
  const contact: Contact = await client.withUser("ann.lee@acme.test").contacts.create(params);
  const page = await client.contacts.list({ limit: 10 });
  const ids: string[] = page.items.map((c: Contact) => c.id);
  try {
    await client.voice.click2dial({ destination: "1001" });
  } catch (err) {
    if (err instanceof APIError && err.hasCode("NO_EXTENSION")) return "no extension";
  }
  const event = await verifyWebhook({ payload: "{}", headers: {}, secret: "whsec_x" });
  return `${contact.id} ${ids.length} ${event.type}`;
}
'
# tsconfig <dir> <module> <moduleResolution> <include glob>…: strict, library types checked.
tsconfig() {
  local dir="$1" module="$2" resolution="$3"
  shift 3
  local include
  include="$(printf '"%s",' "$@")"
  mkdir -p "$dir"
  cat >"$dir/tsconfig.json" <<JSON
{
  "compilerOptions": {
    "module": "$module",
    "moduleResolution": "$resolution",
    "target": "es2023",
    "lib": ["es2023", "dom"],
    "types": [],
    "strict": true,
    "noEmit": true,
    "skipLibCheck": false
  },
  "include": [${include%,}]
}
JSON
}
tsconfig ts-nodenext nodenext nodenext '*.mts' '*.cts'
tsconfig ts-bundler esnext bundler '*.ts'
ts_source="import { APIError, CommFlow, type Contact, type ContactCreateParams } from '@commflow/sdk';
import { openTelemetry } from '@commflow/sdk/otel';
import { verifyWebhook } from '@commflow/sdk/webhooks';
$ts_calls"
for file in ts-nodenext/esm.mts ts-nodenext/cjs.cts ts-bundler/app.ts; do printf '%s\n' "$ts_source" >"$file"; done

step "TypeScript consumer, module nodenext (ESM .mts and CommonJS .cts)"
node "$tsc" -p ts-nodenext/tsconfig.json
step "TypeScript consumer, moduleResolution bundler"
node "$tsc" -p ts-bundler/tsconfig.json
step "npm install expect and @playwright/test (the matchers' and the Playwright fixture's optional peers), @types/node"
# Node's types: the consumer starts its mock with @commflow/mock-server/node, whose types name node:http.
npm install --no-audit --no-fund --ignore-scripts --loglevel=error "expect@^30" "@playwright/test@^1.50" "@types/node@^24"

# The remote handle from another process's point of view: typed by the control route table, no
# casts, the matchers on it. It starts its own standalone mock (the Node adapter) on 127.0.0.1.
mkdir -p ts-remote
cat >ts-remote/tsconfig.json <<'JSON'
{
  "compilerOptions": {
    "module": "nodenext",
    "moduleResolution": "nodenext",
    "target": "es2023",
    "lib": ["es2023", "dom"],
    "types": ["node"],
    "strict": true,
    "skipLibCheck": false,
    "outDir": "out"
  },
  "include": ["*.mts"]
}
JSON
cat >ts-remote/remote.mts <<'TS'
import { expect } from 'expect';
import type {} from '@commflow/mock-server/jest';
import { matchers } from '@commflow/mock-server/matchers';
import { startMockServer } from '@commflow/mock-server/node';
import { connectMock, ControlError } from '@commflow/mock-server/remote';
import type { MockTenant } from '@commflow/mock-server/playwright';

expect.extend(matchers);
const server = await startMockServer({ scenario: 'demo' });
try {
  const remote = await connectMock(server.url);
  const { tenant, key } = await remote.tenants.create({ name: 'packed' });
  const clock = await remote.tenants.advanceClock(tenant.id, 60_000);
  const client = await remote.client({ tenantId: tenant.id, apiKey: key, userEmail: tenant.users[0]?.email });
  await client.contacts.create({ firstName: 'Packed' });
  const [entry] = await remote.requests({ operationId: 'contacts.create', tenantId: tenant.id });
  const firstName: string | undefined = entry?.request.body?.firstName;
  const checkpoint = await remote.snapshot();
  await remote.tenants.delete(tenant.id);
  const deleted = await remote.tenants.get(tenant.id).catch((error: unknown) => error instanceof ControlError ? error.code : 'other');
  await remote.restore(checkpoint);
  const restored = (await remote.tenants.list()).some((listed) => listed.id === tenant.id);
  await expect(remote).toHaveReceived('contacts.create', { tenantId: tenant.id, body: { firstName: 'Packed' } });
  await expect(remote).not.toHaveReceived('sms.send', { tenantId: tenant.id, within: 100 });
  const fixtureTenant: Pick<MockTenant, 'id' | 'key'> = { id: tenant.id, key };
  const report = { aheadMs: clock.aheadMs, firstName, deleted, restored, fixture: fixtureTenant.id === tenant.id };
  const expected = { aheadMs: 60_000, firstName: 'Packed', deleted: 'NOT_FOUND', restored: true, fixture: true };
  if (JSON.stringify(report) !== JSON.stringify(expected)) throw new Error('unexpected: ' + JSON.stringify(report));
  console.log('ok', JSON.stringify(report));
} finally {
  await server.close();
}
TS
# The tenant handle typed, in process and remote, compiled with the remote consumer (strict, no casts).
cat >ts-remote/tenant.mts <<'TS'
import { expect } from 'expect';
import type {} from '@commflow/mock-server/jest';
import { matchers } from '@commflow/mock-server/matchers';
import { createMock, type MockTenantHandle } from '@commflow/mock-server';
import { startMockServer } from '@commflow/mock-server/node';
import { connectMock, type RemoteTenantHandle } from '@commflow/mock-server/remote';
import { APIError, CommFlow } from '@commflow/sdk';

expect.extend(matchers);
function check(name: string, ok: boolean, seen?: unknown): void {
  if (!ok) throw new Error(`tenant handle check failed: ${name}${seen === undefined ? '' : `; saw ${JSON.stringify(seen)}`}`);
  console.log(`ok ${name}`);
}
const statusOf = (run: () => Promise<unknown>): Promise<number | string> =>
  run().then(() => 'ok', (err: unknown) => (err instanceof APIError ? err.status : String(err)));

// In process.
const mock = createMock('demo');
const t = mock.tenants.create({ name: 'typed tenant' });
const other: MockTenantHandle = mock.tenants.create();
const key: string = t.key;
await (await t.client()).contacts.create({ firstName: 'Typed' });
const sdk = new CommFlow({ apiKey: key, tenantId: t.id, baseUrl: 'http://commflow.mock', fetch: mock.fetch, maxRetries: 0 });
await sdk.users.list();
const [entry] = t.requests({ operationId: 'contacts.create' });
const firstName: string | undefined = entry?.request.body?.firstName;
check('typed: t.requests() has the call, its body typed', firstName === 'Typed', firstName);
expect(t).toHaveReceived('contacts.create', { body: { firstName: 'Typed' } });
expect(other).not.toHaveReceived('contacts.create');
mock.tenant(t.id).overrides.add({ operationId: 'contacts.list', fault: { status: 503 }, times: 1 });
check("typed: mock.tenant(id).overrides.add() answers this tenant's request", (await statusOf(() => sdk.contacts.list())) === 503);
check('typed: not another tenant', (await statusOf(async () => (await other.client()).contacts.list())) === 'ok');
const prepared = mock.tenants.snapshot(t.id);
const fork = mock.tenants.create({ snapshot: prepared });
const forked = await (await fork.client()).contacts.list({ search: 'Typed' });
check('typed: the fork is a new tenant holding the snapshot', fork.id !== t.id && forked.items.some((contact) => contact.firstName === 'Typed'));
const oldKey = new CommFlow({ apiKey: key, tenantId: fork.id, baseUrl: 'http://commflow.mock', fetch: mock.fetch, maxRetries: 0 });
check("typed: the old tenant's key does not open the fork (403)", (await statusOf(() => oldKey.users.list())) === 403);

// Over HTTP: the same names, each answer a promise.
const server = await startMockServer({ scenario: 'demo' });
try {
  const remote = await connectMock(server.url);
  const rt = await remote.tenants.create({ name: 'remote typed tenant' });
  await (await rt.client()).contacts.create({ firstName: 'Remote' });
  const [sent] = await rt.requests({ operationId: 'contacts.create' });
  check('remote: t.requests() has the call', sent?.request.body?.firstName === 'Remote', sent?.request.body);
  await expect(rt).toHaveReceived('contacts.create', { body: { firstName: 'Remote' } });
  const again: RemoteTenantHandle = await remote.tenant(rt.id);
  await again.overrides.add({ operationId: 'contacts.list', fault: { status: 503 }, times: 1 });
  check('remote: remote.tenant(id).overrides.add() answers its request', (await statusOf(async () => (await rt.client()).contacts.list())) === 503);
  const remoteFork = await remote.tenants.create({ snapshot: await remote.tenants.snapshot(rt.id) });
  const remoteForked = await (await remoteFork.client()).contacts.list({ search: 'Remote' });
  check('remote: the fork holds the snapshot', remoteFork.id !== rt.id && remoteForked.items.some((contact) => contact.firstName === 'Remote'));
} finally {
  await server.close();
}
console.log('ok tenant handle (TypeScript, in process and remote)');
TS
step "remote handle consumer: strict tsc (no casts), then run against a standalone mock over HTTP"
node "$tsc" -p ts-remote/tsconfig.json
node ts-remote/out/remote.mjs
step "tenant handle consumer (TypeScript): in process and remote"
node ts-remote/out/tenant.mjs
step "consumer check passed"
