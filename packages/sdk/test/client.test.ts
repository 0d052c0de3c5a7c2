import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommFlow, CommFlowError, ValidationError, type Logger } from '../src/index.js';
import { ANN, BASE_URL, BOB, DEMO_KEYS, DEMO_TENANTS, rejectionOf, setup } from './helpers.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('construction', () => {
  it('falls back to COMMFLOW_API_KEY, COMMFLOW_TENANT_ID and COMMFLOW_BASE_URL', async () => {
    vi.stubEnv('COMMFLOW_API_KEY', DEMO_KEYS.sandbox);
    vi.stubEnv('COMMFLOW_TENANT_ID', DEMO_TENANTS.sandbox);
    vi.stubEnv('COMMFLOW_BASE_URL', `${BASE_URL}/`);
    const { mock } = setup();
    const client = new CommFlow({ fetch: mock.fetch });
    expect(client.tenantId).toBe(DEMO_TENANTS.sandbox);
    expect(client.baseUrl).toBe(BASE_URL);
    await expect(client.ai.agents.list()).resolves.toHaveLength(2);
    // Explicit options win over the environment.
    expect(new CommFlow({ tenantId: DEMO_TENANTS.live }).tenantId).toBe(DEMO_TENANTS.live);
  });

  it('throws a clear error when an option is missing or malformed, before any request', () => {
    vi.stubEnv('COMMFLOW_API_KEY', '');
    vi.stubEnv('COMMFLOW_TENANT_ID', '');
    vi.stubEnv('COMMFLOW_BASE_URL', '');
    const valid = { apiKey: DEMO_KEYS.sandbox, tenantId: DEMO_TENANTS.sandbox, baseUrl: BASE_URL };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...valid, apiKey: undefined }, /no API key.*COMMFLOW_API_KEY/],
      [{ ...valid, apiKey: 'sk_live_abc' }, /API key is malformed/],
      [{ ...valid, apiKey: 'cf_short' }, /API key is malformed/],
      [{ ...valid, tenantId: undefined }, /no tenant.*COMMFLOW_TENANT_ID/],
      [{ ...valid, tenantId: 'acme' }, /tenantId must be a UUID/],
      [{ ...valid, baseUrl: undefined }, /no base URL.*COMMFLOW_BASE_URL/],
      [{ ...valid, baseUrl: 'api.commflow.test' }, /baseUrl must be an absolute http\(s\) URL/],
      [{ ...valid, baseUrl: 'ftp://x.test' }, /baseUrl must be an absolute http\(s\) URL/],
      [{ ...valid, userEmail: 'ann' }, /userEmail must be an email/],
      [{ ...valid, maxRetries: -1 }, /maxRetries/],
      [{ ...valid, timeout: 0 }, /timeout/],
    ];
    for (const [options, message] of cases) {
      expect(() => new CommFlow(options as never)).toThrow(CommFlowError);
      expect(() => new CommFlow(options as never)).toThrow(message);
    }
    // A malformed key is never quoted back.
    expect(() => new CommFlow({ ...valid, apiKey: 'cf_secret!!' })).not.toThrow(/secret!!/);
  });

  it('accepts cf_ and cfa_ keys and sends them as a Bearer token', async () => {
    const { client, sent } = setup({ apiKey: DEMO_KEYS.partner });
    await client.presence.list();
    expect(sent[0]?.headers.get('Authorization')).toBe(`Bearer ${DEMO_KEYS.partner}`);
    expect(sent[0]?.headers.get('X-Tenant-Id')).toBe(DEMO_TENANTS.sandbox);
    expect(sent[0]?.headers.get('Accept')).toBe('application/json');
  });
});

describe('the API key never leaks', () => {
  it('is absent from toString, JSON, inspect and errors', async () => {
    const { client } = setup({ userEmail: ANN });
    const key = DEMO_KEYS.sandbox;
    for (const text of [
      String(client),
      JSON.stringify(client),
      inspect(client, { depth: 10, showHidden: true }),
      inspect(client.contacts, { depth: 10, showHidden: true }),
      JSON.stringify(Object.entries(client)),
    ]) {
      expect(text).not.toContain(key);
    }
    expect(String(client)).toContain(DEMO_TENANTS.sandbox);
    const error = await rejectionOf(client.ai.agents.get('99999999-9999-4999-8999-999999999999'));
    expect(inspect(error, { depth: 10, showHidden: true })).not.toContain(key);
    expect(JSON.stringify(error)).not.toContain(key);
    const offline = new CommFlow({
      apiKey: key,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: BASE_URL,
      maxRetries: 0,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    const connection = await rejectionOf(offline.presence.list());
    expect(inspect(connection, { depth: 10, showHidden: true })).not.toContain(key);
  });

  it('is absent from the logs, even at debug level', async () => {
    const lines: string[] = [];
    const record = (message: string, ...rest: unknown[]) => lines.push([message, ...rest.map(String)].join(' '));
    const logger: Logger = { debug: record, info: record, warn: record, error: record };
    const { client, mock } = setup({ logger, logLevel: 'debug', maxRetries: 1 });
    mock.injectFault({ path: '/api/v1/presence', status: 503, times: 1 });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    await client.presence.list();
    expect(lines.some((line) => line.includes('presence.list: GET /api/v1/presence'))).toBe(true);
    expect(lines.some((line) => line.includes('Retry 1 of 1'))).toBe(true);
    expect(lines.join('\n')).not.toContain(DEMO_KEYS.sandbox);
    vi.restoreAllMocks();
  });
});

describe('derived clients', () => {
  it('withUser sets X-User-Email and shares the configuration', async () => {
    const { client, sent } = setup({ timeout: 1234 });
    const bob = client.withUser(BOB);
    expect(bob.userEmail).toBe(BOB);
    expect(client.userEmail).toBeUndefined();
    await bob.presence.update({ status: 'busy', message: 'On a call' });
    expect(sent[0]?.headers.get('X-User-Email')).toBe(BOB);
    expect(sent[0]?.url.origin).toBe(BASE_URL);
    expect(() => client.withUser('not-an-email')).toThrow(/userEmail/);
  });

  it('withTenant switches tenant with an account key', async () => {
    const { client, sent } = setup({ apiKey: DEMO_KEYS.partner });
    const live = client.withTenant(DEMO_TENANTS.live);
    const agents = await live.ai.agents.list();
    expect(agents.map((a) => a.name)).toEqual(['Support Bot']);
    expect(sent[0]?.headers.get('X-Tenant-Id')).toBe(DEMO_TENANTS.live);
    expect(await client.ai.agents.list()).toHaveLength(2);
  });

  it('withOptions derives any other option; per-call options override for one call', async () => {
    const { client, sent } = setup({ headers: { 'X-Team': 'a' } });
    const other = client.withOptions({ headers: { 'X-Team': 'b' }, userEmail: ANN });
    await other.presence.update({ status: 'away', message: '' });
    await other.presence.update(
      { status: 'away', message: '' },
      { userEmail: BOB, headers: { 'X-Extra': '1' }, idempotencyKey: 'mine-1', tenantId: DEMO_TENANTS.sandbox },
    );
    expect(sent[0]?.headers.get('X-Team')).toBe('b');
    expect(sent[0]?.headers.get('X-User-Email')).toBe(ANN);
    expect(sent[1]?.headers.get('X-User-Email')).toBe(BOB);
    expect(sent[1]?.headers.get('X-Extra')).toBe('1');
    expect(sent[1]?.headers.get('Idempotency-Key')).toBe('mine-1');
  });
});

describe('validation before any request', () => {
  it('a user-scoped operation without an acting user rejects without touching the network', async () => {
    const { client, sent } = setup();
    const error = await rejectionOf(client.contacts.create({ firstName: 'Ann' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('options.userEmail');
    expect((error as ValidationError).message).toMatch(/contacts\.create acts on behalf of a user/);
    expect(sent).toHaveLength(0);
  });

  it('a bad body, query, path or option names the field', async () => {
    const { ann, client, sent } = setup();
    const cases: [PromiseLike<unknown>, string][] = [
      [ann.contacts.create({ firstName: 'Ann', phoneMobile: '555-0100' }), 'body.phoneMobile'],
      [ann.contacts.create({ firstName: 'Ann', extra: 1 } as never), 'body.extra'], // the unknown key is named
      [client.contacts.list({ limit: 500 }), 'query.limit'],
      [client.contacts.list({ cursor: 'abc', offset: 10 }), 'query.offset'],
      [client.ai.agents.get('agent-7'), 'path.id'],
      [
        ann.calendar.create({ title: 'x', startTime: '2026-01-02T00:00:00Z', endTime: '2026-01-01T00:00:00Z' }),
        'body.endTime',
      ],
      [
        client.pricing.quote({
          planId: '33333333-3333-4333-8333-000000000001',
          seatCount: 0,
          didCount: 0,
          billingTerm: 'MONTHLY',
        }),
        'body.seatCount',
      ],
      [client.presence.list({ tenantId: 'acme' }), 'options.tenantId'],
      [ann.presence.update({ status: 'busy', message: '' }, { idempotencyKey: '' }), 'options.idempotencyKey'],
      [client.presence.update({ status: 'busy', message: '' }, { userEmail: 'bob' }), 'options.userEmail'],
    ];
    for (const [promise, field] of cases) {
      const error = await rejectionOf(promise);
      expect(error, field).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe(field);
      expect((error as ValidationError).message).toContain(field);
    }
    expect(sent).toHaveLength(0);
  });
});
