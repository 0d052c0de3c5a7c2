import { createMock } from '@commflow/mock-server';
import { describe, expect, it } from 'vitest';
import {
  APITimeoutError,
  APIUserAbortError,
  CommFlow,
  CommFlowError,
  RateLimitError,
  type Fetch,
  type Logger,
  type WaitContext,
} from '../src/index.js';
import { ANN, BASE_URL, BOB, DEMO_TENANTS, rejectionOf } from './helpers.js';

const tenantId = DEMO_TENANTS.sandbox;

/** A demo mock with a key limited to `limit` requests per `windowSeconds`. */
function limited(limit: number, windowSeconds: number) {
  const mock = createMock('demo');
  const { key } = mock.createApiKey({ tenantIds: [tenantId], rateLimit: { limit, windowSeconds } });
  return { mock, key };
}

function quietLogger() {
  const warnings: string[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (line) => void warnings.push(line),
    error: () => undefined,
  };
  return { warnings, logger };
}

describe("rateLimit: 'auto'", () => {
  it('30 concurrent calls on a key limited to 5 per second all succeed, and the mock answers no 429', async () => {
    const { mock, key } = limited(5, 1);
    const waits: WaitContext[] = [];
    const client = new CommFlow({
      apiKey: key,
      tenantId,
      baseUrl: BASE_URL,
      fetch: mock.fetch,
      rateLimit: 'auto',
      logLevel: 'off',
      hooks: { onWait: (ctx) => void waits.push(ctx) },
    });
    // Half the calls through withUser copies: they share the client's queue.
    const calls = Array.from({ length: 30 }, (_, i) =>
      i % 2 === 0 ? client.users.list() : client.withUser(ANN).contacts.list(),
    );
    const results = await Promise.all(calls);
    expect(results).toHaveLength(30);
    const statuses = mock.journal().map((entry) => entry.status);
    expect(statuses).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(0);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits.every((wait) => wait.reason === 'rate-limit' && wait.segmentMs > 0 && wait.segmentMs <= 1_000)).toBe(
      true,
    );
  }, 60_000);

  it("with rateLimit: 'off', the same burst runs into 429s (which the SDK then retries)", async () => {
    const { mock, key } = limited(5, 1);
    const client = new CommFlow({
      apiKey: key,
      tenantId,
      baseUrl: BASE_URL,
      fetch: mock.fetch,
      logLevel: 'off',
      rateLimit: 'off',
    });
    await Promise.all(Array.from({ length: 10 }, () => client.users.list().catch(() => undefined)));
    expect(mock.journal().filter((entry) => entry.status === 429).length).toBeGreaterThan(0);
  }, 60_000);

  it('a call waiting in the queue honours its AbortSignal, and one whose window resets after its timeout fails at once', async () => {
    const { mock, key } = limited(1, 60);
    const { warnings, logger } = quietLogger();
    const client = new CommFlow({
      apiKey: key,
      tenantId,
      baseUrl: BASE_URL,
      fetch: mock.fetch,
      rateLimit: 'auto',
      logger,
    });
    await client.users.list(); // the window's one request: remaining 0, reset in 60 s
    const controller = new AbortController();
    const queued = client.users.list({}, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 20)); // waiting in the queue by now
    controller.abort();
    expect(await rejectionOf(queued)).toBeInstanceOf(APIUserAbortError);
    // The wait over 2 s was logged once, before it started, saying how to change it.
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^\[commflow\] users\.list: the rate limit's window is used up\. Calls wait (59|60)(\.\d)? s in the queue until it resets\. \(rateLimit: 'off' sends them at once; a call's timeout bounds its wait\.\)$/,
    );
    const timedOut = await rejectionOf(client.withUser(BOB).users.list({}, { timeout: 1_000 }));
    expect(timedOut).toBeInstanceOf(APITimeoutError);
    expect((timedOut as Error).message).toMatch(/nothing was sent/);
    expect(mock.journal()).toHaveLength(1);
  });

  it('responses without rate-limit headers leave calls unpaced (not one at a time)', async () => {
    let open = 0;
    let peak = 0;
    const fetch: Fetch = async () => {
      open++;
      peak = Math.max(peak, open);
      await new Promise((resolve) => setTimeout(resolve, 5));
      open--;
      return new Response(JSON.stringify({ success: true, data: { users: [] }, meta: {} }), {
        headers: { 'content-type': 'application/json' },
      });
    };
    const client = new CommFlow({
      apiKey: 'cf_test_0123456789abcdefghijklmn',
      tenantId,
      baseUrl: BASE_URL,
      fetch,
      rateLimit: 'auto',
    });
    await client.users.list(); // the first call goes alone, and reports no limit
    await Promise.all(Array.from({ length: 6 }, () => client.users.list()));
    expect(peak).toBe(6);
  });

  it('the queue is per tenant: a withTenant copy for another tenant is not held by a full one; separate clients do not share', async () => {
    const mock = createMock('demo');
    // An account key over both demo tenants; the mock counts its window across them.
    const { key } = mock.createApiKey({
      tenantIds: [tenantId, DEMO_TENANTS.live],
      rateLimit: { limit: 1, windowSeconds: 60 },
    });
    const client = new CommFlow({ apiKey: key, tenantId, baseUrl: BASE_URL, fetch: mock.fetch, rateLimit: 'auto' });
    await client.users.list(); // the window's one request: this tenant's queue now holds calls
    expect(await rejectionOf(client.withUser(BOB).users.list({}, { timeout: 500 }))).toBeInstanceOf(APITimeoutError);
    // The other tenant's queue knows nothing of it, so its call is sent, and the service says 429.
    const live = client.withTenant(DEMO_TENANTS.live);
    expect(await rejectionOf(live.users.list({}, { maxRetries: 0 }))).toBeInstanceOf(RateLimitError);
    // A fresh client of the same key and tenant has a queue of its own: sent, 429.
    const other = new CommFlow({ apiKey: key, tenantId, baseUrl: BASE_URL, fetch: mock.fetch, rateLimit: 'auto' });
    expect(await rejectionOf(other.users.list({}, { maxRetries: 0 }))).toBeInstanceOf(RateLimitError);
    expect(mock.journal().map((entry) => entry.status)).toEqual([200, 429, 429]);
  });
});

describe('maxConcurrency', () => {
  /** A fetch that holds every request until released, counting how many are open at once. */
  function gated(inner: Fetch) {
    let open = 0;
    let peak = 0;
    const fetch: Fetch = async (request, init) => {
      open++;
      peak = Math.max(peak, open);
      await new Promise((resolve) => setTimeout(resolve, 5));
      try {
        return await inner(request, init);
      } finally {
        open--;
      }
    };
    return { fetch, peak: () => peak };
  }

  it('bounds the calls in flight across withUser copies', async () => {
    const mock = createMock('demo');
    const { key } = mock.createApiKey({ tenantIds: [tenantId], rateLimit: { limit: 1_000_000, windowSeconds: 60 } });
    const gate = gated(mock.fetch);
    const client = new CommFlow({ apiKey: key, tenantId, baseUrl: BASE_URL, fetch: gate.fetch, maxConcurrency: 3 });
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? client.users.list() : client.withUser(ANN).contacts.list())),
    );
    expect(gate.peak()).toBe(3);
    expect(mock.journal()).toHaveLength(12);
  });

  it('a call queued behind a full slot honours its timeout: it fails and sends nothing', async () => {
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const mock = createMock('demo');
    const fetch: Fetch = async (request, init) => {
      sent.push(new URL(request.url).pathname);
      await held;
      return mock.fetch(request, init);
    };
    const { key } = mock.createApiKey({ tenantIds: [tenantId] });
    const client = new CommFlow({ apiKey: key, tenantId, baseUrl: BASE_URL, fetch, maxConcurrency: 1 });
    const first = client.users.list();
    const error = await rejectionOf(client.withUser(ANN).contacts.list({}, { timeout: 50 }));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toBe('contacts.list: waited 50 ms in the client-side queue; nothing was sent.');
    release();
    await first;
    expect(sent).toEqual(['/api/v1/users']);
  });

  it('is validated', () => {
    const make = (maxConcurrency: number) =>
      new CommFlow({ apiKey: 'cf_test_0123456789abcdefghijklmn', tenantId, baseUrl: BASE_URL, maxConcurrency });
    expect(() => make(0)).toThrow(CommFlowError);
    expect(() => make(1.5)).toThrow('maxConcurrency must be an integer > 0.');
    expect(() => make(Infinity)).not.toThrow();
  });
});
