/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- response bodies are JSON read as `any`. */
import { expect, it } from 'vitest';
import { call, control, DEMO_KEYS, DEMO_TENANTS, describeTransports, GRACE, type Env } from '../helpers/env.js';

/** Issue 27: faults and stubs aimed precisely, contract-checked, listed and removed. */

const AGENT = '44444444-4444-4444-8444-000000000001';
const LIVE = { key: DEMO_KEYS.live, tenant: DEMO_TENANTS.live, user: GRACE } as const;
const users = (env: Env, options = {}) => call(env, 'GET', '/api/v1/users', options);

describeTransports('overrides over the control surface', (env) => {
  it('a fault aimed at one tenant is never consumed by another tenant’s request', async () => {
    const added = await control(env(), 'POST', '/__mock/faults'.slice(7), {
      tenantId: DEMO_TENANTS.sandbox,
      path: '/api/v1/users',
      status: 503,
    });
    expect(added.status).toBe(201);
    // The other tenant asks first: it gets its answer, and the fault stays for its tenant.
    expect((await users(env(), LIVE)).status).toBe(200);
    const aimed = await users(env());
    expect(aimed.status).toBe(503);
    expect(aimed.headers.get('x-mock-override')).toBe(added.json.data.fault.id);
  });

  it('a path no operation has (a wildcard) is refused at once, naming it, instead of staying pending', async () => {
    for (const route of ['/faults', '/overrides']) {
      const body = { path: '/api/v1/sms/conversations/*/messages', method: 'POST' };
      const refused = await control(
        env(),
        'POST',
        route,
        route === '/faults' ? body : { ...body, fault: { status: 503 } },
      );
      expect(refused.status).toBe(400);
      expect(refused.json.error.details).toEqual([
        { path: ['body', 'path'], message: expect.stringContaining('{id}') },
      ]);
    }
    expect((await control(env(), 'GET', '/overrides')).json.data.overrides).toEqual([]);
    // The template and a concrete path both fire.
    await control(env(), 'POST', '/faults', { method: 'POST', path: '/api/v1/sms/conversations/{id}/messages' });
    expect((await control(env(), 'GET', '/overrides')).json.data.overrides[0].operations).toEqual(['sms.send']);
  });

  it('a fault can be seen and taken back: its id, its hits and what remains, removed by id', async () => {
    const { json } = await control(env(), 'POST', '/faults', { path: '/api/v1/users', status: 500, times: 2 });
    const id: string = json.data.fault.id;
    expect(id).toMatch(/^ovr_[0-9a-f]{16}$/);
    const listed = async () => (await control(env(), 'GET', '/overrides')).json.data.overrides;
    expect(await listed()).toEqual([
      expect.objectContaining({ id, hits: 0, remaining: 2, operations: ['users.list'] }),
    ]);
    expect((await users(env())).status).toBe(500);
    expect(await listed()).toEqual([expect.objectContaining({ id, hits: 1, remaining: 1 })]);
    expect((await control(env(), 'DELETE', `/overrides/${id}`)).json.data).toEqual({ id, deleted: true });
    expect((await users(env())).status).toBe(200);
    expect((await control(env(), 'DELETE', `/overrides/${id}`)).status).toBe(404);
  });

  it('a stub answers with its status, headers and body; the journal names it', async () => {
    const agent = (await call(env(), 'GET', `/api/v1/ai/agents/${AGENT}`)).json.data.agent;
    const added = await control(env(), 'POST', '/overrides', {
      tenantId: DEMO_TENANTS.sandbox,
      operationId: 'ai.agents.get',
      times: 1,
      respond: {
        status: 200,
        headers: { 'X-Edge': 'case' },
        body: { success: true, data: { agent: { ...agent, name: 'Zoë O’Brien-Ñúñez' } } },
      },
    });
    expect(added.status).toBe(201);
    const stubbed = await call(env(), 'GET', `/api/v1/ai/agents/${AGENT}`);
    expect(stubbed.status).toBe(200);
    expect(stubbed.headers.get('x-edge')).toBe('case');
    expect(stubbed.json.data.agent.name).toBe('Zoë O’Brien-Ñúñez');
    expect(stubbed.json.meta.requestId).toBe(stubbed.headers.get('x-request-id'));
    const entry = (await control(env(), 'GET', `/journal/${stubbed.json.meta.requestId}`)).json.data.entry;
    expect(entry.override).toEqual({ id: added.json.data.override.id, unchecked: false });
    // times: 1 — the next request is the mock's own answer again.
    expect((await call(env(), 'GET', `/api/v1/ai/agents/${AGENT}`)).json.data.agent.name).toBe(agent.name);
  });

  it('a paged list stubbed empty gets a last page’s pagination', async () => {
    await control(env(), 'POST', '/overrides', {
      method: 'GET',
      path: '/api/v1/contacts',
      respond: { status: 200, body: { success: true, data: { contacts: [] } } },
    });
    const page = await call(env(), 'GET', '/api/v1/contacts');
    expect(page.json.data.contacts).toEqual([]);
    expect(page.json.meta.pagination).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('a stub that breaks the contract is refused with 400 naming the paths; unchecked: true lets it through, marked', async () => {
    const bad = {
      operationId: 'ai.agents.get',
      respond: { status: 200, body: { success: true, data: { agent: { id: 42 } } } },
    };
    const refused = await control(env(), 'POST', '/overrides', bad);
    expect(refused.status).toBe(400);
    const paths = refused.json.error.details.map((issue: { path: string[] }) => issue.path.join('.'));
    expect(paths).toContain('body.respond.body.data.agent.id');
    expect((await control(env(), 'GET', '/overrides')).json.data.overrides).toEqual([]);

    const accepted = await control(env(), 'POST', '/overrides', { ...bad, unchecked: true });
    expect(accepted.status).toBe(201);
    const response = await env().fetch(`${env().base}/api/v1/ai/agents/${AGENT}`, {
      headers: { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox },
    });
    const body = await response.json();
    expect(body.data.agent).toEqual({ id: 42 });
    const entry = (await control(env(), 'GET', `/journal/${body.meta.requestId}`)).json.data.entry;
    expect(entry.override).toEqual({ id: accepted.json.data.override.id, unchecked: true });
  });

  it('an error stub must use a code the operation answers with that status', async () => {
    const refused = await control(env(), 'POST', '/overrides', {
      operationId: 'users.list',
      respond: { status: 409, body: { success: false, error: { code: 'NO_EXTENSION', message: 'x' } } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.details[0].path).toEqual(['body', 'respond', 'status']);
    const wrongCode = await control(env(), 'POST', '/overrides', {
      operationId: 'ai.agents.get',
      respond: { status: 404, body: { success: false, error: { code: 'GONE', message: 'x' } } },
    });
    expect(wrongCode.json.error.details[0]).toEqual({
      path: ['body', 'respond', 'body', 'error', 'code'],
      message: expect.stringContaining('NOT_FOUND'),
    });
    const ok = await control(env(), 'POST', '/overrides', {
      operationId: 'ai.agents.get',
      respond: { status: 404, body: { success: false, error: { code: 'NOT_FOUND', message: 'Gone.' } } },
    });
    expect(ok.status).toBe(201);
    const gone = await call(env(), 'GET', `/api/v1/ai/agents/${AGENT}`);
    expect([gone.status, gone.json.error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('query and body subsets, times and after', async () => {
    await control(env(), 'POST', '/overrides', {
      operationId: 'contacts.list',
      query: { search: 'Ann' },
      after: 1,
      times: 1,
      fault: { status: 502 },
    });
    expect((await call(env(), 'GET', '/api/v1/contacts?search=Bob')).status).toBe(200);
    expect((await call(env(), 'GET', '/api/v1/contacts?search=Ann')).status).toBe(200); // let through
    expect((await call(env(), 'GET', '/api/v1/contacts?search=Ann')).status).toBe(502);
    expect((await call(env(), 'GET', '/api/v1/contacts?search=Ann')).status).toBe(200); // spent
    await control(env(), 'POST', '/overrides', {
      operationId: 'contacts.create',
      body: { firstName: 'Boom' },
      fault: { status: 503 },
    });
    expect((await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Fine' } })).status).toBe(201);
    expect((await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Boom' } })).status).toBe(503);
  });

  it('when several match, the most specific wins, then the newest', async () => {
    const add = async (body: object) =>
      (await control(env(), 'POST', '/overrides', { ...body, fault: { status: 500 } })).json.data.override.id;
    const anyTenant = await add({ operationId: 'users.list' });
    const newerAnyTenant = await add({ operationId: 'users.list' });
    const tenant = await add({ operationId: 'users.list', tenantId: DEMO_TENANTS.sandbox });
    await add({}); // every operation: the least specific
    expect((await users(env())).headers.get('x-mock-override')).toBe(tenant);
    expect((await users(env(), LIVE)).headers.get('x-mock-override')).toBe(newerAnyTenant);
    await control(env(), 'DELETE', `/overrides/${newerAnyTenant}`);
    expect((await users(env(), LIVE)).headers.get('x-mock-override')).toBe(anyTenant);
  });

  it('lists by tenant and unused; DELETE ?tenantId removes a tenant’s; tenant reset and delete remove theirs', async () => {
    const { tenant } = env().mock.tenants.create();
    await control(env(), 'POST', '/faults', { tenantId: DEMO_TENANTS.sandbox, path: '/api/v1/users' });
    await control(env(), 'POST', '/faults', { tenantId: DEMO_TENANTS.live, path: '/api/v1/users' });
    await control(env(), 'POST', '/faults', { tenantId: tenant.id, path: '/api/v1/users' });
    await users(env());
    const list = async (query: string) =>
      (await control(env(), 'GET', `/overrides${query}`)).json.data.overrides.map(
        (o: { tenantId: string }) => o.tenantId,
      );
    expect(await list(`?tenantId=${DEMO_TENANTS.live}`)).toEqual([DEMO_TENANTS.live]);
    expect(await list('?unused=true')).toEqual([DEMO_TENANTS.live, tenant.id]);
    expect((await control(env(), 'DELETE', `/overrides?tenantId=${DEMO_TENANTS.live}`)).json.data).toEqual({
      removed: 1,
    });
    await control(env(), 'POST', `/tenants/${tenant.id}/reset`);
    expect(await list('')).toEqual([DEMO_TENANTS.sandbox]);
    await control(env(), 'POST', '/faults', { tenantId: tenant.id, path: '/api/v1/users' });
    await control(env(), 'DELETE', `/tenants/${tenant.id}`);
    expect(await list('')).toEqual([DEMO_TENANTS.sandbox]);
    await control(env(), 'POST', '/reset');
    expect(await list('')).toEqual([]);
  });

  it('a fault may drop the connection: the client sees a network error, the journal records no answer', async () => {
    await control(env(), 'POST', '/overrides', { operationId: 'users.list', times: 1, fault: { drop: true } });
    await expect(users(env())).rejects.toThrow();
    expect((await users(env())).status).toBe(200);
  });

  it('an override for an unknown tenant, or with both or neither effect, is refused', async () => {
    const unknownTenant = await control(env(), 'POST', '/overrides', {
      tenantId: '99999999-9999-4999-8999-999999999999',
      fault: {},
    });
    expect(unknownTenant.json.error.details[0].path).toEqual(['body', 'tenantId']);
    for (const body of [{}, { fault: {}, respond: { status: 200 } }]) {
      expect((await control(env(), 'POST', '/overrides', body)).status).toBe(400);
    }
  });
});
