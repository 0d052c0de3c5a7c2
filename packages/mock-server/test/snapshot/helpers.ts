/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument -- response bodies are JSON read as `any`. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { DEMO_KEYS, DEMO_TENANTS, MAGIC_DIAL_DESTINATIONS, type CommFlowMock } from '../../src/index.js';

export { DEMO_KEYS, DEMO_TENANTS };

/** The frozen start of the snapshot tests' clocks. */
export const START = '2026-11-21T12:00:00.000Z';
export const ANN = 'ann.lee@acme.test';
export const BOB = 'bob.stone@acme.test';
export const GRACE = 'grace@globex.test';

/** Where requests go: a base URL and a fetch (`mock.fetch` in process, the global fetch over HTTP). */
export interface Target {
  base: string;
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
}

/** A response, read. */
export interface Reply {
  status: number;
  headers: Headers;
  // Tests index into bodies freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface ApiOptions {
  key?: string;
  tenant?: string;
  user?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls the service as Ann on the demo sandbox tenant, unless told otherwise. */
export async function api(target: Target, method: string, path: string, options: ApiOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = {
    'X-API-Key': options.key ?? DEMO_KEYS.sandbox,
    'X-Tenant-Id': options.tenant ?? DEMO_TENANTS.sandbox,
  };
  const user = options.user === undefined ? ANN : options.user;
  if (user !== null) headers['X-User-Email'] = user;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, options.headers);
  const response = await target.fetch(`${target.base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text === '' ? undefined : JSON.parse(text) };
}

/** Calls the control surface; `rawBody` is sent as is (for malformed JSON). */
export async function control(
  target: Target,
  method: string,
  path: string,
  body?: unknown,
  rawBody?: string,
): Promise<Reply> {
  const init: RequestInit = { method };
  // State-changing control requests are JSON: the Node adapter refuses any other type.
  if (method !== 'GET') init.headers = { 'content-type': 'application/json' };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (rawBody !== undefined) init.body = rawBody;
  const response = await target.fetch(`${target.base}/__mock${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text === '' ? undefined : JSON.parse(text) };
}

/** A JSON round trip: what another process reads back from a file or a request body. */
export function viaJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A webhook receiver on 127.0.0.1: answers the n-th request with `answer(n)`; records each body and headers. */
export async function startReceiver(answer: (n: number) => number) {
  const received: { body: string; headers: Record<string, string | string[] | undefined> }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(answer(received.length)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** The id of the SMS conversation with `peerName` (the list's order among equals is not fixed). */
function byPeer(conversations: { id: string; peerName: string | null }[], peerName: string): string {
  const found = conversations.find((conversation) => conversation.peerName === peerName);
  if (found === undefined) throw new Error(`no SMS conversation with ${peerName}`);
  return found.id;
}

/** Secrets of the world built by {@link busyWorld}, for the tests that look for them. */
export interface BusyWorld {
  createdKey: string;
  revokedCreatedKey: string;
  webhookSecret: string;
}

/**
 * Traffic in every area of the world, on a mock with a frozen clock: contacts, chat, SMS out
 * (accepted and rejected by the carrier) and in, a call ended and one in progress, calendar,
 * presence, created and revoked keys, a fault half used, a webhook delivery pending its retry
 * (`hookUrl` must fail the first attempt), idempotency entries and rate windows.
 */
export async function busyWorld(mock: CommFlowMock, hookUrl: string): Promise<BusyWorld> {
  const target: Target = { base: 'http://commflow.mock', fetch: mock.fetch };
  const subscription = mock.webhooks.subscribe({
    tenantId: DEMO_TENANTS.sandbox,
    url: hookUrl,
    events: ['contact.changed'],
  });
  const created = mock.createApiKey({ tenantIds: [DEMO_TENANTS.sandbox], permissions: ['contacts', 'users'] });
  const revoked = mock.createApiKey({ tenantIds: [DEMO_TENANTS.live], prefix: 'cfa' });
  const revokedId = mock.apiKeys().find((key) => key.hint === revoked.hint)?.id ?? '';
  mock.revokeApiKey(revokedId);
  expect((await api(target, 'GET', '/api/v1/users', { key: revoked.key, tenant: DEMO_TENANTS.live })).status).toBe(401);

  const contact = await api(target, 'POST', '/api/v1/contacts', {
    body: { firstName: 'Snap', lastName: 'Shot', phoneMobile: '+14155550142' },
    headers: { 'Idempotency-Key': 'busy-world-contact' },
  });
  expect(contact.status).toBe(201);
  expect(
    (await api(target, 'POST', '/api/v1/contacts', { key: created.key, body: { firstName: 'ByKey' } })).status,
  ).toBe(201);

  const room = await api(target, 'POST', '/api/v1/chat/conversations', {
    body: { participantEmail: BOB, message: 'hello' },
  });
  expect(room.status).toBe(201);
  const conversationId: string = room.json.data.conversation.id;
  expect(
    (await api(target, 'POST', '/api/v1/chat/messages', { user: BOB, body: { conversationId, content: 'hi Ann' } }))
      .status,
  ).toBe(201);

  const sandboxSms = await api(target, 'GET', '/api/v1/sms/conversations');
  const smsId: string = byPeer(sandboxSms.json.data.conversations, 'Grace Hopper');
  expect(
    (await api(target, 'POST', `/api/v1/sms/conversations/${smsId}/messages`, { body: { body: 'out we go' } })).status,
  ).toBe(200);
  const inbound = mock.receiveSms({
    tenantId: DEMO_TENANTS.sandbox,
    to: '+14155550100',
    from: '+14155550177',
    body: 'in it comes',
  });
  expect(inbound.message.status).toBe('RECEIVED');
  mock.setCarrier({ mode: 'reject', reason: 'No route' });
  const live = { key: DEMO_KEYS.live, tenant: DEMO_TENANTS.live, user: GRACE };
  const liveSms = await api(target, 'GET', '/api/v1/sms/conversations', live);
  const liveId: string = byPeer(liveSms.json.data.conversations, 'Hank Scorpio');
  const rejected = await api(target, 'POST', `/api/v1/sms/conversations/${liveId}/messages`, {
    ...live,
    body: { body: 'refused' },
  });
  expect(rejected.json.data.message.failureReason).toBe('No route');

  expect(
    (await api(target, 'POST', '/api/v1/click2dial', { body: { destination: MAGIC_DIAL_DESTINATIONS.busy } })).status,
  ).toBe(200);
  mock.advanceClock(7_000); // the busy call has ended, its CDR written
  const inProgress = await api(target, 'POST', '/api/v1/click2dial', {
    body: { destination: '+14155550100' },
    headers: { 'Idempotency-Key': 'busy-world-dial' },
  });
  expect(inProgress.status).toBe(200);
  mock.advanceClock(1_500); // the second one rings
  const calls = mock.calls();
  expect(calls.map((entry) => entry.status).sort()).toEqual(['busy', 'ringing']);

  expect(
    (
      await api(target, 'POST', '/api/v1/calendar', {
        body: { title: 'Checkpoint', startTime: '2026-11-23T12:00:00Z', endTime: '2026-11-23T13:00:00Z' },
      })
    ).status,
  ).toBe(201);
  expect(
    (await api(target, 'PUT', '/api/v1/presence', { user: BOB, body: { status: 'busy', message: 'Snapshotting' } }))
      .status,
  ).toBe(200);

  mock.injectFault({ method: 'GET', path: '/api/v1/files', status: 503, times: 3 });
  expect((await api(target, 'GET', '/api/v1/files')).status).toBe(503);

  await mock.idle();
  const pending = mock.deliveries({ status: 'pending' });
  // One per contact created: each failed its first attempt and waits for its retry.
  expect(pending).toHaveLength(2);
  for (const delivery of pending) {
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.nextAttemptAt).toBeDefined();
  }
  return { createdKey: created.key, revokedCreatedKey: revoked.key, webhookSecret: subscription.secret };
}
