import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIError, CommFlow, CommFlowError, type Fetch } from '../src/index.js';
import { BASE_URL, DEMO_KEYS, DEMO_TENANTS, rejectionOf, setup } from './helpers.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('derived clients and option checks', () => {
  it('withOptions keeps the parent value for an option given as undefined, never the environment', async () => {
    vi.stubEnv('COMMFLOW_API_KEY', DEMO_KEYS.live);
    vi.stubEnv('COMMFLOW_TENANT_ID', DEMO_TENANTS.live);
    const { client, sent } = setup();
    const derived = client.withOptions({ apiKey: undefined, tenantId: undefined, timeout: 5_000 });
    expect(derived.tenantId).toBe(DEMO_TENANTS.sandbox);
    await derived.users.list();
    expect(sent.at(-1)?.headers.get('authorization')).toBe(`Bearer ${DEMO_KEYS.sandbox}`);
    expect(sent.at(-1)?.headers.get('x-tenant-id')).toBe(DEMO_TENANTS.sandbox);
  });

  it('refuses a fetch that is not a function, and an unknown COMMFLOW_LOG, at construction', () => {
    const valid = { apiKey: DEMO_KEYS.sandbox, tenantId: DEMO_TENANTS.sandbox, baseUrl: BASE_URL };
    expect(() => new CommFlow({ ...valid, fetch: 42 as unknown as Fetch })).toThrow(/fetch must be a function/);
    vi.stubEnv('COMMFLOW_LOG', 'verbose');
    expect(() => new CommFlow(valid)).toThrow(CommFlowError);
    expect(() => new CommFlow(valid)).toThrow(/COMMFLOW_LOG/);
    vi.stubEnv('COMMFLOW_LOG', 'debug');
    const quiet = vi.fn();
    expect(
      () => new CommFlow({ ...valid, logger: { debug: quiet, info: quiet, warn: quiet, error: quiet } }),
    ).not.toThrow();
  });

  it('hasCode narrows to the catalogue code the service sent', async () => {
    const { client } = setup();
    const error = await rejectionOf(client.withUser('dan.fox@acme.test').voice.click2dial({ destination: '1002' }));
    if (!(error instanceof APIError)) throw new Error('expected an APIError');
    expect(error.hasCode('NO_EXTENSION')).toBe(true);
    expect(error.hasCode('RATE_LIMITED')).toBe(false);
  });
});

describe('the generic request and paginate', () => {
  it('call any operation by id, with the inputs it requires', async () => {
    const { client, ann } = setup();
    const [conversation] = (await ann.sms.conversations.list()).items;
    if (!conversation) throw new Error('the demo has an SMS conversation for Ann');
    const sent = await ann.request('sms.send', { path: { id: conversation.id }, body: { body: 'hi' } });
    expect(sent.body).toBe('hi');
    const page = await ann.paginate('sms.messages.list', { path: { id: conversation.id }, query: { limit: 1 } });
    expect(page.items).toHaveLength(1);
    expect((await client.request('users.list')).length).toBeGreaterThan(0);
  });
});
