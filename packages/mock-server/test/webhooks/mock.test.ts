// The dispatcher wired into the mock: in-process methods, the scenario field, the HTTP control
// routes, reset and close. The CLI's shutdown with deliveries outstanding is in standalone.test.ts
// (it spawns a process, so the mutation run leaves it out).
import { EVENT_SCHEMAS, type EventType } from '@commflow/contract';
import { verifyWebhookSignature } from '@commflow/contract/webhooks';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  createMock,
  DEMO_KEYS,
  DEMO_TENANTS,
  demoScenario,
  RETRY_SCHEDULE_MS,
  ScenarioError,
  type CommFlowMock,
  type ScenarioInput,
} from '../../src/index.js';
import { sendInProcess } from '../../src/sim/webhooks/index.js';
import { headerRecord, fixtures, type Receiver } from './helpers.js';

const ANN = 'ann.lee@acme.test';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox, 'X-User-Email': ANN };

/** Closes what a test opened, the newest first. */
const open = fixtures();

/** A demo mock on a frozen clock at the real current second (inside verifiers' ±5 min window). */
function demo(scenario: ScenarioInput | 'demo' = 'demo', control = true): CommFlowMock {
  const mock = createMock(scenario, {
    clock: { frozen: true, start: Math.floor(Date.now() / 1000) * 1000 },
    control,
  });
  open.defer(() => mock.close());
  return mock;
}

const receiver = (answer: Receiver['answer'] = () => 204): Promise<Receiver> => open.receiver(answer);

const createContact = (mock: CommFlowMock, init: { idempotencyKey?: string; firstName?: string } = {}) =>
  mock.fetch('/api/v1/contacts', {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      ...(init.idempotencyKey === undefined ? {} : { 'Idempotency-Key': init.idempotencyKey }),
    },
    body: JSON.stringify({ firstName: init.firstName ?? 'Ada' }),
  });

async function control(mock: CommFlowMock, method: string, path: string, body?: unknown) {
  const response = await mock.fetch(`/__mock${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: Record<string, unknown> };
  return { status: response.status, json, data: json.data };
}

describe('in-process webhook methods', () => {
  it('a callback subscription receives exactly the bytes and headers an endpoint would', async () => {
    const mock = demo();
    const seen: { body: string; headers: Record<string, string> }[] = [];
    const { id, secret, inProcess } = mock.webhooks.subscribe({
      tenantId: DEMO_TENANTS.sandbox.toUpperCase(),
      events: ['contact.changed'],
      callback: async (request) => {
        seen.push({ body: await request.text(), headers: Object.fromEntries(request.headers) });
        return 204;
      },
    });
    expect(inProcess).toBe(true);
    expect((await createContact(mock)).status).toBe(201);
    await mock.idle();
    expect(seen).toHaveLength(1);
    const [request] = seen;
    if (request === undefined) throw new Error('nothing received');
    const [event] = mock.events({ type: 'contact.changed' });
    expect(request.body).toBe(JSON.stringify(event));
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': expect.stringContaining('CommFlow-Webhooks') as unknown,
      'webhook-id': event?.id,
    });
    await verifyWebhookSignature({ payload: request.body, headers: request.headers, secret });
    expect(new Webhook(secret).verify(request.body, request.headers)).toEqual(event);
    expect(EVENT_SCHEMAS['contact.changed'].safeParse(JSON.parse(request.body)).success).toBe(true);
    expect(mock.deliveries({ status: 'succeeded', tenantId: DEMO_TENANTS.sandbox.toUpperCase() })).toEqual([
      expect.objectContaining({
        subscriptionId: id,
        eventId: event?.id,
        attempts: [expect.objectContaining({ status: 204 })],
      }),
    ]);
  });

  it('subscribe, list, rotate, delete, deliveries by status, replay', async () => {
    const mock = demo();
    let fail = true;
    const hook = await receiver(() => (fail ? 500 : 200));
    const { id, secret } = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: hook.url, events: ['*'] });
    expect(mock.webhooks.list()).toEqual([
      expect.objectContaining({
        id,
        url: hook.url,
        events: ['*'],
        enabled: true,
        maskedSecret: expect.stringMatching(/^whsec_/) as unknown,
      }),
    ]);
    expect(JSON.stringify(mock.webhooks.list())).not.toContain(secret);
    expect(mock.webhooks.list({ tenantId: DEMO_TENANTS.live })).toEqual([]);

    await createContact(mock);
    await mock.idle();
    expect(mock.deliveries({ status: 'pending' })).toHaveLength(1);
    for (const delay of RETRY_SCHEDULE_MS) {
      mock.advanceClock(delay);
      await mock.idle();
    }
    const [failed] = mock.deliveries({ status: 'failed' });
    if (failed === undefined) throw new Error('no failed delivery');
    expect(failed.attempts).toHaveLength(8);

    const rotated = mock.webhooks.rotateSecret(id);
    fail = false;
    const replay = mock.webhooks.replay(failed.id);
    await mock.idle();
    expect(mock.deliveries({ status: 'succeeded' })).toEqual([
      expect.objectContaining({ id: replay.id, replayOf: failed.id }),
    ]);
    const last = hook.received.at(-1);
    if (last === undefined) throw new Error('nothing received');
    expect(last.headers['webhook-id']).toBe(failed.eventId);
    for (const key of [secret, rotated.secret]) {
      // The mock clock is a day ahead, but the replay is signed with the wall clock: a receiver
      // verifies it with its own clock.
      await verifyWebhookSignature({ payload: last.body, headers: headerRecord(last.headers), secret: key });
    }

    mock.webhooks.delete(id);
    expect(mock.webhooks.list()).toEqual([]);
    await createContact(mock, { firstName: 'Grace' });
    await mock.idle();
    expect(mock.deliveries()).toHaveLength(2);
    expect(() => {
      mock.webhooks.delete(id);
    }).toThrow(/not found/);
  });

  it('get, disable and enable, one delivery and its signed request', async () => {
    const mock = demo();
    const hook = await receiver();
    const { id, secret } = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: hook.url });
    expect(mock.webhooks.disable(id).enabled).toBe(false);
    expect(mock.webhooks.get(id)).toMatchObject({ id, enabled: false });
    await createContact(mock);
    await mock.webhooks.idle();
    expect(mock.webhooks.deliveries()).toEqual([]);
    expect(hook.received).toEqual([]);

    expect(mock.webhooks.enable(id).enabled).toBe(true);
    await createContact(mock, { firstName: 'Grace' });
    await mock.webhooks.idle();
    const [delivery] = mock.webhooks.deliveries({ subscriptionId: id, tenantId: DEMO_TENANTS.sandbox.toUpperCase() });
    if (delivery === undefined) throw new Error('no delivery');
    expect(mock.webhooks.delivery(delivery.id)).toMatchObject({ status: 'succeeded', attempts: [{ status: 204 }] });
    const request = await mock.webhooks.deliveryRequest(delivery.id);
    expect(request.url).toBe(hook.url);
    expect(request.body).toBe(hook.received[0]?.body);
    await verifyWebhookSignature({ payload: request.body, headers: request.headers, secret });
    expect(() => mock.webhooks.get('nope')).toThrow(/not found/);
  });

  it('the deprecated top-level names still answer, through mock.webhooks', async () => {
    const mock = demo();
    const tenantId = DEMO_TENANTS.sandbox;
    /* eslint-disable @typescript-eslint/no-deprecated -- what this test checks: the old names keep working until they go */
    const { id } = mock.subscribeWebhook({ tenantId, events: ['*'], callback: () => 500 });
    expect(mock.webhookSubscriptions({ tenantId }).map((subscription) => subscription.id)).toEqual([id]);
    const { secret } = mock.rotateWebhookSecret(id, { windowMs: 0 });
    await createContact(mock);
    await mock.idle();
    mock.advanceClock(30 * 86_400_000); // one jump walks every retry
    await mock.idle();
    const [failed] = mock.deliveries({ status: 'failed' });
    if (failed === undefined) throw new Error('no failed delivery');
    expect(mock.replayDelivery(failed.id).replayOf).toBe(failed.id);
    mock.deleteWebhook(id);
    /* eslint-enable @typescript-eslint/no-deprecated */
    expect(mock.webhooks.list()).toEqual([]);
    expect(secret).toMatch(/^whsec_/);
  });

  it('an idempotent replay of an API request emits and delivers nothing again', async () => {
    const mock = demo();
    const seen: string[] = [];
    mock.webhooks.subscribe({
      tenantId: DEMO_TENANTS.sandbox,
      callback: async (request) => {
        seen.push(await request.text());
      },
    });
    const first = await createContact(mock, { idempotencyKey: 'once' });
    const second = await createContact(mock, { idempotencyKey: 'once' });
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    const body = async (response: Response) => ((await response.json()) as { data: unknown }).data;
    expect(await body(second)).toEqual(await body(first));
    await mock.idle();
    expect(mock.events()).toHaveLength(1);
    expect(mock.deliveries()).toHaveLength(1);
    expect(seen).toHaveLength(1);
  });

  it('inbound SMS emits sms.received; a live send the carrier rejects emits sms.failed', async () => {
    const mock = demo();
    const types: string[] = [];
    for (const tenantId of [DEMO_TENANTS.sandbox, DEMO_TENANTS.live]) {
      mock.webhooks.subscribe({
        tenantId,
        callback: async (request) => {
          const event = JSON.parse(await request.text()) as { type: EventType };
          expect(EVENT_SCHEMAS[event.type].safeParse(event).success).toBe(true);
          types.push(event.type);
        },
      });
    }
    mock.receiveSms({ tenantId: DEMO_TENANTS.sandbox, to: '+14155550100', from: '+14155550101', body: 'Hi' });
    mock.setCarrier({ mode: 'reject' });
    const liveHeaders = {
      'X-API-Key': DEMO_KEYS.live,
      'X-Tenant-Id': DEMO_TENANTS.live,
      'X-User-Email': 'grace@globex.test',
    };
    const list = await mock.fetch('/api/v1/sms/conversations', { headers: liveHeaders });
    const { data } = (await list.json()) as { data: { conversations: { id: string }[] } };
    const conversationId = data.conversations[0]?.id ?? '';
    const sent = await mock.fetch(`/api/v1/sms/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { ...liveHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({ body: 'Hello' }),
    });
    expect(sent.status).toBe(200);
    await mock.idle();
    expect(types).toEqual(['sms.received', 'sms.failed']);
  });

  it('close() aborts an attempt in flight, delivers nothing more and resolves', async () => {
    const mock = demo();
    let started: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    mock.webhooks.subscribe({
      tenantId: DEMO_TENANTS.sandbox,
      callback: () => {
        started();
        return new Promise<number>(() => undefined); // never answers
      },
    });
    await createContact(mock);
    await inFlight;
    await mock.close();
    const [delivery] = mock.deliveries();
    expect(delivery).toMatchObject({ status: 'pending', attempts: [] });
    await createContact(mock, { firstName: 'After' });
    await mock.idle();
    expect(mock.deliveries()).toHaveLength(1);
  });

  it('an attempt whose signal was aborted while it was being signed settles at once', async () => {
    const outcome = await sendInProcess(
      { url: 'http://in-process.invalid/webhooks', body: '{}', headers: {} },
      () => new Promise<number>(() => undefined),
      { timeoutMs: 15_000, signal: AbortSignal.abort() },
    );
    expect(outcome).toEqual({ ok: false, error: 'aborted: the dispatcher was closed or reset' });
  });
});

describe('scenario webhooks', () => {
  const scenario = (webhooks: unknown[]): ScenarioInput =>
    ({
      ...demoScenario,
      tenants: demoScenario.tenants.map((tenant, i) => (i === 0 ? { ...tenant, webhooks } : tenant)),
    }) as ScenarioInput;

  it('loads tenants[].webhooks, with ids and secrets stable across reset; reset drops the others', async () => {
    const hook = await receiver();
    const mock = demo(
      scenario([
        { url: hook.url, events: ['contact.changed'] },
        { url: hook.url, secret: SECRET, enabled: false },
      ]),
    );
    const [first, second] = mock.scenario.tenants[0]?.webhooks ?? [];
    expect(first?.secret).toMatch(/^whsec_/);
    expect(second?.secret).toBe(SECRET);
    const listed = mock.webhooks.list();
    expect(listed).toEqual([
      expect.objectContaining({
        id: first?.id,
        tenantId: DEMO_TENANTS.sandbox,
        events: ['contact.changed'],
        enabled: true,
      }),
      expect.objectContaining({ id: second?.id, enabled: false }),
    ]);

    const extra = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: hook.url });
    await createContact(mock);
    await mock.idle();
    expect(mock.deliveries()).toHaveLength(2);
    if (first === undefined) throw new Error('no scenario webhook');
    // The two deliveries race to the one receiver: each secret must verify exactly one of them.
    const verifiedBy = async (secret: string) => {
      const results = await Promise.allSettled(
        hook.received.map((request) =>
          verifyWebhookSignature({ payload: request.body, headers: headerRecord(request.headers), secret }),
        ),
      );
      return results.filter((result) => result.status === 'fulfilled').length;
    };
    expect(hook.received).toHaveLength(2);
    expect(await verifiedBy(first.secret)).toBe(1);
    expect(await verifiedBy(extra.secret)).toBe(1);

    mock.reset();
    expect(mock.deliveries()).toEqual([]);
    expect(mock.webhooks.list()).toEqual(listed);
    await createContact(mock);
    await mock.idle();
    const after = hook.received.at(-1);
    if (after === undefined) throw new Error('nothing received');
    await verifyWebhookSignature({ payload: after.body, headers: headerRecord(after.headers), secret: first.secret });
  });

  it('names the bad path of a scenario webhook', () => {
    const issuesOf = (webhooks: unknown[]) => {
      try {
        createMock(scenario(webhooks));
      } catch (error) {
        if (error instanceof ScenarioError) return error.issues.map((issue) => issue.path);
      }
      return [];
    };
    expect(issuesOf([{ url: 'ftp://example.com', events: ['sms.sent'] }])).toEqual(['tenants[0].webhooks[0].url']);
    expect(issuesOf([{ url: 'http://127.0.0.1:1/h', events: ['sms.nope'] }])).toEqual([
      'tenants[0].webhooks[0].events[0]',
    ]);
    expect(issuesOf([{ url: 'http://127.0.0.1:1/h', secret: 'whsec_short' }])).toEqual([
      'tenants[0].webhooks[0].secret',
    ]);
    const id = '5b0d8c61-5a3e-4c1f-9d2a-7e6f4b3a2c10';
    expect(
      issuesOf([
        { id, url: 'http://127.0.0.1:1/a' },
        { id, url: 'http://127.0.0.1:1/b' },
      ]),
    ).toEqual(['tenants[0].webhooks[1].id']);
  });
});

describe('webhook control routes', () => {
  it('POST/GET/DELETE /__mock/webhooks, rotate-secret, deliveries?status=, replay', async () => {
    const mock = demo();
    const hook = await receiver((n) => (n === 1 ? 503 : 204));
    const created = await control(mock, 'POST', '/webhooks', {
      tenantId: DEMO_TENANTS.sandbox,
      url: hook.url,
      events: ['contact.changed'],
    });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ success: true, meta: { requestId: expect.any(String) as unknown } });
    const { id, secret } = created.data as { id: string; secret: string };
    expect(secret).toMatch(/^whsec_/);

    const list = await control(mock, 'GET', '/webhooks');
    expect(list.data.webhooks).toEqual([expect.objectContaining({ id, url: hook.url, events: ['contact.changed'] })]);
    expect(JSON.stringify(list.json)).not.toContain(secret);

    await createContact(mock);
    const pending = await control(mock, 'GET', '/deliveries?status=pending&wait=true');
    expect(pending.data.deliveries).toEqual([
      expect.objectContaining({ status: 'pending', attempts: [expect.objectContaining({ status: 503 })] }),
    ]);
    expect((await control(mock, 'POST', '/clock/advance', { ms: 5_000 })).status).toBe(200);
    const succeeded = await control(mock, 'GET', '/deliveries?status=succeeded&wait=true');
    const [delivery] = succeeded.data.deliveries as { id: string; eventId: string }[];
    if (delivery === undefined) throw new Error('no delivery');

    const rotated = await control(mock, 'POST', `/webhooks/${id}/rotate-secret`, { windowSeconds: 60 });
    expect(rotated.status).toBe(200);
    expect(rotated.data).toMatchObject({ id, secret: expect.stringMatching(/^whsec_/) as unknown });
    const replay = await control(mock, 'POST', `/deliveries/${delivery.id}/replay`);
    expect(replay.status).toBe(202);
    expect(replay.data.delivery).toMatchObject({ replayOf: delivery.id, eventId: delivery.eventId });
    await mock.idle();
    const last = hook.received.at(-1);
    if (last === undefined) throw new Error('nothing received');
    expect(String(last.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(last.headers['webhook-id']).toBe(delivery.eventId);

    expect((await control(mock, 'GET', `/deliveries/${delivery.id}`)).data.delivery).toMatchObject({ id: delivery.id });
    expect((await control(mock, 'PATCH', `/webhooks/${id}`, { enabled: false })).data.webhook).toMatchObject({
      enabled: false,
    });
    expect((await control(mock, 'POST', `/deliveries/${delivery.id}/replay`)).status).toBe(409);
    expect((await control(mock, 'DELETE', `/webhooks/${id}`)).data).toEqual({ id, deleted: true });
    expect((await control(mock, 'GET', '/webhooks')).data.webhooks).toEqual([]);
    expect((await control(mock, 'DELETE', `/webhooks/${id}`)).status).toBe(404);
    expect((await control(mock, 'POST', `/webhooks/${id}/rotate-secret`)).status).toBe(404);
  });

  it('validates bodies and filters in the error envelope', async () => {
    const mock = demo();
    const unknownTenant = await control(mock, 'POST', '/webhooks', {
      tenantId: '5b0d8c61-5a3e-4c1f-9d2a-7e6f4b3a2c10',
      url: 'http://127.0.0.1:1/hooks',
      events: ['*'],
    });
    expect(unknownTenant.status).toBe(400);
    expect(unknownTenant.json).toMatchObject({
      success: false,
      error: { code: 'VALIDATION_ERROR', details: [{ path: ['body', 'tenantId'] }] },
    });
    const badEvents = await control(mock, 'POST', '/webhooks', {
      tenantId: DEMO_TENANTS.sandbox,
      url: 'http://127.0.0.1:1/hooks',
      events: ['sms.sent', 'nope'],
    });
    expect(badEvents.json).toMatchObject({ error: { details: [{ path: ['body', 'events', '1'] }] } });
    const badStatus = await control(mock, 'GET', '/deliveries?status=lost');
    expect(badStatus.json).toMatchObject({
      error: { code: 'VALIDATION_ERROR', details: [{ path: ['query', 'status'] }] },
    });
    expect((await control(mock, 'POST', '/deliveries/5b0d8c61-5a3e-4c1f-9d2a-7e6f4b3a2c10/replay')).status).toBe(404);
    // A method the path lacks is 405, naming those it has.
    const put = await mock.fetch('/__mock/webhooks', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('{ control: false } removes the webhook routes with the rest', async () => {
    const mock = demo('demo', false);
    for (const [method, path] of [
      ['GET', '/webhooks'],
      ['POST', '/webhooks'],
      ['GET', '/deliveries'],
    ] as const) {
      const response = await mock.fetch(`/__mock${path}`, { method, headers });
      expect(response.status).toBe(404);
    }
  });
});
