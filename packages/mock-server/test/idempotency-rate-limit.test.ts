/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { describe, expect, it } from 'vitest';
import { createMock, IDEMPOTENCY_RETENTION_MS } from '../src/index.js';
import { BOB, call, control, DEMO_KEYS, DEMO_TENANTS, describeTransports, START } from './helpers/env.js';

const key = (value: string) => ({ headers: { 'Idempotency-Key': value } });

describeTransports('idempotency (decisions §5)', (env) => {
  it('replays the first response with Idempotent-Replayed and acts once', async () => {
    const first = await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Once' }, ...key('k-1') });
    const second = await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Once' }, ...key('k-1') });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.json.data).toEqual(first.json.data);
    expect(second.json.meta.requestId).toBe(second.headers.get('x-request-id'));
    expect((await call(env(), 'GET', '/api/v1/contacts?search=once')).json.data.contacts).toHaveLength(1);
    expect(env().mock.events({ type: 'contact.changed' })).toHaveLength(1);
  });

  it('the fingerprint is canonical: key order and whitespace do not matter', async () => {
    await call(env(), 'POST', '/api/v1/contacts', {
      rawBody: '{"firstName":"A","lastName":"B"}',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': 'k-2' },
    });
    const again = await call(env(), 'POST', '/api/v1/contacts', {
      rawBody: '{ "lastName": "B", "firstName": "A" }',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': 'k-2' },
    });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('409 IDEMPOTENCY_KEY_REUSED for another body, path or acting user', async () => {
    await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'A' }, ...key('k-3') });
    const body = await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'B' }, ...key('k-3') });
    expect(body.status).toBe(409);
    expect(body.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const user = await call(env(), 'POST', '/api/v1/contacts', { user: BOB, body: { firstName: 'A' }, ...key('k-3') });
    expect(user.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('is scoped to API key + tenant: another key may reuse the value', async () => {
    await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'A' }, ...key('k-4') });
    const other = await call(env(), 'POST', '/api/v1/contacts', {
      key: DEMO_KEYS.partner,
      body: { firstName: 'A' },
      ...key('k-4'),
    });
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(other.status).toBe(201);
  });

  it('stores 4xx domain results, but not 401/403/429/5xx', async () => {
    const noExtension = await call(env(), 'POST', '/api/v1/click2dial', {
      user: 'dan.fox@acme.test',
      body: { destination: '+14155550100' },
      ...key('k-5'),
    });
    expect(noExtension.status).toBe(409);
    const replay = await call(env(), 'POST', '/api/v1/click2dial', {
      user: 'dan.fox@acme.test',
      body: { destination: '+14155550100' },
      ...key('k-5'),
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json.error.code).toBe('NO_EXTENSION');
    env().mock.injectFault({ method: 'POST', path: '/api/v1/contacts', status: 503, times: 1 });
    const failed = await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'A' }, ...key('k-6') });
    expect(failed.status).toBe(503);
    const retried = await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'A' }, ...key('k-6') });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('retains keys 24 hours on the mock clock', async () => {
    await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'A' }, ...key('k-7') });
    env().mock.advanceClock(IDEMPOTENCY_RETENTION_MS - 1);
    expect((await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'B' }, ...key('k-7') })).status).toBe(
      409,
    );
    env().mock.advanceClock(1);
    expect((await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'B' }, ...key('k-7') })).status).toBe(
      201,
    );
  });

  it('409 IDEMPOTENCY_IN_PROGRESS while the first request is still running', async () => {
    // Wide margins, so that a loaded machine still has the first request stalled when the
    // duplicate arrives: it reaches its stall within 250 ms and stays there 3 s.
    env().mock.injectFault({ path: '/api/v1/contacts', method: 'POST', delayMs: 3_000, times: 1 });
    const slow = call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Slow' }, ...key('k-8') });
    await new Promise((resolve) => setTimeout(resolve, 250));
    const duplicate = await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Slow' }, ...key('k-8') });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect((await slow).status).toBe(201);
  });

  it('is ignored on pricing.quote and GETs', async () => {
    const body = { planId: '33333333-3333-4333-8333-000000000001', seatCount: 1, didCount: 0, billingTerm: 'MONTHLY' };
    await call(env(), 'POST', '/api/v1/pricing/quote', { body, ...key('k-9') });
    const other = await call(env(), 'POST', '/api/v1/pricing/quote', {
      body: { ...body, seatCount: 2 },
      ...key('k-9'),
    });
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
  });

  it('50 simultaneous click-to-dials with one key start exactly one call', async () => {
    const replies = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(env(), 'POST', '/api/v1/click2dial', { body: { destination: '+14155550100' }, ...key('dial-once') }),
      ),
    );
    const ids = new Set(replies.filter((r) => r.status === 200).map((r) => r.json.data.callId as string));
    expect(ids.size).toBe(1);
    expect(replies.every((r) => r.status === 200 || r.json.error.code === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
    expect(env().mock.calls()).toHaveLength(1);
    expect(env().mock.events({ type: 'call.started' })).toHaveLength(1);
  });
});

describeTransports('rate limits (decisions §6)', (env) => {
  it('a fixed window per key on the mock clock, 429 with Retry-After and details', async () => {
    const { key: secret } = env().mock.createApiKey({
      tenantIds: [DEMO_TENANTS.sandbox],
      rateLimit: { limit: 3, windowSeconds: 10 },
    });
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++)
      remaining.push((await call(env(), 'GET', '/api/v1/users', { key: secret })).headers.get('ratelimit-remaining'));
    expect(remaining).toEqual(['2', '1', '0']);
    env().mock.advanceClock(4_000);
    const limited = await call(env(), 'GET', '/api/v1/users', { key: secret });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toEqual({
      code: 'RATE_LIMITED',
      message: expect.any(String),
      details: { retryAfterSeconds: 6 },
    });
    expect(limited.headers.get('retry-after')).toBe('6');
    expect(limited.headers.get('ratelimit-reset')).toBe('6');
    expect((await call(env(), 'GET', '/api/v1/users')).status).toBe(200);
    env().mock.advanceClock(6_000);
    expect((await call(env(), 'GET', '/api/v1/users', { key: secret })).status).toBe(200);
  });

  it('uses the scenario default, 600 per 60 s', async () => {
    const reply = await call(env(), 'GET', '/api/v1/users');
    expect(reply.headers.get('ratelimit-limit')).toBe('600');
    const created = await control(env(), 'POST', '/api-keys', {
      tenantIds: [DEMO_TENANTS.sandbox],
      permissions: ['users'],
    });
    expect(created.status).toBe(201);
    expect(created.json.data.apiKey.key).toMatch(/^cf_[A-Za-z0-9_]{24,}$/);
    const withNew = await call(env(), 'GET', '/api/v1/users', { key: created.json.data.apiKey.key });
    expect(withNew.status).toBe(200);
    expect((await call(env(), 'GET', '/api/v1/contacts', { key: created.json.data.apiKey.key })).status).toBe(403);
  });
});

describe('scenario-level rate limit', () => {
  it('applies the scenario default to keys without their own', async () => {
    const mock = createMock(
      {
        rateLimit: { limit: 1, windowSeconds: 60 },
        tenants: [{ id: DEMO_TENANTS.sandbox, name: 'T', mode: 'sandbox' }],
        apiKeys: [{ key: DEMO_KEYS.sandbox, tenantIds: [DEMO_TENANTS.sandbox], permissions: ['*'] }],
      },
      { clock: { frozen: true, start: START } },
    );
    const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox };
    expect((await mock.fetch('/api/v1/users', { headers })).status).toBe(200);
    const limited = await mock.fetch('/api/v1/users', { headers });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
  });
});
