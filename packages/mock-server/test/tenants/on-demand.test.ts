/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- bodies are JSON read as `any`; `call` checks API bodies against openapi.json. */
import { describe, expect, it } from 'vitest';
import { ApiError, createMock, DEMO_TENANTS, type CreatedTenantResult } from '../../src/index.js';
import { ANN, call, control, describeTransports, type Env } from '../helpers/env.js';

const create = async (env: Env, body: unknown = {}) => {
  const reply = await control(env, 'POST', '/tenants', body);
  expect(reply.status).toBe(201);
  return reply.json.data as CreatedTenantResult;
};
const as = (created: CreatedTenantResult, user: string | null = created.tenant.users[0]?.email ?? null) => ({
  key: created.key,
  tenant: created.tenant.id,
  user,
});

describeTransports('tenants on demand', (env) => {
  it('a minimal sandbox: one user with an extension and a number of theirs, usable at once', async () => {
    const created = await create(env());
    expect(created.tenant).toMatchObject({
      name: 'Sandbox',
      mode: 'sandbox',
      users: [{ email: 'owner@sandbox.test', extension: '1001' }],
      numbers: ['+14155550100'],
    });
    expect(created.key).toMatch(/^cf_/);
    const users = await call(env(), 'GET', '/api/v1/users', as(created));
    expect(users.status).toBe(200);
    expect(users.json.data.users.map((user: { email: string }) => user.email)).toEqual(['owner@sandbox.test']);
    const dial = await call(env(), 'POST', '/api/v1/click2dial', {
      ...as(created),
      body: { destination: '+14155550999' },
    });
    expect(dial.status).toBe(200);
  });

  it('a copy of a scenario tenant: its users, numbers, modules and records, under new ids', async () => {
    const first = await create(env(), { from: DEMO_TENANTS.sandbox });
    const second = await create(env(), { from: DEMO_TENANTS.sandbox.toUpperCase() });
    expect(first.tenant.name).toBe('Acme (copy)');
    expect(first.tenant.id).not.toBe(second.tenant.id);
    const original = await call(env(), 'GET', '/api/v1/users?limit=100');
    const copy = await call(env(), 'GET', '/api/v1/users?limit=100', as(first, ANN));
    const emails = (reply: typeof original) => reply.json.data.users.map((user: { email: string }) => user.email);
    expect(emails(copy)).toEqual(emails(original));
    const ids = (reply: typeof original) => new Set(reply.json.data.users.map((user: { id: string }) => user.id));
    const copyIds = ids(await call(env(), 'GET', '/api/v1/users?limit=100', as(second, ANN)));
    for (const id of ids(copy)) expect(copyIds.has(id)).toBe(false);
    const contacts = await call(env(), 'GET', '/api/v1/contacts?limit=100', as(first, ANN));
    const originalContacts = await call(env(), 'GET', '/api/v1/contacts?limit=100');
    expect(contacts.json.data.contacts.map((c: { firstName: string }) => c.firstName)).toEqual(
      originalContacts.json.data.contacts.map((c: { firstName: string }) => c.firstName),
    );
    expect(first.tenant.numbers).toEqual(['+14155550100', '+14155550110', '+14155550120']);
  });

  it('copies webhook subscriptions under new ids, keeping their secrets', async () => {
    const base = env().mock.webhooks.list({ tenantId: DEMO_TENANTS.sandbox });
    const created = await create(env(), {
      tenant: {
        name: 'Hooked',
        mode: 'sandbox',
        users: [{ email: 'a@hooked.test', firstName: 'A', lastName: 'B', extension: '2001' }],
        webhooks: [{ id: '0f0f0f0f-0000-4000-8000-000000000001', url: 'http://127.0.0.1:9/hooks', events: ['*'] }],
      },
    });
    const again = await create(env(), {
      tenant: {
        name: 'Hooked',
        mode: 'sandbox',
        webhooks: [{ id: '0f0f0f0f-0000-4000-8000-000000000001', url: 'http://127.0.0.1:9/hooks', events: ['*'] }],
      },
    });
    const [mine] = env().mock.webhooks.list({ tenantId: created.tenant.id });
    const [theirs] = env().mock.webhooks.list({ tenantId: again.tenant.id });
    expect(mine?.url).toBe('http://127.0.0.1:9/hooks');
    expect(mine?.id).not.toBe('0f0f0f0f-0000-4000-8000-000000000001');
    expect(mine?.id).not.toBe(theirs?.id);
    expect(env().mock.webhooks.list({ tenantId: DEMO_TENANTS.sandbox })).toEqual(base);
  });

  it("a tenant's key reaches only its tenant", async () => {
    const created = await create(env());
    const elsewhere = await call(env(), 'GET', '/api/v1/users', { ...as(created), tenant: DEMO_TENANTS.sandbox });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.json.error.code).toBe('TENANT_ACCESS_DENIED');
  });

  it('a reset puts one tenant back as it was created and leaves the others alone', async () => {
    const mine = await create(env(), { from: DEMO_TENANTS.sandbox });
    const other = await create(env(), { from: DEMO_TENANTS.sandbox });
    const made = { body: { firstName: 'Quentin' } };
    expect((await call(env(), 'POST', '/api/v1/contacts', { ...as(mine, ANN), ...made })).status).toBe(201);
    expect((await call(env(), 'POST', '/api/v1/contacts', { ...as(other, ANN), ...made })).status).toBe(201);
    const count = async (created: CreatedTenantResult) =>
      (await call(env(), 'GET', '/api/v1/contacts?limit=100', as(created, ANN))).json.data.contacts.length as number;
    const before = await count(other);
    expect((await control(env(), 'POST', `/tenants/${mine.tenant.id}/reset`)).status).toBe(200);
    const names = (await call(env(), 'GET', '/api/v1/contacts?limit=100', as(mine, ANN))).json.data.contacts.map(
      (c: { firstName: string }) => c.firstName,
    );
    expect(names).not.toContain('Quentin');
    expect(await count(other)).toBe(before);
    // Its key still works, and so do its users' ids: it is the same tenant.
    expect((await control(env(), 'GET', `/tenants/${mine.tenant.id}`)).json.data.tenant).toEqual(mine.tenant);
  });

  it('a deleted tenant is gone: its key gets 401, its history is freed, the others stay', async () => {
    const doomed = await create(env(), { from: DEMO_TENANTS.sandbox });
    const kept = await create(env(), { from: DEMO_TENANTS.sandbox });
    for (const created of [doomed, kept]) {
      await call(env(), 'POST', '/api/v1/contacts', { ...as(created, ANN), body: { firstName: 'Quentin' } });
    }
    expect(env().mock.events({ tenantId: doomed.tenant.id })).not.toHaveLength(0);
    const deleted = await control(env(), 'DELETE', `/tenants/${doomed.tenant.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.json.data).toEqual({ id: doomed.tenant.id, deleted: true });
    const after = await call(env(), 'GET', '/api/v1/users', as(doomed));
    expect(after.status).toBe(401);
    // Its history is freed, and a filter by its id is refused (an id no tenant has), never an empty list.
    expect(
      env()
        .mock.events()
        .some((event) => event.tenantId === doomed.tenant.id),
    ).toBe(false);
    expect(() => env().mock.events({ tenantId: doomed.tenant.id })).toThrow(`unknown tenant id "${doomed.tenant.id}"`);
    expect(
      env()
        .mock.journal()
        .some((entry) => entry.tenantId === doomed.tenant.id),
    ).toBe(false);
    expect(
      env()
        .mock.webhooks.list()
        .some((webhook) => webhook.tenantId === doomed.tenant.id),
    ).toBe(false);
    expect((await control(env(), 'GET', `/tenants/${doomed.tenant.id}`)).status).toBe(404);
    expect((await call(env(), 'GET', '/api/v1/users', as(kept))).status).toBe(200);
    expect(env().mock.events({ tenantId: kept.tenant.id })).not.toHaveLength(0);
  });

  it('tenant ids are checked as API ids are: malformed is 400, unknown is 404', async () => {
    const malformed = await control(env(), 'POST', '/tenants/not-a-uuid/reset');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.details[0].path).toEqual(['path', 'id']);
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/reset'],
      ['DELETE', ''],
      ['GET', '/clock'],
    ] as const) {
      const unknown = await control(env(), method, `/tenants/0e0e0e0e-0000-4000-8000-000000000000${path}`);
      expect(unknown.status).toBe(404);
      expect(unknown.json.error.code).toBe('NOT_FOUND');
    }
  });

  it('a bad template is a 400 naming the path, and creates nothing', async () => {
    const before = (await control(env(), 'GET', '/tenants')).json.data.tenants.length;
    const bad = await control(env(), 'POST', '/tenants', {
      tenant: { name: 'Bad', mode: 'sandbox', users: [{ email: 'not-an-email', firstName: 'A', lastName: 'B' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details).toContainEqual({
      path: ['body', 'tenant', 'users', '0', 'email'],
      message: expect.any(String),
    });
    const unknownFrom = await control(env(), 'POST', '/tenants', { from: '0e0e0e0e-0000-4000-8000-000000000000' });
    expect(unknownFrom.status).toBe(400);
    expect(unknownFrom.json.error.details[0].path).toEqual(['body', 'from']);
    const both = await control(env(), 'POST', '/tenants', { from: DEMO_TENANTS.sandbox, tenant: { name: 'X' } });
    expect(both.status).toBe(400);
    // Webhooks that are no list, or a list of no objects, are named like any other field.
    for (const [webhooks, path] of [
      ['every event', ['body', 'tenant', 'webhooks']],
      [[null], ['body', 'tenant', 'webhooks', '0']],
    ] as const) {
      const hooks = await control(env(), 'POST', '/tenants', { tenant: { name: 'Hooks', mode: 'sandbox', webhooks } });
      expect(hooks.status).toBe(400);
      expect(hooks.json.error.details).toContainEqual({ path, message: expect.any(String) });
    }
    expect((await control(env(), 'GET', '/tenants')).json.data.tenants.length).toBe(before);
  });

  it('lists created tenants beside the scenario\u2019s, with their origin', async () => {
    const created = await create(env(), { name: 'Worker 1' });
    const { tenants } = (await control(env(), 'GET', '/tenants')).json.data;
    expect(tenants).toContainEqual(
      expect.objectContaining({ id: created.tenant.id, name: 'Worker 1', origin: 'created', aheadMs: 0 }),
    );
    expect(tenants).toContainEqual(expect.objectContaining({ id: DEMO_TENANTS.sandbox, origin: 'scenario' }));
    // In process, the same tenants in the same order, each as `tenants.get` gives it.
    const listed = env().mock.tenants.list();
    expect(listed.map((tenant) => tenant.id)).toEqual(tenants.map((tenant: { id: string }) => tenant.id));
    expect(listed).toContainEqual(created.tenant);
    expect(listed).toContainEqual(env().mock.tenants.get(DEMO_TENANTS.sandbox));
    await control(env(), 'DELETE', `/tenants/${created.tenant.id}`);
    expect(
      env()
        .mock.tenants.list()
        .map((tenant) => tenant.id),
    ).not.toContain(created.tenant.id);
  });
});

describe('tenants on demand in a snapshot', () => {
  it('created tenants, their keys and their clocks survive a restore, and their reset still works', async () => {
    const mock = createMock('demo', { clock: { frozen: true, start: '2026-11-21T12:00:00.000Z' } });
    const { tenant, key } = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
    mock.tenants.advanceClock(tenant.id, 5_000);
    const headers = { 'X-API-Key': key, 'X-Tenant-Id': tenant.id, 'X-User-Email': ANN };
    const made = await mock.fetch('/api/v1/contacts', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Quentin' }),
    });
    expect(made.status).toBe(201);
    const copy = createMock('demo', { clock: { frozen: true } });
    copy.restore(JSON.parse(JSON.stringify(mock.snapshot())));
    expect(copy.tenants.get(tenant.id)).toEqual(tenant);
    expect(copy.tenants.clock(tenant.id).aheadMs).toBe(5_000);
    const list = async () =>
      (
        (await (await copy.fetch('/api/v1/contacts?limit=100', { headers })).json()) as {
          data: { contacts: { firstName: string }[] };
        }
      ).data.contacts.map((contact) => contact.firstName);
    expect(await list()).toContain('Quentin');
    copy.tenants.reset(tenant.id);
    expect(await list()).not.toContain('Quentin');
    expect(copy.snapshot().state.createdTenants).toHaveLength(1);
  });

  it('in process, a bad template throws the ApiError of the control surface, naming the path', () => {
    const mock = createMock('demo');
    let thrown: unknown;
    try {
      mock.tenants.create({ tenant: { name: 'Hooks', mode: 'sandbox', webhooks: 'every event' } } as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: ['body', 'tenant', 'webhooks'], message: expect.any(String) }],
    });
    expect(mock.tenants.list().filter((tenant) => tenant.name === 'Hooks')).toEqual([]);
  });

  it('a global reset removes tenants created at run time', () => {
    const mock = createMock('demo');
    const { tenant } = mock.tenants.create();
    mock.reset();
    expect(() => mock.tenants.get(tenant.id)).toThrow(/Tenant/);
  });
});
