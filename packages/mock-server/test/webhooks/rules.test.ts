// The rules of webhook subscriptions and deliveries a user meets through the mock's methods and
// its control routes: what a secret, an event filter and a URL may be, how long an old secret
// keeps signing after a rotation, what a tenant's reset or deletion takes with it, and what a
// snapshot keeps of the deliveries.
import { verifyWebhookSignature } from '@commflow/contract/webhooks';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  createMock,
  DEMO_KEYS,
  DEMO_TENANTS,
  type CommFlowMock,
  type CreateWebhookSubscriptionInput,
} from '../../src/index.js';
import { headerRecord, fixtures, type Receiver } from './helpers.js';

const ANN = 'ann.lee@acme.test';
const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox, 'X-User-Email': ANN };
const HOUR = 3_600_000;

/** Closes what a test opened, the newest first. */
const open = fixtures();

/** A demo mock on a frozen clock at the real current second (inside verifiers' ±5 min window). */
function demo(): CommFlowMock {
  const mock = createMock('demo', { clock: { frozen: true, start: Math.floor(Date.now() / 1000) * 1000 } });
  open.defer(() => mock.close());
  return mock;
}

const receiver = (answer: Receiver['answer'] = () => 204): Promise<Receiver> => open.receiver(answer);

/** `whsec_` and base64 of `bytes` bytes. */
const secretOf = (bytes: number) => `whsec_${Buffer.alloc(bytes, 7).toString('base64')}`;

/** Runs `work`, expects an `ApiError`, and returns it. */
function apiError(work: () => unknown): ApiError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('no error thrown');
}

async function createContact(mock: CommFlowMock, tenant: 'sandbox' | 'live' = 'sandbox') {
  const response = await mock.fetch('/api/v1/contacts', {
    method: 'POST',
    headers: {
      ...headers,
      ...(tenant === 'live'
        ? { 'X-API-Key': DEMO_KEYS.live, 'X-Tenant-Id': DEMO_TENANTS.live, 'X-User-Email': 'grace@globex.test' }
        : {}),
      'content-type': 'application/json',
    },
    body: JSON.stringify({ firstName: 'Ada' }),
  });
  expect(response.status).toBe(201);
}

async function control(mock: CommFlowMock, method: string, path: string, body?: unknown) {
  const response = await mock.fetch(`/__mock${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('what a subscription may be', () => {
  it('a given secret encodes 24 to 64 bytes; outside that, or not base64, it is refused naming the field', () => {
    const mock = demo();
    const subscribe = (secret: string) =>
      mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: 'http://127.0.0.1:9/hooks', secret });
    for (const bytes of [24, 64]) expect(subscribe(secretOf(bytes)).secret).toBe(secretOf(bytes));
    for (const bytes of [23, 65]) {
      expect(apiError(() => subscribe(secretOf(bytes))).details).toEqual([
        { path: ['input', 'secret'], message: 'must encode 24 to 64 bytes' },
      ]);
    }
    expect(apiError(() => subscribe('whsec_not base64!')).details).toEqual(
      expect.arrayContaining([{ path: ['input', 'secret'], message: 'must be "whsec_" followed by base64' }]),
    );
    expect(apiError(() => subscribe(secretOf(32).slice('whsec_'.length))).code).toBe('VALIDATION_ERROR');
    expect(mock.webhooks.list()).toHaveLength(2);
  });

  it('a rotation to a given secret follows the same rule', () => {
    const mock = demo();
    const { id } = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: 'http://127.0.0.1:9/hooks' });
    expect(apiError(() => mock.webhooks.rotateSecret(id, { secret: secretOf(23) })).details).toEqual([
      { path: ['secret'], message: 'must encode 24 to 64 bytes' },
    ]);
    expect(mock.webhooks.rotateSecret(id, { secret: secretOf(40) }).secret).toBe(secretOf(40));
  });

  it('an unknown event type is named, with the types there are; an empty filter is refused; none means every type', () => {
    const mock = demo();
    const subscribe = (events?: string[]) =>
      mock.webhooks.subscribe({
        tenantId: DEMO_TENANTS.sandbox,
        url: 'http://127.0.0.1:9/hooks',
        // Any string, as a JavaScript caller or a JSON body may send.
        ...(events === undefined ? {} : { events: events as CreateWebhookSubscriptionInput['events'] }),
      });
    const [unknown] = apiError(() => subscribe(['sms.sent', 'sms.sentt'])).details as {
      path: string[];
      message: string;
    }[];
    expect(unknown?.path).toEqual(['input', 'events', '1']);
    expect(unknown?.message).toMatch(/^unknown event type "sms\.sentt": expected "\*" or one of .*sms\.sent, /);
    expect(unknown?.message).toContain('contact.changed');
    expect(apiError(() => subscribe([])).details).toEqual([
      { path: ['input', 'events'], message: 'list at least one event type, or "*" for every type' },
    ]);
    expect(subscribe().events).toEqual(['*']);
    expect(subscribe(['sms.sent', 'sms.failed', 'sms.sent']).events).toEqual(['sms.sent', 'sms.failed']);
    expect(subscribe(['sms.sent', '*']).events).toEqual(['*']);
  });

  it('the URL is an absolute http(s) URL of at most 2048 characters', () => {
    const mock = demo();
    const subscribe = (url: string) => mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url });
    expect(apiError(() => subscribe('ftp://127.0.0.1/hooks')).details).toEqual([
      { path: ['input', 'url'], message: 'must be an absolute http:// or https:// URL' },
    ]);
    expect(apiError(() => subscribe('/hooks')).details).toEqual([
      { path: ['input', 'url'], message: 'must be an absolute http:// or https:// URL' },
    ]);
    const long = `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`;
    expect(subscribe(long).url).toBe(long);
    expect(apiError(() => subscribe(`${long}a`)).details).toEqual([
      { path: ['input', 'url'], message: 'must be at most 2048 characters' },
    ]);
  });
});

describe('a rotation', () => {
  it('the old secret signs next to the new one for the window, then no more', async () => {
    const mock = demo();
    const hook = await receiver();
    const { id, secret: first } = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: hook.url });
    const rotated = mock.webhooks.rotateSecret(id, { windowMs: HOUR });
    expect(rotated.previousSecretExpiresAt).toBe(new Date(mock.clock.now() + HOUR).toISOString());
    expect(mock.webhooks.list()[0]?.rotationEndsAt).toBe(rotated.previousSecretExpiresAt);

    const signatures = async () => {
      await createContact(mock);
      await mock.idle();
      const last = hook.received.at(-1);
      if (last === undefined) throw new Error('nothing received');
      return { last, count: String(last.headers['webhook-signature']).split(' ').length };
    };
    mock.advanceClock(HOUR - 1);
    const within = await signatures();
    expect(within.count).toBe(2);
    for (const secret of [first, rotated.secret]) {
      await verifyWebhookSignature({ payload: within.last.body, headers: headerRecord(within.last.headers), secret });
    }
    mock.advanceClock(1);
    expect((await signatures()).count).toBe(1);
    expect(mock.webhooks.list()[0]).not.toHaveProperty('rotationEndsAt');
  });

  it('two rotations within the window sign with all three; rotating back to an old secret keeps it once', async () => {
    const mock = demo();
    const hook = await receiver();
    const { id, secret: first } = mock.webhooks.subscribe({
      tenantId: DEMO_TENANTS.sandbox,
      url: hook.url,
      events: ['contact.changed'],
    });
    const second = mock.webhooks.rotateSecret(id, { windowMs: 2 * HOUR });
    mock.advanceClock(HOUR);
    const third = mock.webhooks.rotateSecret(id, { windowMs: HOUR / 2 });
    // The latest end of the old secrets' windows.
    expect(mock.webhooks.list()[0]?.rotationEndsAt).toBe(new Date(mock.clock.now() + HOUR).toISOString());
    await createContact(mock);
    await mock.idle();
    expect(String(hook.received.at(-1)?.headers['webhook-signature']).split(' ')).toHaveLength(3);
    // Back to the first secret: it is the current one, not also an old one.
    mock.webhooks.rotateSecret(id, { secret: first, windowMs: HOUR / 4 });
    await createContact(mock);
    await mock.idle();
    const last = hook.received.at(-1);
    if (last === undefined) throw new Error('nothing received');
    expect(String(last.headers['webhook-signature']).split(' ')).toHaveLength(3);
    for (const secret of [first, second.secret, third.secret]) {
      await verifyWebhookSignature({ payload: last.body, headers: headerRecord(last.headers), secret });
    }
  });

  it('a window of 0 ends the old secret at once; a negative or endless one is refused', () => {
    const mock = demo();
    const { id } = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: 'http://127.0.0.1:9/hooks' });
    mock.webhooks.rotateSecret(id, { windowMs: 0 });
    expect(mock.webhooks.list()[0]).not.toHaveProperty('rotationEndsAt');
    for (const windowMs of [-1, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(apiError(() => mock.webhooks.rotateSecret(id, { windowMs })).details).toEqual([
        { path: ['windowMs'], message: 'must be a finite number >= 0' },
      ]);
    }
  });

  it('over the control route, the window is in seconds and the default is 24 hours', async () => {
    const mock = demo();
    const { id } = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: 'http://127.0.0.1:9/hooks' });
    const now = mock.clock.now();
    const rotated = await control(mock, 'POST', `/webhooks/${id}/rotate-secret`, { windowSeconds: 90 });
    expect(rotated.json).toMatchObject({ data: { previousSecretExpiresAt: new Date(now + 90_000).toISOString() } });
    const byDefault = await control(mock, 'POST', `/webhooks/${id}/rotate-secret`);
    expect(byDefault.json).toMatchObject({
      data: { previousSecretExpiresAt: new Date(now + 24 * HOUR).toISOString() },
    });
  });
});

describe('a tenant takes its own subscriptions and deliveries with it, no other', () => {
  for (const how of ['delete', 'reset'] as const) {
    it(`on ${how}`, async () => {
      const mock = demo();
      const created = mock.tenants.create({ from: DEMO_TENANTS.live });
      const hook = await receiver(() => 500);
      const sandbox = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: hook.url });
      const live = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.live, url: hook.url });
      const other = mock.webhooks.subscribe({ tenantId: created.tenant.id, url: hook.url });
      await createContact(mock, 'sandbox');
      await createContact(mock, 'live');
      await mock.idle();
      expect(mock.deliveries({ status: 'pending' })).toHaveLength(2);

      if (how === 'delete') mock.tenants.delete(DEMO_TENANTS.live);
      else mock.tenants.reset(DEMO_TENANTS.live);
      expect(mock.webhooks.list().map((subscription) => subscription.id)).toEqual([sandbox.id, other.id]);
      expect(mock.deliveries().map((delivery) => delivery.subscriptionId)).toEqual([sandbox.id]);
      if (how === 'reset') expect(mock.deliveries({ tenantId: DEMO_TENANTS.live })).toEqual([]);
      // A deleted tenant's id is one no tenant has: a filter by it is refused, not an empty list.
      else expect(() => mock.deliveries({ tenantId: DEMO_TENANTS.live })).toThrow('unknown tenant id');
      // Its retries are gone too: the clock passing the retry time sends only the sandbox's.
      const before = hook.received.length;
      mock.advanceClock(60_000);
      await mock.idle();
      expect(hook.received.length).toBe(before + 1);
      expect(live.id).not.toBe(other.id);
    });
  }

  it('a reset while an attempt is in flight records nothing of that attempt', async () => {
    const mock = demo();
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => undefined;
    const called = new Promise<void>((resolve) => {
      started = resolve;
    });
    mock.webhooks.subscribe({
      tenantId: DEMO_TENANTS.live,
      callback: async () => {
        started();
        await answered;
        return new Response(null, { status: 500 });
      },
    });
    await createContact(mock, 'live');
    await called; // the first attempt is in flight, waiting for its answer
    expect(mock.deliveries()).toEqual([expect.objectContaining({ status: 'pending', attempts: [] })]);
    mock.tenants.reset(DEMO_TENANTS.live);
    release();
    await mock.idle();
    expect(mock.deliveries()).toEqual([]);
    mock.advanceClock(60_000);
    await mock.idle();
    expect(mock.deliveries()).toEqual([]);
  });
});

describe('a snapshot keeps the deliveries as they were', () => {
  it('attempts with and without a status or an error, exactly; pending ones retry on time after a restore', async () => {
    const mock = demo();
    let n = 0;
    mock.webhooks.subscribe({
      tenantId: DEMO_TENANTS.sandbox,
      callback: () => {
        n += 1;
        if (n === 1) throw new Error('receiver down');
        return new Response(null, { status: n === 2 ? 503 : 204 });
      },
    });
    await createContact(mock);
    await mock.idle();
    mock.advanceClock(5_000);
    await mock.idle();
    const [pending] = mock.deliveries();
    expect(pending?.attempts).toHaveLength(2);
    expect(Object.keys(pending?.attempts[0] ?? {}).sort()).toEqual(['at', 'durationMs', 'error']);
    expect(Object.keys(pending?.attempts[1] ?? {}).sort()).toEqual(['at', 'durationMs', 'error', 'status']);

    const snapshot = JSON.parse(JSON.stringify(mock.snapshot())) as unknown;
    const again = createMock('demo', { clock: { frozen: true, start: 0 } });
    open.defer(() => again.close());
    // An in-process subscription comes back only where its callback is: here, the same mock.
    mock.restore(snapshot);
    expect(mock.deliveries()).toStrictEqual([pending]);
    again.restore(snapshot);
    expect(again.deliveries()).toStrictEqual([pending]);
    expect(again.webhooks.list()).toEqual([]);

    // The restored pending delivery retries at its time.
    const due = Date.parse(pending?.nextAttemptAt ?? '') - mock.clock.now();
    mock.advanceClock(due - 1);
    await mock.idle();
    expect(mock.deliveries()[0]?.attempts).toHaveLength(2);
    mock.advanceClock(1);
    await mock.idle();
    expect(mock.deliveries()[0]).toMatchObject({ status: 'succeeded', attempts: [{}, {}, { status: 204 }] });
  });
});

describe('what counts as delivered, and why an attempt failed', () => {
  /** The first attempt of the delivery of one contact event to a callback answering `answer`. */
  async function firstAttempt(answer: () => unknown) {
    const mock = demo();
    mock.webhooks.subscribe({
      tenantId: DEMO_TENANTS.sandbox,
      events: ['contact.changed'],
      callback: answer as () => number,
    });
    await createContact(mock);
    await mock.idle();
    const [delivery] = mock.deliveries();
    return { status: delivery?.status, attempt: delivery?.attempts[0] };
  }

  it('a callback answering nothing, a 2xx status or a 2xx Response delivers', async () => {
    for (const answer of [() => undefined, () => 200, () => 299, () => new Response(null, { status: 202 })]) {
      const { status, attempt } = await firstAttempt(answer);
      expect(status).toBe('succeeded');
      expect(attempt).not.toHaveProperty('error');
    }
  });

  it('any other HTTP status fails the attempt, a 3xx as a redirect that is not followed', async () => {
    const cases: [() => unknown, number, string][] = [
      [() => 100, 100, 'HTTP 100 is not a 2xx'],
      [() => 300, 300, 'redirect (HTTP 300): redirects are not followed'],
      [() => 399, 399, 'redirect (HTTP 399): redirects are not followed'],
      [() => 400, 400, 'HTTP 400 is not a 2xx'],
      [() => 599, 599, 'HTTP 599 is not a 2xx'],
      [
        () => new Response(null, { status: 302, headers: { location: 'https://elsewhere.test/hooks' } }),
        302,
        'redirect (HTTP 302) to https://elsewhere.test/hooks: redirects are not followed',
      ],
    ];
    for (const [answer, httpStatus, error] of cases) {
      const { status, attempt } = await firstAttempt(answer);
      expect(status).toBe('pending');
      expect(attempt).toMatchObject({ status: httpStatus, error });
    }
  });

  it('a number that is no HTTP status, or an answer of another kind, fails naming it', async () => {
    for (const value of [99, 600, 200.5]) {
      const { attempt } = await firstAttempt(() => value);
      expect(attempt?.error).toBe(`the callback answered ${value}, which is not an HTTP status`);
      expect(attempt).not.toHaveProperty('status');
    }
    for (const value of ['ok', { status: 200 }]) {
      const { attempt } = await firstAttempt(() => value);
      expect(attempt?.error).toBe('the callback answered neither a Response, a status code nor nothing');
    }
  });

  it('a callback that throws fails the attempt with what it threw', async () => {
    const thrown = await firstAttempt(() => {
      throw new Error('receiver down');
    });
    expect(thrown.attempt?.error).toBe('the callback threw: receiver down');
    const notAnError = await firstAttempt(() => {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- a callback may throw anything
      throw 'just a string';
    });
    expect(notAnError.attempt?.error).toBe('the callback threw: just a string');
  });

  it('an endpoint nobody listens on fails with the connection error', async () => {
    const closed = await receiver();
    await closed.close();
    const mock = demo();
    mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: closed.url, events: ['contact.changed'] });
    await createContact(mock);
    await mock.idle();
    const [delivery] = mock.deliveries();
    expect(delivery?.attempts[0]?.error).toMatch(/^connection failed: ECONNREFUSED \S/);
    expect(delivery?.attempts[0]).not.toHaveProperty('status');
  });

  it('a subscription deleted while its retry waits: the retry fails at once, for good, without sending', async () => {
    const mock = demo();
    const hook = await receiver(() => 500);
    const { id } = mock.webhooks.subscribe({
      tenantId: DEMO_TENANTS.sandbox,
      url: hook.url,
      events: ['contact.changed'],
    });
    await createContact(mock);
    await mock.idle();
    mock.webhooks.delete(id);
    mock.advanceClock(5_000);
    await mock.idle();
    const [delivery] = mock.deliveries();
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: [{ status: 500 }, { error: 'the subscription was deleted' }],
    });
    expect(delivery).not.toHaveProperty('nextAttemptAt');
    mock.advanceClock(24 * HOUR);
    await mock.idle();
    expect(mock.deliveries()[0]?.attempts).toHaveLength(2);
    expect(hook.received).toHaveLength(1);
    // Nor can it be replayed, or its request rebuilt: the subscription is named as missing.
    const replay = await control(mock, 'POST', `/deliveries/${delivery?.id ?? ''}/replay`);
    expect(replay.status).toBe(404);
    expect(JSON.stringify(replay.json)).toContain('Webhook subscription');
  });

  it('a secret that cannot sign (a snapshot edited by hand) fails each attempt saying so', async () => {
    const mock = demo();
    mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: 'http://127.0.0.1:9/hooks', events: ['*'] });
    const snapshot = JSON.parse(JSON.stringify(mock.snapshot())) as {
      state: { subscriptions: { secret: string }[] };
    };
    const [subscription] = snapshot.state.subscriptions;
    if (subscription !== undefined) subscription.secret = 'whsec_';
    mock.restore(snapshot);
    await createContact(mock);
    await mock.idle();
    const [delivery] = mock.deliveries();
    expect(delivery?.status).toBe('pending');
    expect(delivery?.attempts[0]?.error).toMatch(/^could not sign: \S/);
  });

  it('after close(), the deliveries stay readable; a replay is refused', async () => {
    const mock = demo();
    mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, callback: () => 204, events: ['contact.changed'] });
    await createContact(mock);
    await mock.idle();
    const [delivery] = mock.deliveries();
    await mock.close();
    expect(mock.deliveries()).toEqual([delivery]);
    expect(() => mock.webhooks.replay(delivery?.id ?? '')).toThrow('The webhook dispatcher is closed.');
  });

  it('unknown ids are named in the not-found message', async () => {
    const mock = demo();
    const unknown = '5b0d8c61-5a3e-4c1f-9d2a-7e6f4b3a2c10';
    expect(apiError(() => mock.webhooks.replay(unknown)).message).toContain('Webhook delivery');
    expect(
      apiError(() => {
        mock.webhooks.delete(unknown);
      }).message,
    ).toContain('Webhook subscription');
    const taken = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: 'http://127.0.0.1:9/hooks' });
    const duplicate = apiError(() =>
      mock.webhooks.subscribe({ id: taken.id, tenantId: DEMO_TENANTS.sandbox, url: 'http://127.0.0.1:9/hooks' }),
    );
    expect(duplicate).toMatchObject({ status: 409, code: 'WEBHOOK_EXISTS' });
    expect(duplicate.message).toBe(`A webhook subscription with id "${taken.id}" already exists.`);
    expect((await control(mock, 'GET', `/deliveries/${unknown}`)).status).toBe(404);
  });
});

describe('finished deliveries in a snapshot', () => {
  it('keep their attempts exactly, have no next attempt, and are not sent again after a restore', async () => {
    const mock = demo();
    let calls = 0;
    mock.webhooks.subscribe({
      tenantId: DEMO_TENANTS.sandbox,
      events: ['contact.changed'],
      callback: () => {
        calls += 1;
        return 204;
      },
    });
    await createContact(mock);
    await createContact(mock);
    await mock.idle();
    const delivered = mock.deliveries();
    expect(delivered.map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded']);
    const snapshot = mock.snapshot();
    expect(snapshot.state.deliveries.map((delivery) => delivery.nextAttemptAt)).toEqual([null, null]);
    mock.restore(JSON.parse(JSON.stringify(snapshot)) as unknown);
    await mock.idle();
    expect(mock.deliveries()).toStrictEqual(delivered);
    expect(calls).toBe(2);
    // Filtered by event, each is found alone.
    for (const delivery of delivered) expect(mock.deliveries({ eventId: delivery.eventId })).toEqual([delivery]);
  });
});

describe('subscriptions elsewhere: a callback, an exported scenario, a snapshot mid-rotation', () => {
  it('a callback that is not a function is refused naming `callback`', () => {
    const mock = demo();
    const error = apiError(() =>
      mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, callback: 'https://example.com' } as never),
    );
    expect(error.details).toEqual([{ path: ['input', 'callback'], message: 'must be a function' }]);
    expect(mock.webhooks.list()).toEqual([]);
  });

  it('an exported scenario declares the endpoint subscriptions with their secrets, not the callbacks', () => {
    const mock = demo();
    const endpoint = mock.webhooks.subscribe({
      tenantId: DEMO_TENANTS.live,
      url: 'http://127.0.0.1:9/hooks',
      events: ['sms.sent', 'sms.failed'],
      enabled: false,
    });
    mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.live, callback: () => 204 });
    const exported = mock.exportScenario();
    const webhooks = exported.tenants?.map((tenant) => ({ id: tenant.id, webhooks: tenant.webhooks }));
    expect(webhooks).toEqual([
      { id: DEMO_TENANTS.sandbox, webhooks: [] },
      {
        id: DEMO_TENANTS.live,
        webhooks: [
          {
            id: endpoint.id,
            url: 'http://127.0.0.1:9/hooks',
            events: ['sms.sent', 'sms.failed'],
            secret: endpoint.secret,
            enabled: false,
          },
        ],
      },
    ]);
    // Loaded again, the subscription is the same, secret included.
    const again = createMock(exported, { clock: { frozen: true } });
    open.defer(() => again.close());
    expect(again.webhooks.list()).toEqual([
      expect.objectContaining({ id: endpoint.id, maskedSecret: mock.webhooks.list()[0]?.maskedSecret }),
    ]);
  });

  it('a snapshot taken mid-rotation restores both secrets, and the window’s end', async () => {
    const mock = demo();
    const hook = await receiver();
    const { id, secret: old } = mock.webhooks.subscribe({
      tenantId: DEMO_TENANTS.sandbox,
      url: hook.url,
      events: ['contact.changed'],
    });
    const rotated = mock.webhooks.rotateSecret(id, { windowMs: HOUR });
    const snapshot = JSON.parse(JSON.stringify(mock.snapshot())) as unknown;
    const fresh = createMock('demo', { clock: { frozen: true } });
    open.defer(() => fresh.close());
    fresh.restore(snapshot);
    expect(fresh.webhooks.list()[0]?.rotationEndsAt).toBe(rotated.previousSecretExpiresAt);
    await createContact(fresh);
    await fresh.idle();
    const last = hook.received.at(-1);
    if (last === undefined) throw new Error('nothing received');
    expect(String(last.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [old, rotated.secret]) {
      await verifyWebhookSignature({ payload: last.body, headers: headerRecord(last.headers), secret });
    }
  });
});
