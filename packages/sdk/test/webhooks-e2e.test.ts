// Webhooks end to end over real HTTP on 127.0.0.1: the standalone mock (node adapter) delivers
// to a node:http receiver, the SDK's verifier checks every request, and the control surface
// drives subscriptions, the clock, deliveries and replays.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENT_SCHEMAS, type EventType } from '@commflow/contract';
import { createMock, DEMO_KEYS, DEMO_TENANTS, RETRY_SCHEDULE_MS } from '@commflow/mock-server';
import { startMockServer, type RunningMockServer } from '@commflow/mock-server/node';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommFlow } from '../src/index.js';
import { verifyWebhook, WebhookVerificationError, type VerifiedWebhookEvent } from '../src/webhooks.js';

const ANN = 'ann.lee@acme.test';
const GRACE = 'grace@globex.test';

/** A request as the receiver got it: the raw bytes and Node's headers. */
interface Received {
  body: Buffer;
  headers: IncomingHttpHeaders;
}

/** A node:http receiver on 127.0.0.1:0 answering `status(n)` to its n-th request (1-based). */
async function startReceiver(status: (n: number) => number) {
  const received: Received[] = [];
  const receiver = { url: '', received, status, close: () => Promise.resolve() };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(receiver.status(received.length)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        resolve();
      });
    });
  return receiver;
}

interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: { at: string; status?: number; error?: string }[];
  replayOf?: string;
}

let server: RunningMockServer;
let base: string;
let receivers: { close: () => Promise<void> }[];

beforeEach(async () => {
  // A frozen clock. Attempts are signed with the wall clock (the default), so the receivers here
  // verify with their own clock, as production code does, however far the tests advance it.
  const mock = createMock('demo', { clock: { frozen: true, start: Math.floor(Date.now() / 1000) * 1000 } });
  server = await startMockServer({ mock });
  base = server.url;
  receivers = [];
});

afterEach(async () => {
  await server.close();
  await server.mock.close();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's shape
async function control<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const response = await fetch(`${base}/__mock${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: T };
  return { status: response.status, data: json.data };
}

async function receiverFor(
  status: (n: number) => number,
  events: string[] = ['*'],
  tenantId: string = DEMO_TENANTS.sandbox,
) {
  const receiver = await startReceiver(status);
  receivers.push(receiver);
  const created = await control<{ id: string; secret: string }>('POST', '/webhooks', {
    tenantId,
    url: receiver.url,
    events,
  });
  expect(created.status).toBe(201);
  expect(created.data.secret).toMatch(/^whsec_/);
  return { receiver, ...created.data };
}

/** Deliveries once every attempt in flight has finished. */
async function deliveries(query = ''): Promise<Delivery[]> {
  const separator = query === '' ? '?' : '&';
  return (await control<{ deliveries: Delivery[] }>('GET', `/deliveries${query}${separator}wait=true`)).data.deliveries;
}

async function advance(ms: number): Promise<void> {
  expect((await control('POST', '/clock/advance', { ms })).status).toBe(200);
}

const mockNow = () => server.mock.clock.now();

const sandbox = () =>
  new CommFlow({ apiKey: DEMO_KEYS.sandbox, tenantId: DEMO_TENANTS.sandbox, baseUrl: base, userEmail: ANN });

describe('webhooks end to end over HTTP', () => {
  it('a receiver failing its first two attempts gets the event on the third, after the clock advances', async () => {
    const { receiver, secret } = await receiverFor((n) => (n <= 2 ? 503 : 204));
    const contact = await sandbox().contacts.create({ firstName: 'Ada', lastName: 'Lovelace' });

    let [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: 'pending', eventType: 'contact.changed' });
    expect(delivery?.attempts).toEqual([expect.objectContaining({ status: 503 })]);

    await advance(RETRY_SCHEDULE_MS[0] ?? 0); // 5 s: the second attempt, 503 again
    [delivery] = await deliveries();
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([503, 503]);
    expect(delivery?.status).toBe('pending');

    await advance(RETRY_SCHEDULE_MS[1] ?? 0); // 5 min: the third attempt succeeds
    [delivery] = await deliveries();
    expect(delivery?.status).toBe('succeeded');
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([503, 503, 204]);

    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((request) => request.headers['webhook-id']));
    expect(ids).toEqual(new Set([delivery?.eventId]));
    const last = receiver.received[2];
    if (last === undefined) throw new Error('no third request');
    // The third attempt runs 305 s of mock time after the first, but is signed with the wall
    // clock: verifyWebhook's default clock accepts it.
    const event = await verifyWebhook({ payload: last.body, headers: last.headers, secret });
    expect(event.type).toBe('contact.changed');
    if (event.type === 'contact.changed') expect(event.data.contact.id).toBe(contact.id);
  });

  it('an always-failing receiver leaves a failed delivery; replaying it to the healed receiver succeeds with the same webhook-id', async () => {
    let healthy = false;
    const { receiver, secret } = await receiverFor(() => (healthy ? 200 : 500));
    await sandbox().voice.click2dial({ destination: '+14155550100' });
    await deliveries();
    for (const delay of RETRY_SCHEDULE_MS) {
      await advance(delay);
      await deliveries();
    }
    const [failed] = await deliveries('?status=failed');
    if (failed === undefined) throw new Error('no failed delivery');
    expect(failed.attempts).toHaveLength(RETRY_SCHEDULE_MS.length + 1);
    expect(failed.attempts.every((attempt) => attempt.status === 500)).toBe(true);
    expect(await deliveries('?status=pending')).toEqual([]);

    healthy = true;
    const replay = await control<{ delivery: Delivery }>('POST', `/deliveries/${failed.id}/replay`);
    expect(replay.status).toBe(202);
    expect(replay.data.delivery).toMatchObject({ replayOf: failed.id, eventId: failed.eventId, status: 'pending' });
    const [succeeded] = await deliveries('?status=succeeded');
    expect(succeeded).toMatchObject({
      id: replay.data.delivery.id,
      attempts: [expect.objectContaining({ status: 200 })],
    });
    expect((await deliveries('?status=failed')).map((delivery) => delivery.id)).toEqual([failed.id]);

    const last = receiver.received.at(-1);
    if (last === undefined) throw new Error('nothing received');
    expect(receiver.received).toHaveLength(RETRY_SCHEDULE_MS.length + 2);
    expect(last.headers['webhook-id']).toBe(failed.eventId);
    expect(receiver.received[0]?.headers['webhook-id']).toBe(failed.eventId);
    // The mock clock is more than a day ahead; the replay is signed with the wall clock.
    expect(mockNow() - Date.now()).toBeGreaterThan(86_400_000);
    const event = await verifyWebhook({ payload: last.body, headers: last.headers, secret });
    expect(event).toMatchObject({ id: failed.eventId, type: 'call.started' });
  });

  it('every emitted type arrives, is verified by the SDK and matches its contract schema', async () => {
    const acme = await receiverFor(() => 204);
    const globex = await receiverFor(() => 204, ['sms.sent', 'sms.failed'], DEMO_TENANTS.live);
    const ann = sandbox();
    await ann.contacts.create({ firstName: 'Grace', lastName: 'Hopper' });
    await ann.voice.click2dial({ destination: '+14155550100' });
    const [conversation] = await ann.sms.conversations.list().toArray();
    if (conversation === undefined) throw new Error('no conversation');
    await ann.sms.send(conversation.id, { body: 'Table for two?' });
    const inbound = await control('POST', '/sms/inbound', {
      tenantId: DEMO_TENANTS.sandbox,
      to: '+14155550100',
      from: '+14155550101',
      body: 'Yes please',
    });
    expect(inbound.status).toBe(201);

    // A live tenant whose carrier rejects the send: 200 with FAILED, and sms.failed.
    expect((await control('PUT', '/carrier', { mode: 'reject', reason: 'Carrier outage' })).status).toBe(200);
    const live = new CommFlow({ apiKey: DEMO_KEYS.live, tenantId: DEMO_TENANTS.live, baseUrl: base, userEmail: GRACE });
    // Not the magic number (always rejected with its own reason): the carrier's outage applies.
    const liveConversation = (await live.sms.conversations.list().toArray()).find(
      (candidate) => candidate.peerNumber === '+15035550100',
    );
    if (liveConversation === undefined) throw new Error('no live conversation');
    const failed = await live.sms.send(liveConversation.id, { body: 'Hello' });
    expect(failed).toMatchObject({ status: 'FAILED', failureReason: 'Carrier outage' });

    const all = await deliveries();
    expect(all.every((delivery) => delivery.status === 'succeeded')).toBe(true);
    const verify = async (request: Received, secret: string): Promise<VerifiedWebhookEvent> => {
      const event = await verifyWebhook({ payload: request.body, headers: request.headers, secret });
      const schema = EVENT_SCHEMAS[event.type as EventType];
      expect(schema.safeParse(JSON.parse(request.body.toString('utf8'))).success).toBe(true);
      // The same through a client.
      expect(
        await ann.webhooks.verify({ payload: request.body.toString('utf8'), headers: request.headers, secret }),
      ).toEqual(event);
      return event;
    };
    const acmeEvents = await Promise.all(acme.receiver.received.map((request) => verify(request, acme.secret)));
    const globexEvents = await Promise.all(globex.receiver.received.map((request) => verify(request, globex.secret)));
    // Deliveries run concurrently: arrival order may differ from emission order.
    expect(acmeEvents.map((event) => event.type).sort()).toEqual(
      ['contact.changed', 'call.started', 'sms.sent', 'sms.received'].sort(),
    );
    expect(globexEvents.map((event) => event.type)).toEqual(['sms.failed']);
    expect(new Set([...acmeEvents, ...globexEvents].map((event) => event.tenantId))).toEqual(
      new Set([DEMO_TENANTS.sandbox, DEMO_TENANTS.live]),
    );
    for (const event of acmeEvents) {
      switch (event.type) {
        case 'sms.received':
          expect(event.data.message).toMatchObject({ direction: 'inbound', status: 'RECEIVED', body: 'Yes please' });
          break;
        case 'sms.sent':
          expect(event.data.message).toMatchObject({ status: 'SENT', simulated: true });
          break;
        default:
          break;
      }
    }
    // The recorded events are the delivered ones, byte for byte.
    expect(server.mock.events().map((event) => JSON.stringify(event))).toEqual(
      expect.arrayContaining(acme.receiver.received.map((request) => request.body.toString('utf8'))),
    );
  });

  it('an idempotent replay of the API request delivers nothing again', async () => {
    const { receiver } = await receiverFor(() => 204);
    const ann = sandbox();
    await ann.contacts.create({ firstName: 'Once' }, { idempotencyKey: 'create-once' });
    const again = await ann.contacts.create({ firstName: 'Once' }, { idempotencyKey: 'create-once' }).withResponse();
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(await deliveries()).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
  });

  it('the standardwebhooks package verifies what the mock signs, rotation included', async () => {
    const { receiver, id, secret } = await receiverFor(() => 204);
    await sandbox().contacts.create({ firstName: 'Ada' });
    await deliveries();
    const rotated = await control<{ secret: string; previousSecretExpiresAt: string }>(
      'POST',
      `/webhooks/${id}/rotate-secret`,
    );
    expect(rotated.status).toBe(200);
    await sandbox().contacts.create({ firstName: 'Grace' });
    await deliveries();
    expect(receiver.received).toHaveLength(2);
    const [before, during] = receiver.received;
    if (before === undefined || during === undefined) throw new Error('missing requests');
    const headers = (request: Received) =>
      Object.fromEntries(
        Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );

    const verified = new Webhook(secret).verify(before.body.toString('utf8'), headers(before)) as { id: string };
    expect(verified.id).toBe(before.headers['webhook-id']);
    // During the rotation window both secrets sign: two space-separated signatures.
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const key of [secret, rotated.data.secret]) {
      expect(() => new Webhook(key).verify(during.body.toString('utf8'), headers(during))).not.toThrow();
      await expect(
        verifyWebhook({ payload: during.body, headers: during.headers, secret: key }),
      ).resolves.toMatchObject({ type: 'contact.changed' });
    }
    expect(
      (await control<{ webhooks: { id: string; rotationEndsAt?: string }[] }>('GET', '/webhooks')).data.webhooks,
    ).toEqual([expect.objectContaining({ id, rotationEndsAt: rotated.data.previousSecretExpiresAt })]);
  });

  it('the SDK rejects a tampered body, timestamp or signature, a wrong secret and a stale timestamp', async () => {
    const { receiver, secret } = await receiverFor(() => 204);
    await sandbox().contacts.create({ firstName: 'Ada' });
    await deliveries();
    const [request] = receiver.received;
    if (request === undefined) throw new Error('nothing received');
    const payload = request.body.toString('utf8');
    const headers = {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    };
    const timestamp = Number(headers['webhook-timestamp']);
    await expect(verifyWebhook({ payload, headers, secret })).resolves.toMatchObject({ type: 'contact.changed' });

    const reasonOf = async (options: Parameters<typeof verifyWebhook>[0]) => {
      const error = await verifyWebhook(options).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(error).toBeInstanceOf(WebhookVerificationError);
      return (error as WebhookVerificationError).reason;
    };
    const signature = headers['webhook-signature'];
    // Flip a character in the middle of the base64: every bit of it counts, unlike the padding's.
    const at = 'v1,'.length + 10;
    const flipped = `${signature.slice(0, at)}${signature[at] === 'A' ? 'B' : 'A'}${signature.slice(at + 1)}`;
    const otherSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

    expect(await reasonOf({ payload: payload.replace('Ada', 'Eve'), headers, secret })).toBe('invalid_signature');
    expect(await reasonOf({ payload: `${payload} `, headers, secret })).toBe('invalid_signature');
    expect(
      await reasonOf({ payload, headers: { ...headers, 'webhook-timestamp': String(timestamp + 1) }, secret }),
    ).toBe('invalid_signature');
    expect(await reasonOf({ payload, headers: { ...headers, 'webhook-signature': flipped }, secret })).toBe(
      'invalid_signature',
    );
    expect(
      await reasonOf({ payload, headers: { ...headers, 'webhook-id': `${headers['webhook-id']}x` }, secret }),
    ).toBe('invalid_signature');
    expect(await reasonOf({ payload, headers, secret: otherSecret })).toBe('invalid_signature');
    expect(await reasonOf({ payload, headers, secret, now: (timestamp + 301) * 1000 })).toBe('timestamp_too_old');
    expect(await reasonOf({ payload, headers, secret, now: (timestamp - 301) * 1000 })).toBe('timestamp_too_new');
    const { 'webhook-signature': _dropped, ...unsigned } = headers;
    expect(await reasonOf({ payload, headers: unsigned, secret })).toBe('missing_header');
  });
});
