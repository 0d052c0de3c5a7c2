/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- bodies are JSON read as `any`. */
/**
 * One set of input rules on every control route (issue 26), over real HTTP: a part a route does
 * not take is refused and changes nothing; ids are checked alike; a tenant named must exist;
 * dates or date-times; unknown names are refused with the closest; one shape of a new key; 405
 * with `Allow`; documented defaults hold. And the journal attributes what it can.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createMock, DEMO_KEYS, DEMO_TENANTS, type CommFlowMock } from '../src/index.js';
import { startMockServer, type RunningMockServer } from '../src/surfaces/adapters/node.js';
import { ANN, START } from './helpers/env.js';

let mock: CommFlowMock;
let server: RunningMockServer;

beforeAll(async () => {
  mock = createMock('demo', { clock: { frozen: true, start: START } });
  server = await startMockServer({ mock });
});
beforeEach(() => {
  mock.reset();
});
afterAll(async () => {
  await server.close();
});

/** A control request with a raw body (JSON type unless told), read. */
async function send(method: string, path: string, body?: string, type = 'application/json') {
  const response = await fetch(`${server.url}/__mock${path}`, {
    method,
    headers: method === 'GET' ? {} : { 'content-type': type },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text === '' ? undefined : JSON.parse(text) };
}
const json = (method: string, path: string, value?: unknown) =>
  send(method, path, value === undefined ? undefined : JSON.stringify(value));

/** A method fetch refuses to send (TRACE), through node:http. */
function raw(method: string, path: string): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}/__mock${path}`, { method }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

async function apiCall(
  path: string,
  init: { key?: string; tenant?: string; user?: string; method?: string; body?: unknown } = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'X-API-Key': init.key ?? DEMO_KEYS.sandbox,
      'X-Tenant-Id': init.tenant ?? DEMO_TENANTS.sandbox,
      'X-User-Email': init.user ?? ANN,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, json: await response.json() };
}

const contactCount = () => mock.snapshot().state.tenants.find((t) => t.id === DEMO_TENANTS.sandbox)?.contacts.length;

describe('a route that takes no body refuses one, and nothing changes', () => {
  it('POST /__mock/reset with a body that is not JSON is 400 and resets nothing', async () => {
    await apiCall('/api/v1/contacts', { method: 'POST', body: { firstName: 'Kept', lastName: 'Contact' } });
    const before = contactCount();
    const reply = await send('POST', '/reset', 'not json');
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: ['body'] }] });
    expect(contactCount()).toBe(before);
    // No body, or an empty object, still resets.
    expect((await send('POST', '/reset', '{}')).status).toBe(200);
    expect(contactCount()).toBeLessThan(before ?? 0);
  });

  it('POST /__mock/tenants/{id}/reset with {"hard":true} is 400 and resets nothing', async () => {
    const created = (await json('POST', '/tenants', {})).json.data;
    await apiCall('/api/v1/contacts', {
      method: 'POST',
      key: created.apiKey.key,
      tenant: created.tenant.id,
      user: 'owner@sandbox.test',
      body: { firstName: 'Kept', lastName: 'Contact' },
    });
    const reply = await json('POST', `/tenants/${created.tenant.id}/reset`, { hard: true });
    expect(reply.status).toBe(400);
    expect(reply.json.error.details).toEqual([{ path: ['body'], message: expect.stringContaining('takes no body') }]);
    const contacts = await apiCall('/api/v1/contacts', {
      key: created.apiKey.key,
      tenant: created.tenant.id,
      user: 'owner@sandbox.test',
    });
    expect(contacts.json.data.contacts).toHaveLength(1);
  });

  it('DELETE /__mock/webhooks/{id} with a garbage body is 400 and deletes nothing', async () => {
    const hook = (await json('POST', '/webhooks', { tenantId: DEMO_TENANTS.sandbox, url: 'http://127.0.0.1:9/hooks' }))
      .json.data;
    const reply = await send('DELETE', `/webhooks/${hook.id}`, 'garbage');
    expect(reply.status).toBe(400);
    expect((await json('GET', `/webhooks/${hook.id}`)).status).toBe(200);
    // Without a body (and without a content type, as curl sends it) it deletes.
    const deleted = await fetch(`${server.url}/__mock/webhooks/${hook.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await json('GET', `/webhooks/${hook.id}`)).status).toBe(404);
  });

  it('a query parameter a route does not take is refused', async () => {
    const reply = await json('GET', '/tenants?hard=true');
    expect(reply.status).toBe(400);
    expect(reply.json.error.details).toEqual([{ path: ['query', 'hard'], message: expect.any(String) }]);
  });
});

describe('ids are checked the same way everywhere: malformed is 400, unknown is 404', () => {
  const unknown = randomUUID();
  it.each([
    ['POST', '/calls/{id}/answer'],
    ['GET', '/tenants/{id}'],
    ['GET', '/tenants/{id}/clock'],
    ['GET', '/tenants/{id}/records'],
    ['GET', '/webhooks/{id}'],
    ['GET', '/deliveries/{id}'],
  ])('%s %s', async (method, template) => {
    const malformed = await json(method, template.replace('{id}', 'not-a-uuid'));
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: ['path', 'id'] }] });
    const missing = await json(method, template.replace('{id}', unknown));
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('NOT_FOUND');
  });
});

describe('a reference to a tenant that does not exist is refused', () => {
  it('POST /__mock/api-keys names the unknown tenant and mints nothing; in process the same', async () => {
    const before = (await json('GET', '/api-keys')).json.data.apiKeys.length;
    const unknown = randomUUID();
    const reply = await json('POST', '/api-keys', { tenantIds: [DEMO_TENANTS.sandbox, unknown] });
    expect(reply.status).toBe(400);
    expect(reply.json.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: ['body', 'tenantIds', '1'], message: `no tenant has id "${unknown}"` }],
    });
    expect((await json('GET', '/api-keys')).json.data.apiKeys).toHaveLength(before);
    let thrown: unknown;
    try {
      mock.createApiKey({ tenantIds: [unknown] });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).details).toEqual([
      { path: ['input', 'tenantIds', '0'], message: `no tenant has id "${unknown}"` },
    ]);
    expect(mock.apiKeys()).toHaveLength(before);
  });

  it('POST /__mock/sms/inbound to a tenant that does not exist is a 400 naming tenantId', async () => {
    const reply = await json('POST', '/sms/inbound', {
      tenantId: randomUUID(),
      to: '+14155550100',
      from: '+14155550199',
      body: 'Hi',
    });
    expect(reply.status).toBe(400);
    expect(reply.json.error.details[0].path).toEqual(['body', 'tenantId']);
  });
});

describe('since and until take a date or a date-time', () => {
  it('filters the journal by a date alone, and by a date-time', async () => {
    await apiCall('/api/v1/users');
    const day = START.slice(0, 10);
    const since = await json('GET', `/journal?since=${day}`);
    expect(since.status).toBe(200);
    expect(since.json.data.entries.length).toBeGreaterThan(0);
    const until = await json('GET', `/journal?until=${day}`);
    expect(until.status).toBe(200);
    expect(until.json.data.entries).toEqual([]);
    expect(
      (await json('GET', `/journal?until=${encodeURIComponent('2999-01-01T00:00:00Z')}`)).json.data.entries.length,
    ).toBe(since.json.data.entries.length);
    expect((await json('GET', '/journal?since=yesterday')).status).toBe(400);
  });
});

describe('an unknown operation id or event type in a filter is a 400 naming the closest', () => {
  it.each([
    ['/journal?operationId=nope.nope', ['query', 'operationId'], 'unknown operation id "nope.nope"'],
    ['/journal?operationId=contacts.craete', ['query', 'operationId'], '"contacts.create"'],
    ['/events?type=sms.sentt', ['query', 'type'], 'did you mean "sms.sent"'],
  ])('%s', async (path, at, named) => {
    const reply = await json('GET', path);
    expect(reply.status).toBe(400);
    expect(reply.json.error.details).toEqual([{ path: at, message: expect.stringContaining(named) }]);
  });
});

describe('a created key has one shape, and whatever is created answers with its id', () => {
  it('POST /__mock/api-keys answers the id that revokes the key', async () => {
    const created = (await json('POST', '/api-keys', { tenantIds: [DEMO_TENANTS.sandbox] })).json.data.apiKey;
    expect(created).toMatchObject({ id: expect.stringMatching(/^[0-9a-f]{16}$/), kind: 'tenant', revoked: false });
    expect((await apiCall('/api/v1/users', { key: created.key })).status).toBe(200);
    const revoked = await json('POST', `/api-keys/${created.id}/revoke`);
    expect(revoked.json.data.apiKey).toMatchObject({ id: created.id, revoked: true });
    expect((await apiCall('/api/v1/users', { key: created.key })).status).toBe(401);
  });

  it('POST /__mock/tenants answers its key in the same shape', async () => {
    const created = (await json('POST', '/tenants')).json.data;
    const direct = (await json('POST', '/api-keys', { tenantIds: [created.tenant.id] })).json.data.apiKey;
    expect(Object.keys(created.apiKey).sort()).toEqual(Object.keys(direct).sort());
    expect(created.apiKey.tenantIds).toEqual([created.tenant.id]);
    expect(created.key).toBe(created.apiKey.key);
  });
});

describe('a method a route lacks is 405 with Allow', () => {
  it.each([
    ['TRACE', '/tenants', 'GET, HEAD, POST'],
    ['TRACE', '/clock', 'GET, HEAD'],
    ['PUT', '/reset', 'POST'],
    ['DELETE', '/journal/stream', 'GET, HEAD'],
  ])('%s %s', async (method, path, allow) => {
    const reply = await raw(method, path);
    expect(reply.status).toBe(405);
    expect(reply.allow).toBe(allow);
    expect(JSON.parse(reply.body).error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('a path no route has is still 404', async () => {
    expect((await raw('TRACE', '/nowhere')).status).toBe(404);
  });
});

describe('documented defaults hold', () => {
  it('POST /__mock/faults {} fails the next request with 503, and only it', async () => {
    const reply = await json('POST', '/faults', {});
    expect(reply.status).toBe(201);
    expect(reply.json.data.fault).toMatchObject({ status: 503, times: 1 });
    const failed = await apiCall('/api/v1/users');
    expect(failed.status).toBe(503);
    expect((await apiCall('/api/v1/users')).status).toBe(200);
  });
});

describe('every answer the pipeline can attribute is journaled with its tenant and operation', () => {
  it('a tenant-filtered journal query finds the 429 of the rate limit', async () => {
    const created = (await json('POST', '/tenants')).json.data;
    const key = (
      await json('POST', '/api-keys', {
        tenantIds: [created.tenant.id],
        rateLimit: { limit: 1, windowSeconds: 60 },
      })
    ).json.data.apiKey.key;
    expect((await apiCall('/api/v1/users', { key, tenant: created.tenant.id })).status).toBe(200);
    expect((await apiCall('/api/v1/users', { key, tenant: created.tenant.id })).status).toBe(429);
    const limited = await json('GET', `/journal?tenantId=${created.tenant.id}&status=429`);
    expect(limited.json.data.entries).toEqual([
      expect.objectContaining({ status: 429, tenantId: created.tenant.id, operationId: 'users.list' }),
    ]);
    const byOperation = await json('GET', `/journal?operationId=users.list&status=429`);
    expect(byOperation.json.data.entries).toHaveLength(1);
    expect(mock.requests({ tenantId: created.tenant.id, status: 429 })).toHaveLength(1);
  });

  it('a 403 for a tenant the key may not access, and a 401 naming a tenant, are found by that tenant', async () => {
    const created = (await json('POST', '/tenants')).json.data;
    expect((await apiCall('/api/v1/users', { tenant: created.tenant.id })).status).toBe(403);
    expect((await apiCall('/api/v1/contacts', { key: `cf_${'x'.repeat(32)}`, tenant: created.tenant.id })).status).toBe(
      401,
    );
    const entries = (await json('GET', `/journal?tenantId=${created.tenant.id}`)).json.data.entries;
    expect(entries.map((entry: { status: number; operationId: string }) => [entry.status, entry.operationId])).toEqual([
      [403, 'users.list'],
      [401, 'contacts.list'],
    ]);
  });
});
