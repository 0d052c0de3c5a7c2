/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- bodies are JSON read as `any`; `call` checks API bodies against openapi.json. */
import { expect, it } from 'vitest';
import {
  DEMO_TENANTS,
  IDEMPOTENCY_RETENTION_MS,
  RETRY_SCHEDULE_MS,
  type CreatedTenantResult,
} from '../../src/index.js';
import { ANN, call, control, describeTransports, START, type Env } from '../helpers/env.js';

const create = async (env: Env): Promise<CreatedTenantResult> => {
  const reply = await control(env, 'POST', '/tenants', { from: DEMO_TENANTS.sandbox });
  expect(reply.status).toBe(201);
  return reply.json.data as CreatedTenantResult;
};
const as = (created: CreatedTenantResult) => ({ key: created.key, tenant: created.tenant.id, user: ANN });
const advance = async (env: Env, tenantId: string, ms: number) => {
  const reply = await control(env, 'POST', `/tenants/${tenantId}/clock/advance`, { ms });
  expect(reply.status).toBe(200);
  return reply.json.data as { now: string; aheadMs: number; offsetMs: number };
};
const HOUR = 3_600_000;

describeTransports('a clock per tenant', (env) => {
  it("moves only its tenant's time: the envelope, new records and their events", async () => {
    const [a, b] = [await create(env()), await create(env())];
    const clock = await advance(env(), a.tenant.id, HOUR);
    expect(clock).toEqual({ tenantId: a.tenant.id, now: '2026-11-21T13:00:00.000Z', aheadMs: HOUR, offsetMs: HOUR });
    const inA = await call(env(), 'POST', '/api/v1/contacts', { ...as(a), body: { firstName: 'Quentin' } });
    const inB = await call(env(), 'POST', '/api/v1/contacts', { ...as(b), body: { firstName: 'Quentin' } });
    expect(inA.json.meta.timestamp).toBe('2026-11-21T13:00:00.000Z');
    expect(Date.parse(inA.json.data.contact.createdAt)).toBeGreaterThanOrEqual(Date.parse(START) + HOUR);
    expect(inB.json.meta.timestamp).toBe(START);
    expect(Date.parse(inB.json.data.contact.createdAt)).toBeLessThan(Date.parse(START) + HOUR);
    const [eventA] = env().mock.events({ tenantId: a.tenant.id, type: 'contact.changed' });
    const [eventB] = env().mock.events({ tenantId: b.tenant.id, type: 'contact.changed' });
    expect(Date.parse(eventA?.timestamp ?? '')).toBe(Date.parse(START) + HOUR);
    expect(eventB?.timestamp).toBe(START);
    expect((await control(env(), 'GET', `/tenants/${b.tenant.id}/clock`)).json.data.aheadMs).toBe(0);
  });

  it("drives its calls' timelines, and only its own", async () => {
    const [a, b] = [await create(env()), await create(env())];
    for (const created of [a, b]) {
      const dial = await call(env(), 'POST', '/api/v1/click2dial', {
        ...as(created),
        body: { destination: '+14155550999' },
      });
      expect(dial.status).toBe(200);
    }
    await advance(env(), a.tenant.id, 70_000);
    expect(
      env()
        .mock.calls({ tenantId: a.tenant.id })
        .map((c) => c.status),
    ).toEqual(['completed']);
    expect(
      env()
        .mock.calls({ tenantId: b.tenant.id })
        .map((c) => c.status),
    ).toEqual(['initiated']);
  });

  it('drives its rate-limit windows; a cfa_ key is judged on the clock of the tenant it names', async () => {
    const [a, b] = [await create(env()), await create(env())];
    const limited = (tenantIds: string[]) =>
      env().mock.createApiKey({ tenantIds, rateLimit: { limit: 1, windowSeconds: 60 }, prefix: 'cfa' }).key;
    const keyA = limited([a.tenant.id]);
    const keyB = limited([b.tenant.id]);
    const users = (key: string, tenant: string) => call(env(), 'GET', '/api/v1/users', { key, tenant, user: null });
    for (const [key, tenant] of [
      [keyA, a.tenant.id],
      [keyB, b.tenant.id],
    ] as const) {
      expect((await users(key, tenant)).status).toBe(200);
      expect((await users(key, tenant)).status).toBe(429);
    }
    await advance(env(), a.tenant.id, 61_000);
    expect((await users(keyA, a.tenant.id)).status).toBe(200);
    expect((await users(keyB, b.tenant.id)).status).toBe(429);

    // One account key for both: its window opened on A's clock (ahead); B's clock is still inside it.
    const both = limited([a.tenant.id, b.tenant.id]);
    expect((await users(both, a.tenant.id)).status).toBe(200);
    expect((await users(both, b.tenant.id)).status).toBe(429);
  });

  it('drives its idempotency retention, and only its own', async () => {
    const [a, b] = [await create(env()), await create(env())];
    const post = (created: CreatedTenantResult) =>
      call(env(), 'POST', '/api/v1/contacts', {
        ...as(created),
        body: { firstName: 'Quentin' },
        headers: { 'Idempotency-Key': 'same-key' },
      });
    for (const created of [a, b]) expect((await post(created)).status).toBe(201);
    await advance(env(), a.tenant.id, IDEMPOTENCY_RETENTION_MS);
    const retryA = await post(a);
    const retryB = await post(b);
    expect(retryA.status).toBe(201);
    expect(retryA.headers.get('idempotent-replayed')).toBeNull();
    expect(retryB.headers.get('idempotent-replayed')).toBe('true');
  });

  it('drives its webhook retries, and only its own', async () => {
    const [a, b] = [await create(env()), await create(env())];
    for (const created of [a, b]) {
      env().mock.webhooks.subscribe({ tenantId: created.tenant.id, events: ['contact.changed'], callback: () => 500 });
      await call(env(), 'POST', '/api/v1/contacts', { ...as(created), body: { firstName: 'Quentin' } });
    }
    await env().mock.idle();
    const attempts = (tenantId: string) =>
      env()
        .mock.deliveries({ tenantId })
        .map((delivery) => delivery.attempts.length);
    expect(attempts(a.tenant.id)).toEqual([1]);
    await advance(env(), a.tenant.id, RETRY_SCHEDULE_MS[0] ?? 0);
    await env().mock.idle();
    expect(attempts(a.tenant.id)).toEqual([2]);
    expect(attempts(b.tenant.id)).toEqual([1]);
  });

  it('the mock clock moves every tenant; a tenant clock never moves back', async () => {
    const [a, b] = [await create(env()), await create(env())];
    await advance(env(), a.tenant.id, 1_000);
    expect((await control(env(), 'POST', '/clock/advance', { ms: 10_000 })).status).toBe(200);
    const clockOf = async (created: CreatedTenantResult) =>
      (await control(env(), 'GET', `/tenants/${created.tenant.id}/clock`)).json.data;
    expect(await clockOf(a)).toMatchObject({ now: '2026-11-21T12:00:11.000Z', aheadMs: 1_000 });
    expect(await clockOf(b)).toMatchObject({ now: '2026-11-21T12:00:10.000Z', aheadMs: 0 });
    for (const ms of [-1, 1.5, 'soon']) {
      const refused = await control(env(), 'POST', `/tenants/${a.tenant.id}/clock/advance`, { ms });
      expect(refused.status).toBe(400);
      expect(refused.json.error.details[0].path).toEqual(['body', 'ms']);
    }
    expect(() => env().mock.tenants.advanceClock(a.tenant.id, -5)).toThrow(RangeError);
    expect((await clockOf(a)).aheadMs).toBe(1_000);
  });
});
