/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMock, type CommFlowMock } from '../../src/index.js';
import { call, DEMO_KEYS, describeTransports, START, type Env, ANN_HEADERS } from '../helpers/env.js';

/** Every field of an injected fault (`mock.injectFault`, `POST /__mock/faults`), as a client sees it. */

const AGENT = '44444444-4444-4444-8444-000000000001';

const contactsNamed = async (env: Env, name: string): Promise<number> =>
  (await call(env, 'GET', `/api/v1/contacts?search=${name}`)).json.data.contacts.length as number;

describeTransports('an injected fault’s status, code and headers', (env) => {
  it('429: Retry-After: 1, details.retryAfterSeconds 1, RATE_LIMITED, X-Mock-Fault, and nothing done', async () => {
    env().mock.injectFault({ method: 'POST', path: '/api/v1/contacts', status: 429 });
    const reply = await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Limited' } });
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toBe('1');
    expect(reply.headers.get('x-mock-fault')).toBe('injected');
    expect(reply.json.error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/\S/),
      details: { retryAfterSeconds: 1 },
    });
    // The request still counted against the real window, which the headers report as usual.
    expect(reply.headers.get('ratelimit-remaining')).toBe('599');
    expect(await contactsNamed(env(), 'Limited')).toBe(0);
  });

  it('another status: no Retry-After and no details, the code given, X-Mock-Fault', async () => {
    env().mock.injectFault({ method: 'POST', path: '/api/v1/contacts', status: 503, code: 'UPSTREAM_DOWN' });
    const reply = await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Down' } });
    expect(reply.status).toBe(503);
    expect(reply.headers.get('retry-after')).toBeNull();
    expect(reply.headers.get('x-mock-fault')).toBe('injected');
    expect(reply.headers.get('x-request-id')).toBe(reply.json.meta.requestId);
    expect(reply.json.error).toEqual({ code: 'UPSTREAM_DOWN', message: expect.stringMatching(/\S/) });
    expect(await contactsNamed(env(), 'Down')).toBe(0);
  });

  it('without a code, the catalogue code of its status', async () => {
    const expected: [status: number, code: string][] = [
      [404, 'NOT_FOUND'],
      [405, 'METHOD_NOT_ALLOWED'],
      [413, 'PAYLOAD_TOO_LARGE'],
      [415, 'UNSUPPORTED_MEDIA_TYPE'],
      [429, 'RATE_LIMITED'],
      [500, 'INTERNAL_ERROR'],
      // Statuses the catalogue does not use: a 5xx is an INTERNAL_ERROR.
      [502, 'INTERNAL_ERROR'],
      [503, 'INTERNAL_ERROR'],
    ];
    for (const [status, code] of expected) {
      env().mock.injectFault({ path: '/api/v1/users', status });
      const reply = await call(env(), 'GET', '/api/v1/users');
      expect([reply.status, reply.json.error.code]).toEqual([status, code]);
      expect(reply.headers.get('x-mock-fault')).toBe('injected');
    }
  });

  it('a VALIDATION_ERROR, given or chosen for a 4xx the catalogue does not use, lists no issues (details: [])', async () => {
    for (const fault of [{ status: 400 }, { status: 418 }, { status: 422, code: 'VALIDATION_ERROR' }]) {
      env().mock.injectFault({ path: '/api/v1/users', ...fault });
      const reply = await call(env(), 'GET', '/api/v1/users');
      expect([reply.status, reply.json.error]).toEqual([
        fault.status,
        { code: 'VALIDATION_ERROR', message: expect.stringMatching(/\S/), details: [] },
      ]);
    }
  });

  it('a path template matches every concrete path; a concrete path matches only itself; the method must match', async () => {
    env().mock.injectFault({ method: 'GET', path: '/api/v1/ai/agents/{id}', status: 502, times: 2 });
    expect((await call(env(), 'GET', `/api/v1/ai/agents/${AGENT}`)).status).toBe(502);
    expect((await call(env(), 'GET', '/api/v1/ai/agents/44444444-4444-4444-8444-000000000002')).status).toBe(502);
    expect((await call(env(), 'GET', `/api/v1/ai/agents/${AGENT}`)).status).toBe(200);

    env().mock.injectFault({ method: 'POST', path: `/api/v1/ai/agents/${AGENT}/test-chat`, status: 500 });
    const chat = { messages: [{ role: 'user', content: 'hi' }] };
    // Another agent, and another method on the same path, leave the fault pending.
    const other = await call(env(), 'POST', '/api/v1/ai/agents/44444444-4444-4444-8444-000000000002/test-chat', {
      body: chat,
    });
    expect(other.status).toBe(200);
    expect((await call(env(), 'GET', `/api/v1/ai/agents/${AGENT}`)).status).toBe(200);
    expect((await call(env(), 'POST', `/api/v1/ai/agents/${AGENT}/test-chat`, { body: chat })).status).toBe(500);
  });

  it('acts where the operation would run: a request refused before it leaves the fault pending', async () => {
    env().mock.injectFault({ method: 'POST', path: '/api/v1/contacts', status: 500, times: 1 });
    // Refused by authentication, by gating and by validation: none of them reaches the fault.
    expect((await call(env(), 'POST', '/api/v1/contacts', { key: DEMO_KEYS.revoked, body: {} })).status).toBe(401);
    expect((await call(env(), 'POST', '/api/v1/contacts', { key: DEMO_KEYS.usersOnly, body: {} })).status).toBe(403);
    expect((await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: '' } })).status).toBe(400);
    expect((await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Now' } })).status).toBe(500);
    expect((await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Now' } })).status).toBe(201);
  });
});

describe('an injected fault’s delayMs (on the fake timers of the test, never the wall clock)', () => {
  let mock: CommFlowMock | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await mock?.close();
    mock = undefined;
  });

  const headers = { ...ANN_HEADERS };

  /** Starts a request and reports whether it has answered yet. */
  function start(request: Promise<Response>) {
    const state: { response?: Response } = {};
    void request.then((response) => (state.response = response));
    return state;
  }

  it('stalls the answer exactly delayMs, then answers: with the operation’s result, or the fault’s status', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock = createMock('demo', { clock: { frozen: true, start: START } });
    mock.injectFault({ method: 'GET', path: '/api/v1/users', delayMs: 5_000 });
    const stalled = start(mock.fetch('/api/v1/users', { headers }));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(stalled.response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(stalled.response?.status).toBe(200);
    // The operation ran after the stall: the answer holds the users.
    expect(((await stalled.response?.json()) as { data: { users: unknown[] } }).data.users.length).toBeGreaterThan(0);
    expect(stalled.response?.headers.get('x-mock-fault')).toBeNull();

    mock.injectFault({ method: 'GET', path: '/api/v1/users', delayMs: 2_000, status: 504 });
    const failing = start(mock.fetch('/api/v1/users', { headers }));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(failing.response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(failing.response?.status).toBe(504);
    expect(failing.response?.headers.get('x-mock-fault')).toBe('injected');

    // Once used up, the path answers at once again.
    const after = start(mock.fetch('/api/v1/users', { headers }));
    await vi.advanceTimersByTimeAsync(0);
    expect(after.response?.status).toBe(200);
  });

  it('a stalled request holds its Idempotency-Key: a duplicate is IDEMPOTENCY_IN_PROGRESS, a later one a replay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock = createMock('demo', { clock: { frozen: true, start: START } });
    mock.injectFault({ method: 'POST', path: '/api/v1/contacts', delayMs: 10_000 });
    const post = () =>
      mock!.fetch('/api/v1/contacts', {
        method: 'POST',
        headers: { ...headers, 'Idempotency-Key': 'held', 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Held' }),
      });
    const first = start(post());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(first.response).toBeUndefined();
    const duplicate = await post();
    expect(duplicate.status).toBe(409);
    const body = (await duplicate.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(body.error.message).toMatch(/\S/);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(first.response?.status).toBe(201);
    const replay = await post();
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });
});
