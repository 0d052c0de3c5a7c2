/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { ERROR_CATALOGUE, isErrorCode } from '@commflow/contract';
import { describe, expect, it } from 'vitest';
import { ANN, BOB, call, DAN, DEMO_KEYS, DEMO_TENANTS, describeTransports, EVE, HENRY } from './helpers/env.js';

const FOREIGN_TENANT = '99999999-9999-4999-8999-999999999999';

describeTransports('envelope, identifiers and headers (decisions §1)', (env) => {
  it('serves openapi.json with a request id and no key; its other methods are 405 with Allow', async () => {
    const doc = await call(env(), 'GET', '/api/v1/openapi.json', {
      key: null,
      tenant: null,
      user: null,
      headers: { 'X-Request-Id': 'doc-1' },
    });
    expect(doc.status).toBe(200);
    expect(doc.json.info.version).toBe('1.1.0');
    expect(doc.headers.get('x-request-id')).toBe('doc-1');
    const posted = await call(env(), 'POST', '/api/v1/openapi.json', { body: {} });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    expect(posted.json.error.code).toBe('METHOD_NOT_ALLOWED');
    // The document needs no key, and neither does its 405: no 401 first, no RateLimit-*.
    const keyless = await call(env(), 'DELETE', '/api/v1/openapi.json', { key: null, tenant: null, user: null });
    expect(keyless.status).toBe(405);
    expect(keyless.headers.get('allow')).toBe('GET, HEAD');
    expect(keyless.headers.get('ratelimit-limit')).toBeNull();
    expect(keyless.json.meta.requestId).toBe(keyless.headers.get('x-request-id'));
  });

  it('wraps success as { success, data, meta: { requestId, timestamp } } with the headers', async () => {
    const reply = await call(env(), 'GET', '/api/v1/users');
    expect(reply.status).toBe(200);
    expect(reply.json.success).toBe(true);
    expect(Array.isArray(reply.json.data.users)).toBe(true);
    expect(reply.json.meta.requestId).toBe(reply.headers.get('x-request-id'));
    expect(reply.json.meta.timestamp).toBe('2026-11-21T12:00:00.000Z');
    expect(reply.headers.get('ratelimit-limit')).toBe('600');
    expect(reply.headers.get('ratelimit-remaining')).toBe('599');
    expect(reply.headers.get('ratelimit-reset')).toBe('60');
  });

  it('echoes a valid client X-Request-Id and replaces an invalid one', async () => {
    const echoed = await call(env(), 'GET', '/api/v1/users', { headers: { 'X-Request-Id': 'req-42' } });
    expect(echoed.headers.get('x-request-id')).toBe('req-42');
    expect(echoed.json.meta.requestId).toBe('req-42');
    const replaced = await call(env(), 'GET', '/api/v1/users', { headers: { 'X-Request-Id': 'x'.repeat(201) } });
    expect(replaced.status).toBe(200);
    expect(replaced.headers.get('x-request-id')).not.toBe('x'.repeat(201));
    expect(replaced.json.meta.requestId).toBe(replaced.headers.get('x-request-id'));
  });

  it('puts X-Request-Id on errors too, and RateLimit-* only when the key was recognised', async () => {
    const noKey = await call(env(), 'GET', '/api/v1/users', { key: null });
    expect(noKey.status).toBe(401);
    expect(noKey.json).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
    expect(noKey.json.meta.requestId).toBe(noKey.headers.get('x-request-id'));
    expect(noKey.headers.get('ratelimit-limit')).toBeNull();
    const denied = await call(env(), 'GET', '/api/v1/users', { tenant: FOREIGN_TENANT });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('ratelimit-remaining')).not.toBeNull();
  });

  it('returns uuid v4 ids and millisecond UTC timestamps', async () => {
    const created = await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Zoe' } });
    expect(created.json.data.contact.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(created.json.data.contact.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('serves the OpenAPI document without a key', async () => {
    const response = await env().fetch(`${env().base}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { info: { version: string } };
    expect(document.info.version).toBe('1.1.0');
  });
});

describeTransports('authentication (decisions §3)', (env) => {
  it('accepts X-API-Key and Bearer, and both when equal', async () => {
    expect((await call(env(), 'GET', '/api/v1/users')).status).toBe(200);
    const bearer = await call(env(), 'GET', '/api/v1/users', {
      key: null,
      headers: { Authorization: `Bearer ${DEMO_KEYS.sandbox}` },
    });
    expect(bearer.status).toBe(200);
    const both = await call(env(), 'GET', '/api/v1/users', {
      headers: { Authorization: `Bearer ${DEMO_KEYS.sandbox}` },
    });
    expect(both.status).toBe(200);
  });

  it.each([
    ['missing', { key: null }],
    ['malformed', { key: 'cf_short' }],
    ['unknown', { key: 'cf_unknown_key_000000000000000000000' }],
    ['revoked', { key: DEMO_KEYS.revoked }],
    ['both present and different', { headers: { Authorization: `Bearer ${DEMO_KEYS.live}` } }],
    ['a non-Bearer Authorization', { key: null, headers: { Authorization: `Basic ${DEMO_KEYS.sandbox}` } }],
  ] as const)('401 UNAUTHENTICATED when the key is %s', async (_, options) => {
    const reply = await call(env(), 'GET', '/api/v1/users', options);
    expect(reply.status).toBe(401);
    expect(reply.json.error.code).toBe('UNAUTHENTICATED');
  });

  it('lets a cfa_ account key reach each listed tenant', async () => {
    const sandbox = await call(env(), 'GET', '/api/v1/users', { key: DEMO_KEYS.partner });
    const live = await call(env(), 'GET', '/api/v1/users', { key: DEMO_KEYS.partner, tenant: DEMO_TENANTS.live });
    expect(sandbox.status).toBe(200);
    expect(live.status).toBe(200);
    expect(live.json.data.users.map((u: { email: string }) => u.email)).toContain(HENRY);
  });
});

describeTransports('tenancy and gating order (decisions §3)', (env) => {
  it('400 when X-Tenant-Id is missing or not a uuid, naming the header', async () => {
    const missing = await call(env(), 'GET', '/api/v1/users', { tenant: null });
    expect(missing.status).toBe(400);
    expect(missing.json.error.details).toEqual([{ path: ['header', 'X-Tenant-Id'], message: expect.any(String) }]);
    const bad = await call(env(), 'GET', '/api/v1/users', { tenant: 'acme' });
    expect(bad.json.error.code).toBe('VALIDATION_ERROR');
    expect(bad.json.error.details[0].path).toEqual(['header', 'X-Tenant-Id']);
  });

  it('403 TENANT_ACCESS_DENIED for another tenant, whether it exists or not', async () => {
    const existing = await call(env(), 'GET', '/api/v1/users', { tenant: DEMO_TENANTS.live });
    const missing = await call(env(), 'GET', '/api/v1/users', { tenant: FOREIGN_TENANT });
    expect(existing.json.error.code).toBe('TENANT_ACCESS_DENIED');
    expect(missing.json.error.code).toBe('TENANT_ACCESS_DENIED');
    expect(existing.json.error.message).toBe(missing.json.error.message);
  });

  it('403 PERMISSION_DENIED when the key lacks the permission', async () => {
    const reply = await call(env(), 'GET', '/api/v1/contacts', { key: DEMO_KEYS.usersOnly });
    expect(reply.status).toBe(403);
    expect(reply.json.error.code).toBe('PERMISSION_DENIED');
    expect((await call(env(), 'GET', '/api/v1/users', { key: DEMO_KEYS.usersOnly })).status).toBe(200);
  });

  it('403 MODULE_DISABLED when the tenant lacks the module', async () => {
    const reply = await call(env(), 'GET', '/api/v1/fax', { key: DEMO_KEYS.live, tenant: DEMO_TENANTS.live });
    expect(reply.json.error.code).toBe('MODULE_DISABLED');
  });

  it('acting user: 400 when missing or not an email, 403 UNKNOWN_USER when not a user of the tenant', async () => {
    const missing = await call(env(), 'GET', '/api/v1/sms/conversations', { user: null });
    expect(missing.status).toBe(400);
    expect(missing.json.error.details[0].path).toEqual(['header', 'X-User-Email']);
    const notEmail = await call(env(), 'GET', '/api/v1/sms/conversations', { user: 'ann' });
    expect(notEmail.json.error.details[0].path).toEqual(['header', 'X-User-Email']);
    const unknown = await call(env(), 'GET', '/api/v1/sms/conversations', { user: 'grace@globex.test' });
    expect(unknown.status).toBe(403);
    expect(unknown.json.error.code).toBe('UNKNOWN_USER');
  });

  it('matches X-User-Email case-insensitively', async () => {
    const reply = await call(env(), 'GET', '/api/v1/sms/conversations', { user: 'ANN.LEE@ACME.TEST' });
    expect(reply.status).toBe(200);
  });

  it('403 CAPABILITY_DENIED when the acting user carries a list without the capability', async () => {
    const reply = await call(env(), 'GET', '/api/v1/sms/conversations', { user: EVE });
    expect(reply.json.error.code).toBe('CAPABILITY_DENIED');
    expect((await call(env(), 'GET', '/api/v1/contacts', { user: EVE })).status).toBe(200);
  });

  it('403 CAPABILITY_DENIED when the tenant lacks the capability', async () => {
    env().mock.loadScenario({
      tenants: [
        {
          id: DEMO_TENANTS.sandbox,
          name: 'T',
          mode: 'sandbox',
          capabilities: ['contacts.use'],
          users: [{ email: ANN, firstName: 'A', lastName: 'L' }],
        },
      ],
      apiKeys: [{ key: DEMO_KEYS.sandbox, tenantIds: [DEMO_TENANTS.sandbox], permissions: ['*'] }],
    });
    const reply = await call(env(), 'GET', '/api/v1/files');
    expect(reply.json.error.code).toBe('CAPABILITY_DENIED');
    env().mock.loadScenario('demo');
  });

  it('applies the checks in order: key, tenant, permission, module, user, capability, validation', async () => {
    // Each request is wrong in every later way too; the first failing check answers.
    const badBody = { rawBody: '{', headers: { 'content-type': 'application/json' } };
    expect(
      (await call(env(), 'POST', '/api/v1/contacts', { key: null, tenant: null, user: null, ...badBody })).json.error
        .code,
    ).toBe('UNAUTHENTICATED');
    expect(
      (await call(env(), 'POST', '/api/v1/contacts', { tenant: null, user: null, ...badBody })).json.error.details[0]
        .path,
    ).toEqual(['header', 'X-Tenant-Id']);
    expect(
      (await call(env(), 'POST', '/api/v1/contacts', { tenant: DEMO_TENANTS.live, user: null, ...badBody })).json.error
        .code,
    ).toBe('TENANT_ACCESS_DENIED');
    expect(
      (await call(env(), 'POST', '/api/v1/contacts', { key: DEMO_KEYS.usersOnly, user: null, ...badBody })).json.error
        .code,
    ).toBe('PERMISSION_DENIED');
    expect(
      (await call(env(), 'GET', '/api/v1/fax?type=nope', { key: DEMO_KEYS.live, tenant: DEMO_TENANTS.live })).json.error
        .code,
    ).toBe('MODULE_DISABLED');
    expect(
      (await call(env(), 'POST', '/api/v1/contacts', { user: 'nobody@acme.test', ...badBody })).json.error.code,
    ).toBe('UNKNOWN_USER');
    expect(
      (await call(env(), 'POST', '/api/v1/sms/conversations/x/messages', { user: EVE, ...badBody })).json.error.code,
    ).toBe('CAPABILITY_DENIED');
    expect((await call(env(), 'POST', '/api/v1/contacts', badBody)).json.error.code).toBe('INVALID_JSON');
  });
});

describeTransports('data never crosses tenants (spec §1.3, §7.4)', (env) => {
  it('a foreign id is 404 exactly like a missing one', async () => {
    const liveConversations = await call(env(), 'GET', '/api/v1/sms/conversations', {
      key: DEMO_KEYS.live,
      tenant: DEMO_TENANTS.live,
      user: 'grace@globex.test',
    });
    const foreignId: string = liveConversations.json.data.conversations[0].id;
    const foreign = await call(env(), 'GET', `/api/v1/sms/conversations/${foreignId}/messages`);
    const missing = await call(env(), 'GET', '/api/v1/sms/conversations/99999999-9999-4999-8999-999999999999/messages');
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.json.error).toEqual(missing.json.error);
    const agents = await call(env(), 'GET', '/api/v1/ai/agents', { key: DEMO_KEYS.live, tenant: DEMO_TENANTS.live });
    const foreignAgent = await call(env(), 'GET', `/api/v1/ai/agents/${agents.json.data.agents[0].id as string}`);
    expect(foreignAgent.json.error.code).toBe('NOT_FOUND');
  });

  it('a contact created in one tenant is invisible in the other', async () => {
    await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'OnlySandbox' } });
    const live = await call(env(), 'GET', '/api/v1/contacts?search=onlysandbox', {
      key: DEMO_KEYS.partner,
      tenant: DEMO_TENANTS.live,
    });
    expect(live.json.data.contacts).toEqual([]);
    const sandbox = await call(env(), 'GET', '/api/v1/contacts?search=onlysandbox', { key: DEMO_KEYS.partner });
    expect(sandbox.json.data.contacts).toHaveLength(1);
  });
});

describeTransports('routing and bad input (decisions §4)', (env) => {
  it('404 NOT_FOUND for unknown routes, including /api/v1/sms/messages on any method', async () => {
    for (const method of ['GET', 'POST', 'PUT']) {
      const reply = await call(env(), method, '/api/v1/sms/messages');
      expect(reply.status).toBe(404);
      expect(reply.json.error.code).toBe('NOT_FOUND');
    }
    expect((await call(env(), 'GET', '/api/v1/contacts/')).status).toBe(404);
    expect((await call(env(), 'GET', '/nothing')).status).toBe(404);
  });

  it('405 with Allow for a known path and another method', async () => {
    const reply = await call(env(), 'DELETE', '/api/v1/contacts');
    expect(reply.status).toBe(405);
    expect(reply.json.error.code).toBe('METHOD_NOT_ALLOWED');
    expect(reply.headers.get('allow')).toBe('GET, HEAD, POST');
    expect((await call(env(), 'PATCH', '/api/v1/presence')).headers.get('allow')).toBe('GET, HEAD, PUT');
  });

  it('413 over 1 MiB, 415 for non-JSON, 400 INVALID_JSON for malformed JSON and bad UTF-8', async () => {
    const huge = await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'x'.repeat(1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.json.error.code).toBe('PAYLOAD_TOO_LARGE');
    const text = await call(env(), 'POST', '/api/v1/contacts', {
      rawBody: 'firstName=Ann',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.json.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const malformed = await call(env(), 'POST', '/api/v1/contacts', {
      rawBody: '{"firstName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.json.error.code).toBe('INVALID_JSON');
    const badUtf8 = await call(env(), 'POST', '/api/v1/contacts', {
      rawBody: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    expect(badUtf8.json.error.code).toBe('INVALID_JSON');
    expect((await call(env(), 'GET', '/api/v1/contacts?limit=100')).json.data.contacts).toHaveLength(8);
  });

  it('VALIDATION_ERROR details name location and field; unknown keys one detail each', async () => {
    const reply = await call(env(), 'POST', '/api/v1/contacts', {
      body: { firstName: '', phoneMobile: '555', extra: 1, other: 2 },
    });
    expect(reply.status).toBe(400);
    expect(reply.json.error.code).toBe('VALIDATION_ERROR');
    const paths = reply.json.error.details.map((detail: { path: string[] }) => detail.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['body', 'firstName'],
        ['body', 'phoneMobile'],
        ['body', 'extra'],
        ['body', 'other'],
      ]),
    );
    const query = await call(env(), 'GET', '/api/v1/users?limit=0&color=red');
    expect(query.json.error.details).toEqual([
      { path: ['query', 'limit'], message: expect.any(String) },
      { path: ['query', 'color'], message: 'Unrecognized key' },
    ]);
    const path = await call(env(), 'GET', '/api/v1/ai/agents/not-a-uuid');
    expect(path.json.error.details[0].path).toEqual(['path', 'id']);
  });

  it('a __proto__ key is rejected as unknown and pollutes nothing', async () => {
    const reply = await call(env(), 'POST', '/api/v1/contacts', {
      rawBody: '{"firstName":"A","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    const paths = reply.json.error.details.map((detail: { path: string[] }) => detail.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['body', '__proto__'],
        ['body', 'constructor'],
      ]),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('odd unicode round-trips', async () => {
    const name = 'Zoë 🦊 \u200d\u202e Ωμέγα 中文';
    const created = await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: name } });
    expect(created.status).toBe(201);
    expect(created.json.data.contact.firstName).toBe(name);
  });

  it('a body on a GET is ignored; an empty body on a POST is a validation error', async () => {
    const empty = await call(env(), 'POST', '/api/v1/contacts', { headers: { 'content-type': 'application/json' } });
    expect(empty.json.error.details[0].path).toEqual(['body']);
  });
});

describeTransports('lists and pagination (decisions §2)', (env) => {
  it('limit defaults to 50, accepts 1..100, rejects the rest; offset ≥ 0', async () => {
    const page = await call(env(), 'GET', '/api/v1/contacts');
    expect(page.json.meta.pagination).toEqual({ limit: 50, offset: 0, hasMore: false, nextCursor: null });
    for (const bad of ['0', '101', '1.5', 'ten', '-1']) {
      expect((await call(env(), 'GET', `/api/v1/contacts?limit=${bad}`)).json.error.code).toBe('VALIDATION_ERROR');
    }
    expect((await call(env(), 'GET', '/api/v1/contacts?offset=-1')).status).toBe(400);
    expect((await call(env(), 'GET', '/api/v1/contacts?limit=100')).status).toBe(200);
  });

  it('cursor with a non-zero offset is 400; malformed or foreign-filter cursors are INVALID_CURSOR', async () => {
    const first = await call(env(), 'GET', '/api/v1/contacts?limit=2');
    const cursor: string = first.json.meta.pagination.nextCursor;
    expect(typeof cursor).toBe('string');
    expect((await call(env(), 'GET', `/api/v1/contacts?cursor=${cursor}&offset=2`)).json.error.code).toBe(
      'VALIDATION_ERROR',
    );
    expect((await call(env(), 'GET', `/api/v1/contacts?cursor=${cursor}&offset=0`)).status).toBe(200);
    expect((await call(env(), 'GET', '/api/v1/contacts?cursor=garbage!')).json.error.code).toBe('INVALID_CURSOR');
    expect((await call(env(), 'GET', '/api/v1/contacts?cursor=eyJ4IjoxfQ')).json.error.code).toBe('INVALID_CURSOR');
    expect((await call(env(), 'GET', `/api/v1/contacts?cursor=${cursor}&search=a`)).json.error.code).toBe(
      'INVALID_CURSOR',
    );
    expect((await call(env(), 'GET', `/api/v1/users?cursor=${cursor}`)).json.error.code).toBe('INVALID_CURSOR');
  });

  it("binds a user-scoped list's cursor to its acting user", async () => {
    const started = await call(env(), 'POST', '/api/v1/chat/conversations', {
      body: { participantEmail: BOB, message: 'one' },
    });
    const conversationId: string = started.json.data.conversation.id;
    await call(env(), 'POST', '/api/v1/chat/messages', { body: { conversationId, content: 'two' } });
    const path = `/api/v1/chat/messages?conversationId=${conversationId}&limit=1`;
    const cursor: string = (await call(env(), 'GET', path)).json.meta.pagination.nextCursor;
    expect((await call(env(), 'GET', `${path}&cursor=${cursor}`)).status).toBe(200);
    const asBob = await call(env(), 'GET', `${path}&cursor=${cursor}`, { user: BOB });
    expect(asBob.status).toBe(400);
    expect(asBob.json.error.code).toBe('INVALID_CURSOR');
  });

  it('walks contacts by cursor, newest first, each exactly once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '' : `&cursor=${cursor}`;
      const page = await call(env(), 'GET', `/api/v1/contacts?limit=3${query}`);
      seen.push(...page.json.data.contacts.map((c: { id: string }) => c.id));
      cursor = page.json.meta.pagination.nextCursor;
      expect(page.json.meta.pagination.hasMore).toBe(cursor !== null);
    } while (cursor !== null);
    const all = await call(env(), 'GET', '/api/v1/contacts?limit=100');
    expect(seen).toEqual(all.json.data.contacts.map((c: { id: string }) => c.id));
    const created: string[] = all.json.data.contacts.map((c: { createdAt: string }) => c.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('offset paging skips items and offset-only lists never return a cursor', async () => {
    const page = await call(env(), 'GET', '/api/v1/fax?limit=1&offset=1');
    expect(page.json.data.faxes).toHaveLength(1);
    expect(page.json.meta.pagination).toEqual({ limit: 1, offset: 1, hasMore: true, nextCursor: null });
    expect((await call(env(), 'GET', '/api/v1/fax?cursor=abc')).json.error.details[0].path).toEqual([
      'query',
      'cursor',
    ]);
  });

  it('orders users by last name, first name; searches name, email, extension case-insensitively', async () => {
    const users = await call(env(), 'GET', '/api/v1/users');
    expect(users.json.data.users.map((u: { lastName: string }) => u.lastName)).toEqual([
      'Diaz',
      'Fox',
      'Lee',
      'Moss',
      'Stone',
    ]);
    const byName = await call(env(), 'GET', '/api/v1/users?search=ANN%20LEE');
    expect(byName.json.data.users.map((u: { email: string }) => u.email)).toEqual([ANN]);
    const byEmail = await call(env(), 'GET', '/api/v1/users?search=stone@');
    expect(byEmail.json.data.users.map((u: { email: string }) => u.email)).toEqual([BOB]);
    const byExtension = await call(env(), 'GET', '/api/v1/users?search=1003');
    expect(byExtension.json.data.users).toHaveLength(1);
    const noExtension = users.json.data.users.find((u: { email: string }) => u.email === DAN);
    expect(noExtension.extension).toBeNull();
  });

  it('searches contacts by full name and phone digits', async () => {
    const byName = await call(env(), 'GET', '/api/v1/contacts?search=ada%20love');
    expect(byName.json.data.contacts.map((c: { lastName: string }) => c.lastName)).toEqual(['Lovelace']);
    const byDigits = await call(env(), 'GET', '/api/v1/contacts?search=%2B44%20207946');
    expect(byDigits.json.data.contacts).toHaveLength(2);
    expect((await call(env(), 'GET', `/api/v1/contacts?search=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it('lists AI agents by name and presence for every user, without pagination', async () => {
    const agents = await call(env(), 'GET', '/api/v1/ai/agents');
    expect(agents.json.data.agents.map((a: { name: string }) => a.name)).toEqual(['Receptionist', 'Sales Assistant']);
    expect(agents.json.meta.pagination).toBeUndefined();
    const presence = await call(env(), 'GET', '/api/v1/presence');
    expect(presence.json.data.presence).toHaveLength(5);
    expect(presence.json.meta.pagination).toBeUndefined();
  });
});

describe('catalogue', () => {
  it('every status used is the catalogue status of its code', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE))
      expect(isErrorCode(code) && entry.status >= 400).toBe(true);
  });
});
