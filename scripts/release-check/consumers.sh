# Sourced by scripts/release-check.sh. write_consumers writes, into the current directory (the
# plain npm project that installed @commflow/* by name), the programs that use the packages as an
# app does; the release check runs them (which, on which Node, and when: see there).
#   esm.mjs, cjs.cjs    the SDK against the mock in process, a typed error, a validation message,
#                       a list walk, a webhook verified with the subpath export (ESM and require())
#   tenant.mjs          a tenant handle as an app's test uses it
#   browser-app.mjs     a browser app, for esbuild to bundle; browser-run.mjs runs the bundle
#   otel.mjs, otel.cjs  @commflow/sdk/otel tracing a call into an in-memory exporter
#   esm.mts, cjs.cts, app.ts   the same calls typed (module nodenext; moduleResolution bundler)
#   remote.mts, tenant.mts     the remote handle and the tenant handle typed, compiled and run
write_consumers() {
  # What every consumer does: calls through the SDK to the mock in-process, a typed error, a
  # validation message, a list walk, and a webhook verified with the subpath export.
  local body otel_body ts_calls ts_source file
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
  cat >browser-run.mjs <<'JS'
import { createMock, DEMO_KEYS, DEMO_TENANTS } from "@commflow/mock-server";
import { run } from "./browser-bundle.mjs";
const mock = createMock("demo");
const report = await run(mock.fetch, DEMO_KEYS.sandbox, DEMO_TENANTS.sandbox);
const expected = { listed: 2, invalid: "Invalid arguments for contacts.create: body.phoneMobile: Invalid E.164 number" };
if (JSON.stringify(report) !== JSON.stringify(expected)) throw new Error("unexpected: " + JSON.stringify(report));
console.log("ok", JSON.stringify(report));
JS

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
  ts_source="import { APIError, CommFlow, type Contact, type ContactCreateParams } from '@commflow/sdk';
import { openTelemetry } from '@commflow/sdk/otel';
import { verifyWebhook } from '@commflow/sdk/webhooks';
$ts_calls"
  for file in esm.mts cjs.cts app.ts; do printf '%s\n' "$ts_source" >"$file"; done

  # The remote handle from another process's point of view: typed by the control route table, no
  # casts, the matchers on it. It starts its own standalone mock (the Node adapter) on 127.0.0.1.
  cat >remote.mts <<'TS'
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
  cat >tenant.mts <<'TS'
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
}
