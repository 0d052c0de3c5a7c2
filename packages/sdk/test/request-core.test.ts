import { describe, expect, it } from 'vitest';
import { CommFlow, ValidationError, type Fetch } from '../src/index.js';
import { ANN, BOB, DEMO_KEYS, DEMO_TENANTS, rejectionOf, setup } from './helpers.js';

// The request core prepares what it can once (per client, per operation) and builds the URL
// itself: these pin down that the shortcuts send exactly what the long way did.

const AGENT = '44444444-4444-4444-8444-000000000001';

/** A client whose fetch records each request and answers with an empty list. */
function recording(options: { baseUrl?: string; headers?: Record<string, string> } = {}) {
  const requests: Request[] = [];
  const fetch: Fetch = (request) => {
    requests.push(request);
    const data = request.url.includes('/ai/agents/') ? { agent: { id: AGENT } } : { agents: [] };
    return Promise.resolve(Response.json({ success: true, data, meta: { requestId: 'r1' } }));
  };
  const client = new CommFlow({
    apiKey: DEMO_KEYS.sandbox,
    tenantId: DEMO_TENANTS.sandbox,
    baseUrl: options.baseUrl ?? 'https://api.commflow.test',
    headers: options.headers,
    fetch,
  });
  return { client, requests };
}

describe('the URL', () => {
  it('encodes the query as ky searchParams would, leaving out undefined values', async () => {
    const { client, sent } = setup();
    await client.users.list({ search: 'ann lee & co', limit: 10, offset: undefined });
    const expected = new URLSearchParams({ search: 'ann lee & co', limit: '10' }).toString();
    expect(sent[0]?.url.search).toBe(`?${expected}`);
  });

  it('sends no query string for an empty or absent query', async () => {
    const { client, sent } = setup();
    await client.users.list();
    await client.users.list({});
    await client.ai.agents.list();
    expect(sent.map((request) => request.url.search)).toEqual(['', '', '']);
  });

  it('still validates an empty query that the schema rejects, and sends nothing', async () => {
    const { ann, sent } = setup();
    const error = await rejectionOf(ann.request('chat.messages.list', { query: {} as never }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('query.conversationId');
    expect(sent).toHaveLength(0);
  });

  it('fills path parameters and keeps a base URL path', async () => {
    const { client, requests } = recording({ baseUrl: 'https://gateway.test/commflow/' });
    await client.ai.agents.get(AGENT);
    await client.ai.agents.list();
    expect(requests.map((request) => request.url)).toEqual([
      `https://gateway.test/commflow/api/v1/ai/agents/${AGENT}`,
      'https://gateway.test/commflow/api/v1/ai/agents',
    ]);
  });
});

describe('headers prepared once per client', () => {
  it('sends the client headers on plain calls, and per-call headers only on their call', async () => {
    const { client, requests } = recording({ headers: { 'X-Trace': 'client', Authorization: 'ignored' } });
    await client.ai.agents.list({ headers: { 'X-Call': 'one', 'X-Trace': 'call' } });
    await client.ai.agents.list();
    const [first, second] = requests.map((request) => request.headers);
    expect(first?.get('x-call')).toBe('one');
    expect(first?.get('x-trace')).toBe('call');
    expect(second?.get('x-call')).toBeNull();
    expect(second?.get('x-trace')).toBe('client');
    for (const headers of [first, second]) {
      expect(headers?.get('authorization')).toBe(`Bearer ${DEMO_KEYS.sandbox}`);
      expect(headers?.get('x-tenant-id')).toBe(DEMO_TENANTS.sandbox);
      expect(headers?.get('accept')).toBe('application/json');
    }
  });

  it('a body goes out as JSON, with its idempotency key', async () => {
    const { ann, sent } = setup();
    await ann.contacts.create({ firstName: 'Json' }, { idempotencyKey: 'import-json-1' });
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(sent[0]?.headers.get('idempotency-key')).toBe('import-json-1');
  });

  it('a per-call tenant or user applies to that call only', async () => {
    const { client, sent, ann } = setup();
    await ann.calendar.list({}, { userEmail: BOB });
    await ann.calendar.list();
    await client.ai.agents.list({ tenantId: DEMO_TENANTS.sandbox });
    expect(sent.map((request) => request.headers.get('x-user-email'))).toEqual([BOB, ANN, null]);
  });
});

describe('withResponse', () => {
  it('reads the request id and rate limit from the response, once per call', async () => {
    const { client } = setup();
    const call = client.ai.agents.list();
    const first = call.withResponse();
    expect(call.withResponse()).toBe(first);
    const { requestId, rateLimit, response } = await first;
    expect(requestId).toBe(response.headers.get('x-request-id'));
    expect(rateLimit.limit).toBe(Number(response.headers.get('ratelimit-limit')));
  });
});
