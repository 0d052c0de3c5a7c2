/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call -- bodies are JSON read as `any`. */
// Tenant snapshots, restores and forks (issue 34), over the control routes, in process and over
// real HTTP: one tenant's slice goes back whole, and no other tenant's byte changes.
import { expect, it } from 'vitest';
import { DEMO_TENANTS, type CreatedTenantResult } from '../../src/index.js';
import { ANN, call, control, describeTransports, type Env } from '../helpers/env.js';
import { othersOf } from './slices.js';

const create = async (env: Env, body: unknown = { from: DEMO_TENANTS.sandbox }): Promise<CreatedTenantResult> => {
  const reply = await control(env, 'POST', '/tenants', body);
  expect(reply.status).toBe(201);
  return reply.json.data as CreatedTenantResult;
};
const as = (created: CreatedTenantResult) => ({ key: created.key, tenant: created.tenant.id, user: ANN });
const snapshotOf = async (env: Env, tenantId: string) => {
  const reply = await control(env, 'GET', `/tenants/${tenantId}/snapshot`);
  expect(reply.status).toBe(200);
  return reply.json.data.snapshot;
};
const world = async (env: Env) => (await control(env, 'GET', '/snapshot')).json.data.snapshot;

/** Traffic, an override, an idempotent create and a clock move in one tenant. */
async function busy(env: Env, tenant: CreatedTenantResult, name: string): Promise<void> {
  const made = await call(env, 'POST', '/api/v1/contacts', { ...as(tenant), body: { firstName: name } });
  expect(made.status).toBe(201);
  await call(env, 'POST', '/api/v1/contacts', {
    ...as(tenant),
    body: { firstName: `${name} again` },
    headers: { 'Idempotency-Key': `${name}-1` },
  });
  const override = await control(env, 'POST', '/overrides', {
    tenantId: tenant.tenant.id,
    operationId: 'fax.list',
    respond: { status: 200, body: { success: true, data: { faxes: [] } } },
  });
  expect(override.status).toBe(201);
  expect((await control(env, 'POST', `/tenants/${tenant.tenant.id}/clock/advance`, { ms: 60_000 })).status).toBe(200);
}

describeTransports('tenant snapshots', (env) => {
  it('puts one tenant back whole, and no byte of another tenant changes', async () => {
    const [a, b] = [await create(env()), await create(env())];
    await busy(env(), a, 'Ada');
    await busy(env(), b, 'Bea');
    const taken = await snapshotOf(env(), a.tenant.id);
    expect(taken).toMatchObject({ format: 'commflow-mock-tenant-snapshot', version: 1, tenantId: a.tenant.id });

    await busy(env(), a, 'Ada later');
    expect((await control(env(), 'POST', `/tenants/${a.tenant.id}/clock/advance`, { ms: 5_000 })).status).toBe(200);
    const otherBefore = await snapshotOf(env(), b.tenant.id);
    const worldBefore = await world(env());

    const restored = await control(env(), 'PUT', `/tenants/${a.tenant.id}/snapshot`, taken);
    expect(restored.status).toBe(200);
    expect(restored.json.data).toMatchObject({ tenant: { id: a.tenant.id }, copied: false });

    expect(await snapshotOf(env(), a.tenant.id)).toEqual(taken);
    expect(await snapshotOf(env(), b.tenant.id)).toEqual(otherBefore);
    expect(othersOf(await world(env()), a.tenant.id)).toEqual(othersOf(worldBefore, a.tenant.id));
    // The restored tenant works: its key, its records, its idempotency entry.
    const list = await call(env(), 'GET', '/api/v1/contacts?search=Ada', as(a));
    const names = list.json.data.contacts.map((contact: { firstName: string }) => contact.firstName);
    expect(names).toContain('Ada again');
    expect(names).not.toContain('Ada later');
    const replay = await call(env(), 'POST', '/api/v1/contacts', {
      ...as(a),
      body: { firstName: 'Ada again' },
      headers: { 'Idempotency-Key': 'Ada-1' },
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });

  it('takes the answer of GET as it is, or { snapshot }', async () => {
    const a = await create(env());
    const answer = await control(env(), 'GET', `/tenants/${a.tenant.id}/snapshot`);
    expect((await control(env(), 'PUT', `/tenants/${a.tenant.id}/snapshot`, answer.json)).status).toBe(200);
    const wrapped = { snapshot: answer.json.data.snapshot };
    expect((await control(env(), 'PUT', `/tenants/${a.tenant.id}/snapshot`, wrapped)).status).toBe(200);
  });

  it("refuses another tenant's snapshot without copy=true, and copies with it", async () => {
    const [a, b] = [await create(env()), await create(env())];
    await busy(env(), a, 'Ada');
    const taken = await snapshotOf(env(), a.tenant.id);
    const before = await world(env());
    const refused = await control(env(), 'PUT', `/tenants/${b.tenant.id}/snapshot`, taken);
    expect(refused.status).toBe(400);
    expect(refused.json.error.details).toEqual([
      expect.objectContaining({ path: ['body', 'tenantId'], message: expect.stringContaining('copy=true') }),
    ]);
    expect(await world(env())).toEqual(before);

    const copied = await control(env(), 'PUT', `/tenants/${b.tenant.id}/snapshot?copy=true`, taken);
    expect(copied.status).toBe(200);
    expect(copied.json.data.copied).toBe(true);
    const contacts = async (who: CreatedTenantResult) =>
      (await call(env(), 'GET', '/api/v1/contacts?search=Ada', as(who))).json.data.contacts.map(
        (contact: { firstName: string; id: string }) => contact.firstName,
      );
    // B holds A's records, and keeps its own key.
    expect(await contacts(b)).toEqual(await contacts(a));
    expect((await snapshotOf(env(), b.tenant.id)).state.overrides).toHaveLength(1);
  });

  it('refuses a world snapshot, another version or an entry of another tenant, naming the path; nothing changes', async () => {
    const [a, b] = [await create(env()), await create(env())];
    await busy(env(), a, 'Ada');
    await busy(env(), b, 'Bea');
    const taken = await snapshotOf(env(), a.tenant.id);
    const ofB = await snapshotOf(env(), b.tenant.id);
    const before = await world(env());
    const cases: [unknown, string][] = [
      [before, 'body.format'],
      [{ ...taken, version: 2 }, 'body.version'],
      [{ ...taken, state: { ...taken.state, journal: ofB.state.journal } }, 'body.state.journal.0'],
      [{ ...taken, state: { ...taken.state, calls: 'none' } }, 'body.state.calls'],
      [{ snapshot: { ...taken, tenantId: 42 } }, 'body.snapshot.tenantId'],
    ];
    for (const [body, path] of cases) {
      const reply = await control(env(), 'PUT', `/tenants/${a.tenant.id}/snapshot`, body);
      expect(reply.status).toBe(400);
      expect(reply.json.error.details.map((issue: { path: string[] }) => issue.path.join('.'))).toContain(path);
    }
    const world404 = await control(env(), 'GET', '/tenants/00000000-0000-4000-8000-00000000abcd/snapshot');
    expect(world404.status).toBe(404);
    expect(await world(env())).toEqual(before);
  });

  it('forks a snapshot into a new tenant with a new id and key; the old keys do not open it', async () => {
    const a = await create(env());
    await busy(env(), a, 'Ada');
    const taken = await snapshotOf(env(), a.tenant.id);
    const fork = await create(env(), { snapshot: taken, name: 'Forked' });
    expect(fork.tenant.id).not.toBe(a.tenant.id);
    expect(fork.tenant.name).toBe('Forked');
    expect(fork.key).not.toBe(a.key);
    const names = async (who: CreatedTenantResult) =>
      (await call(env(), 'GET', '/api/v1/contacts?limit=100', as(who))).json.data.contacts.map(
        (contact: { id: string; firstName: string }) => `${contact.id} ${contact.firstName}`,
      );
    expect(await names(fork)).toEqual(await names(a));
    const oldKey = await call(env(), 'GET', '/api/v1/contacts', { ...as(fork), key: a.key });
    expect(oldKey.status).toBe(403);
    const forked = await snapshotOf(env(), fork.tenant.id);
    expect(forked.state.overrides).toHaveLength(1);
    expect(forked.state.overrides[0].id).not.toBe(taken.state.overrides[0].id);
    expect(forked.state.keys.map((key: { hint: string }) => key.hint)).toEqual([fork.apiKey.hint]);
    expect(JSON.stringify(forked)).not.toContain(a.tenant.id);
    // The fork resets to its source's template.
    expect((await control(env(), 'POST', `/tenants/${fork.tenant.id}/reset`)).status).toBe(200);
  });

  it('refuses a bad snapshot to fork, naming the path under body.snapshot', async () => {
    const before = await world(env());
    const reply = await control(env(), 'POST', '/tenants', { snapshot: { format: 'commflow-mock-snapshot' } });
    expect(reply.status).toBe(400);
    expect(reply.json.error.details[0].path).toEqual(['body', 'snapshot', 'format']);
    expect(await world(env())).toEqual(before);
  });
});
