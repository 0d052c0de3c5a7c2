import { ERROR_CATALOGUE, ERROR_CODES, OPERATION_LIST, type OperationId } from '@commflow/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMock, DEMO_KEYS, DEMO_TENANTS, type CommFlowMock } from '../../src/index.js';
import { ANN, DAN, EVE, START } from '../helpers/env.js';

/**
 * Every error the service raises carries the catalogue code, the catalogue status and a message
 * for people that is not blank. A message may change; these tests only ask that it exists and
 * names what the client has to fix, where the refusal is about a name (a permission, a module,
 * a capability, an email, a field).
 */

interface Sent {
  path: string;
  method?: string;
  key?: string | null;
  tenant?: string | null;
  user?: string | null;
  headers?: Record<string, string>;
  body?: string;
}

interface ErrorReply {
  status: number;
  headers: Headers;
  code: string;
  message: string;
  details?: unknown;
  requestId: string;
}

const gatingOf = (id: OperationId) => {
  const op = OPERATION_LIST.find((candidate) => candidate.id === id);
  if (op === undefined) throw new Error(`no operation ${id}`);
  return op.gating;
};

describe('every error of the catalogue has its code, its status and a message', () => {
  let mock: CommFlowMock;
  beforeEach(() => {
    // Fake timers only for the stalled request below; nothing here waits on the wall clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock = createMock('demo', { clock: { frozen: true, start: START } });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await mock.close();
  });

  const send = async (sent: Sent): Promise<ErrorReply> => {
    const headers: Record<string, string> = {};
    const key = sent.key === undefined ? DEMO_KEYS.sandbox : sent.key;
    const tenant = sent.tenant === undefined ? DEMO_TENANTS.sandbox : sent.tenant;
    const user = sent.user === undefined ? ANN : sent.user;
    if (key !== null) headers['X-API-Key'] = key;
    if (tenant !== null) headers['X-Tenant-Id'] = tenant;
    if (user !== null) headers['X-User-Email'] = user;
    if (sent.body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, sent.headers);
    const response = await mock.fetch(sent.path, { method: sent.method ?? 'GET', headers, body: sent.body ?? null });
    const json = (await response.json()) as {
      error: { code: string; message: string; details?: unknown };
      meta: { requestId: string };
    };
    return { status: response.status, headers: response.headers, ...json.error, requestId: json.meta.requestId };
  };

  it('one request for each code: right status, a message that is not blank, the request id', async () => {
    const contact = JSON.stringify({ firstName: 'Kim' });
    const limitedKey = mock.createApiKey({
      tenantIds: [DEMO_TENANTS.sandbox],
      rateLimit: { limit: 1, windowSeconds: 60 },
    });
    mock.injectFault({ method: 'GET', path: '/api/v1/files', status: 500 });
    mock.injectFault({ method: 'POST', path: '/api/v1/calendar', delayMs: 60_000 });
    const event = JSON.stringify({
      title: 'Stalled',
      startTime: '2026-11-22T09:00:00.000Z',
      endTime: '2026-11-22T10:00:00.000Z',
    });
    const stalled = send({
      path: '/api/v1/calendar',
      method: 'POST',
      body: event,
      headers: { 'Idempotency-Key': 's' },
    });
    await vi.advanceTimersByTimeAsync(1);

    const cases: [expected: string, sent: Sent][] = [
      ['VALIDATION_ERROR', { path: '/api/v1/contacts', method: 'POST', body: '{"firstName":""}' }],
      ['INVALID_JSON', { path: '/api/v1/contacts', method: 'POST', body: '{' }],
      ['INVALID_CURSOR', { path: '/api/v1/contacts?cursor=not-a-cursor' }],
      ['UNAUTHENTICATED', { path: '/api/v1/users', key: DEMO_KEYS.revoked }],
      ['TENANT_ACCESS_DENIED', { path: '/api/v1/users', tenant: DEMO_TENANTS.live }],
      ['PERMISSION_DENIED', { path: '/api/v1/contacts', key: DEMO_KEYS.usersOnly }],
      ['MODULE_DISABLED', { path: '/api/v1/fax', key: DEMO_KEYS.live, tenant: DEMO_TENANTS.live }],
      ['CAPABILITY_DENIED', { path: '/api/v1/sms/conversations', user: EVE }],
      ['UNKNOWN_USER', { path: '/api/v1/sms/conversations', user: 'nobody@acme.test' }],
      ['NOT_FOUND', { path: '/api/v1/ai/agents/44444444-4444-4444-8444-999999999999' }],
      ['METHOD_NOT_ALLOWED', { path: '/api/v1/users', method: 'DELETE' }],
      [
        'NO_EXTENSION',
        { path: '/api/v1/click2dial', method: 'POST', user: DAN, body: '{"destination":"+14155550100"}' },
      ],
      ['PAYLOAD_TOO_LARGE', { path: '/api/v1/contacts', method: 'POST', body: `"${'x'.repeat(1024 * 1024)}"` }],
      [
        'UNSUPPORTED_MEDIA_TYPE',
        { path: '/api/v1/contacts', method: 'POST', body: contact, headers: { 'content-type': 'text/plain' } },
      ],
      ['RATE_LIMITED', { path: '/api/v1/users', key: limitedKey.key }],
      ['INTERNAL_ERROR', { path: '/api/v1/files' }],
      [
        'IDEMPOTENCY_IN_PROGRESS',
        { path: '/api/v1/calendar', method: 'POST', body: event, headers: { 'Idempotency-Key': 's' } },
      ],
    ];
    // The rate-limited key spends its one request first.
    expect((await send({ path: '/api/v1/users', key: limitedKey.key })).status).toBe(200);

    const seen = new Set<string>();
    for (const [expected, sent] of cases) {
      const reply = await send(sent);
      expect(reply.code, `${sent.method ?? 'GET'} ${sent.path}`).toBe(expected);
      expect(reply.status, expected).toBe(ERROR_CATALOGUE[expected as keyof typeof ERROR_CATALOGUE].status);
      expect(reply.message, expected).toMatch(/\S/);
      expect(reply.requestId, expected).toBe(reply.headers.get('x-request-id'));
      seen.add(reply.code);
    }

    // The key reused with another request, once the stalled first one is done.
    await vi.advanceTimersByTimeAsync(60_000);
    expect((await stalled).status).toBe(201);
    const reused = await send({
      path: '/api/v1/calendar',
      method: 'POST',
      body: event.replace('Stalled', 'Other'),
      headers: { 'Idempotency-Key': 's' },
    });
    expect([reused.code, reused.status]).toEqual(['IDEMPOTENCY_KEY_REUSED', 409]);
    expect(reused.message).toMatch(/\S/);
    seen.add(reused.code);

    // Derived from the contract: a code added to the catalogue needs a line here.
    expect([...seen].sort()).toEqual([...ERROR_CODES].sort());
  });

  it('UNAUTHENTICATED: each cause has a message of its own', async () => {
    const causes: Sent[] = [
      { path: '/api/v1/users', key: null },
      { path: '/api/v1/users', key: null, headers: { Authorization: `Basic ${DEMO_KEYS.sandbox}` } },
      { path: '/api/v1/users', headers: { Authorization: `Bearer ${DEMO_KEYS.live}` } },
      { path: '/api/v1/users', key: 'cf_unknown_00000000000000000000000000' },
      { path: '/api/v1/users', key: DEMO_KEYS.revoked },
    ];
    const messages = new Set<string>();
    for (const sent of causes) {
      const reply = await send(sent);
      expect([reply.status, reply.code]).toEqual([401, 'UNAUTHENTICATED']);
      expect(reply.message).toMatch(/\S/);
      messages.add(reply.message);
    }
    expect(messages.size).toBe(causes.length);
  });

  it('a refusal about a name says the name', async () => {
    const permission = await send({ path: '/api/v1/contacts', key: DEMO_KEYS.usersOnly });
    expect(permission.message).toContain(`"${gatingOf('contacts.list').permission}"`);

    const module = await send({ path: '/api/v1/fax', key: DEMO_KEYS.live, tenant: DEMO_TENANTS.live });
    expect(module.message).toContain(`"${gatingOf('fax.list').module ?? ''}"`);

    const userCapability = await send({ path: '/api/v1/sms/conversations', user: EVE });
    expect(userCapability.message).toContain(`"${gatingOf('sms.conversations').capability ?? ''}"`);

    const unknown = await send({ path: '/api/v1/sms/conversations', user: 'Nobody@Acme.test' });
    expect(unknown.message).toContain('Nobody@Acme.test');

    const method = await send({ path: '/api/v1/users', method: 'DELETE' });
    expect(method.message).toContain(method.headers.get('allow') ?? 'Allow');
    expect(method.message).toContain('DELETE');

    const route = await send({ path: '/api/v1/nowhere' });
    expect(route.code).toBe('NOT_FOUND');
    expect(route.message).toContain('/api/v1/nowhere');

    const field = await send({ path: '/api/v1/contacts', method: 'POST', body: '{"firstName":"","extra":1}' });
    expect(field.message).toContain('firstName');
    expect(field.message).toContain('1 more');
  });

  it('CAPABILITY_DENIED says whether the tenant or the acting user lacks it', async () => {
    const capability = gatingOf('files.list').capability ?? '';
    mock.loadScenario({
      tenants: [
        {
          id: DEMO_TENANTS.sandbox,
          name: 'T',
          mode: 'sandbox',
          capabilities: ['contacts.use', 'sms.use'],
          users: [{ email: ANN, firstName: 'A', lastName: 'L', capabilities: ['contacts.use'] }],
        },
      ],
      apiKeys: [{ key: DEMO_KEYS.sandbox, tenantIds: [DEMO_TENANTS.sandbox], permissions: ['*'] }],
    });
    const tenant = await send({ path: '/api/v1/files' });
    expect([tenant.code, tenant.status]).toEqual(['CAPABILITY_DENIED', 403]);
    expect(tenant.message).toContain(`"${capability}"`);
    expect(tenant.message).toMatch(/tenant/);
    const user = await send({ path: '/api/v1/sms/conversations' });
    expect([user.code, user.status]).toEqual(['CAPABILITY_DENIED', 403]);
    expect(user.message).toMatch(/user/);
    expect(user.message).not.toBe(tenant.message);
  });

  it('RATE_LIMITED says how long to wait, as Retry-After does', async () => {
    const { key } = mock.createApiKey({
      tenantIds: [DEMO_TENANTS.sandbox],
      rateLimit: { limit: 1, windowSeconds: 30 },
    });
    await send({ path: '/api/v1/users', key });
    mock.advanceClock(12_000);
    const limited = await send({ path: '/api/v1/users', key });
    expect(limited.headers.get('retry-after')).toBe('18');
    expect(limited.details).toEqual({ retryAfterSeconds: 18 });
    expect(limited.message).toContain('18');
  });
});
