import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  BadRequestError,
  CommFlow,
  ConflictError,
  InternalServerError,
  RateLimitError,
} from '../src/index.js';
import { ANN, BASE_URL, DAN, DEMO_KEYS, DEMO_TENANTS, rejectionOf, setup } from './helpers.js';

/** Whether a promise has settled, without waiting for it. */
function track(promise: Promise<unknown>) {
  const state = { settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

// These tests count requests as they advance fake time: the request core must be loaded first.
beforeAll(() => CommFlow.preload());
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retries through the mock fault injection', () => {
  it('two 503s then success: one effect, one idempotency key', async () => {
    const { ann, mock, sent } = setup();
    mock.injectFault({ method: 'POST', path: '/api/v1/contacts', status: 503, times: 2 });
    const call = ann.contacts.create({ firstName: 'Ann' }).withResponse();
    await vi.runAllTimersAsync();
    const { data, response } = await call;
    expect(response.status).toBe(201);
    expect(sent).toHaveLength(3);
    const keys = new Set(sent.map((request) => request.headers.get('Idempotency-Key')));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(mock.journal().map((entry) => entry.status)).toEqual([503, 503, 201]);
    expect(mock.events({ type: 'contact.changed' })).toHaveLength(1);
    expect(mock.events({ type: 'contact.changed' })[0]?.data).toMatchObject({ contact: data });
  });

  it('backs off exponentially with full jitter', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const { ann, mock, sent } = setup();
    mock.injectFault({ method: 'POST', path: '/api/v1/click2dial', status: 500, times: 2 });
    const call = ann.voice.click2dial({ destination: '+14155550100' });
    const state = track(call);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(495); // first wait: up to 500 ms
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(995); // second wait: up to 1000 ms
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5);
    expect(sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.settled).toBe(true);
    await expect(call).resolves.toMatchObject({ status: 'initiated' });
    expect(mock.calls()).toHaveLength(1);
  });

  it('a 429 with Retry-After waits that long (plus a jitter, here drawn as 0), then retries', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { client, mock, sent } = setup({ rateLimit: 'off' });
    mock.injectFault({ path: '/api/v1/presence', status: 429, times: 1 });
    const call = client.presence.list();
    const state = track(call);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await expect(call).resolves.toHaveLength(5);
  });

  it('a Retry-After longer than maxRetryAfter fails at once with RateLimitError', async () => {
    const { client, mock, sent } = setup({ maxRetryAfter: 500 });
    mock.injectFault({ path: '/api/v1/presence', status: 429, times: 1 });
    const error = await rejectionOf(client.presence.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(sent).toHaveLength(1);
  });

  it('never retries other 4xx', async () => {
    const { ann, client, mock, sent } = setup();
    mock.injectFault({ path: '/api/v1/presence', status: 400, times: 3 });
    await expect(client.presence.list()).rejects.toBeInstanceOf(BadRequestError);
    expect(sent).toHaveLength(1);
    await expect(client.withUser(DAN).voice.click2dial({ destination: '1001' })).rejects.toBeInstanceOf(ConflictError);
    expect(sent).toHaveLength(2);
    await expect(ann.ai.agents.get('99999999-9999-4999-8999-999999999999')).rejects.toMatchObject({ status: 404 });
    expect(sent).toHaveLength(3);
  });

  it('gives up after maxRetries with the last error', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { client, mock, sent } = setup({ maxRetries: 1 });
    mock.injectFault({ path: '/api/v1/presence', status: 502, times: 5 });
    const call = rejectionOf(client.presence.list());
    await vi.runAllTimersAsync();
    expect(await call).toBeInstanceOf(InternalServerError);
    expect(sent).toHaveLength(2);
    const once = rejectionOf(client.presence.list({ maxRetries: 0 }));
    await vi.runAllTimersAsync();
    expect(await once).toMatchObject({ status: 502 });
    expect(sent).toHaveLength(3);
  });

  it('retries 409 IDEMPOTENCY_IN_PROGRESS until the first request finishes, then gets its result', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    // Both calls in flight at once: the default client-side queue would send the second only
    // after the first one's answer told it the window.
    const { ann, mock } = setup({ maxRetries: 5, rateLimit: 'off' });
    mock.injectFault({ method: 'POST', path: '/api/v1/contacts', delayMs: 3000, times: 1 });
    const first = ann.contacts.create({ firstName: 'Ann' }, { idempotencyKey: 'key-1' });
    await vi.advanceTimersByTimeAsync(10);
    const second = ann.contacts.create({ firstName: 'Ann' }, { idempotencyKey: 'key-1' });
    await vi.advanceTimersByTimeAsync(10_000);
    const [a, b] = await Promise.all([first, second]);
    expect(b).toEqual(a);
    expect(mock.journal().map((entry) => entry.errorCode)).toContain('IDEMPOTENCY_IN_PROGRESS');
    expect(mock.events({ type: 'contact.changed' })).toHaveLength(1);
  });

  it('times out an attempt, retries it, and fails with APITimeoutError when retries are spent', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { client, mock, sent } = setup({ timeout: 1000 });
    mock.injectFault({ path: '/api/v1/presence', delayMs: 5000, times: 1 });
    const retried = client.presence.list();
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    await expect(retried).resolves.toHaveLength(5);

    mock.injectFault({ path: '/api/v1/presence', delayMs: 5000, times: 1 });
    const failed = rejectionOf(client.presence.list({ maxRetries: 0, timeout: 200 }));
    await vi.advanceTimersByTimeAsync(200);
    const error = await failed;
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
    await vi.runAllTimersAsync();
  });

  it('an abort rejects with an abort error and is never retried', async () => {
    const { ann, mock, sent } = setup();
    mock.injectFault({ method: 'POST', path: '/api/v1/contacts', delayMs: 5000, times: 1 });
    const controller = new AbortController();
    const call = rejectionOf(ann.contacts.create({ firstName: 'Ann' }, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort(new Error('user left'));
    const error = await call;
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as Error).name).toBe('AbortError');
    expect((error as Error).cause).toMatchObject({ message: 'user left' });
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(1);
  });

  it('an abort during a backoff wait stops at once', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const { client, mock, sent } = setup();
    mock.injectFault({ path: '/api/v1/presence', status: 503, times: 1 });
    const controller = new AbortController();
    const call = rejectionOf(client.presence.list({ signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(await call).toBeInstanceOf(APIUserAbortError);
    await vi.runAllTimersAsync();
    expect(sent).toHaveLength(1);
  });

  it('an already aborted signal sends nothing', async () => {
    const { client, sent } = setup();
    await expect(client.presence.list({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(APIUserAbortError);
    expect(sent).toHaveLength(0);
  });
});

describe('connection errors (a fetch that throws: the mock cannot produce these)', () => {
  it('retries a connection error with the same key, then succeeds', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { mock } = setup();
    const keys: (string | null)[] = [];
    let failures = 1;
    const client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: BASE_URL,
      userEmail: ANN,
      fetch: (request, init) => {
        keys.push(request.headers.get('Idempotency-Key'));
        if (failures-- > 0) return Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNRESET') }));
        return mock.fetch(request, init);
      },
    });
    const call = client.voice.click2dial({ destination: '1002' });
    await vi.runAllTimersAsync();
    await expect(call).resolves.toMatchObject({ status: 'initiated' });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(mock.calls()).toHaveLength(1);
  });

  it('fails with APIConnectionError carrying the cause when retries are spent', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    let attempts = 0;
    const client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: BASE_URL,
      fetch: () => {
        attempts++;
        return Promise.reject(new TypeError('fetch failed'));
      },
    });
    const call = rejectionOf(client.presence.list());
    await vi.runAllTimersAsync();
    const error = await call;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect(attempts).toBe(3);
  });
});
