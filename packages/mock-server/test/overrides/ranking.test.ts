// Which override answers when several match (decisions.md, issue 27): the most specific, then the
// newest. Specificity weighs a tenant over a concrete path, a concrete path over an operation, an
// operation over its query and body keys. Also what a body subset matches: objects key by key at
// any depth, arrays whole and in order, scalars exactly. Every request here is valid: the
// pipeline checks a request before any override sees it.
import { describe, expect, it } from 'vitest';
import { createMock, DEMO_KEYS, DEMO_TENANTS, type CommFlowMock, type OverrideInput } from '../../src/index.js';
import { ANN } from '../helpers/env.js';
import { closeAfterEach } from '../helpers/close-after-each.js';

const HEADERS = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox, 'X-User-Email': ANN };
const AGENT = '/api/v1/ai/agents/44444444-4444-4444-8444-000000000001';

const closing = closeAfterEach();

function newMock(): CommFlowMock {
  const mock = createMock('demo', { clock: { frozen: true } });
  closing(mock);
  return mock;
}

/** Adds a 503 fault matching `match`; its id. */
const fault = (mock: CommFlowMock, match: Omit<OverrideInput, 'fault' | 'respond'>) =>
  mock.overrides.add({ ...match, fault: { status: 503 } }).id;

/** The id of the override that answered a GET of `path` (null: none did). */
async function winnerOf(mock: CommFlowMock, path: string): Promise<string | null> {
  const response = await mock.fetch(path, { headers: HEADERS });
  await response.body?.cancel();
  return response.headers.get('x-mock-override');
}

/** The status of POSTing `body` to `path` (503: the fault matched it). */
async function postStatus(mock: CommFlowMock, body: unknown, path = '/api/v1/contacts'): Promise<number> {
  const response = await mock.fetch(path, {
    method: 'POST',
    headers: { ...HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.body?.cancel();
  return response.status;
}

const QUERY = { search: 'a', limit: '5' };
const LIST = `/api/v1/users?${new URLSearchParams(QUERY).toString()}`;

describe('the most specific override answers, whatever the order they were added in', () => {
  // Each case adds the more specific one first, so the newer (less specific) one would win a tie.
  it('a tenant outweighs a concrete path and an operation together', async () => {
    const mock = newMock();
    const tenant = fault(mock, { tenantId: DEMO_TENANTS.sandbox });
    fault(mock, { operationId: 'ai.agents.get', path: AGENT });
    expect(await winnerOf(mock, AGENT)).toBe(tenant);
  });

  it('a tenant outweighs an operation with every query key', async () => {
    const mock = newMock();
    const tenant = fault(mock, { tenantId: DEMO_TENANTS.sandbox });
    fault(mock, { operationId: 'users.list', query: QUERY });
    expect(await winnerOf(mock, LIST)).toBe(tenant);
  });

  it('a concrete path outweighs a template of the same operation', async () => {
    const mock = newMock();
    const concrete = fault(mock, { path: AGENT });
    fault(mock, { path: '/api/v1/ai/agents/{id}' });
    expect(await winnerOf(mock, AGENT)).toBe(concrete);
    // The template still answers for another agent.
    expect(await winnerOf(mock, AGENT.replace(/1$/, '2'))).not.toBe(concrete);
  });

  it.each([
    ['a tenant', { tenantId: DEMO_TENANTS.sandbox }],
    ['an operation id', { operationId: 'users.list' }],
    ['a method', { method: 'GET' }],
    ['a path template', { path: '/api/v1/users' }],
  ] as const)('%s outweighs any number of query keys, added before them or after', async (_name, named) => {
    const first = newMock();
    const operation = fault(first, named);
    fault(first, { query: QUERY });
    expect(await winnerOf(first, LIST)).toBe(operation);
    const last = newMock();
    fault(last, { query: QUERY });
    const added = fault(last, named);
    expect(await winnerOf(last, LIST)).toBe(added);
  });

  it('more query keys outweigh fewer', async () => {
    const mock = newMock();
    const two = fault(mock, { operationId: 'users.list', query: QUERY });
    fault(mock, { operationId: 'users.list', query: { search: 'a' } });
    expect(await winnerOf(mock, LIST)).toBe(two);
  });

  it('body keys count as query keys do', async () => {
    const mock = newMock();
    const two = mock.overrides.add({
      operationId: 'contacts.create',
      body: { firstName: 'Ann', lastName: 'Lee' },
      fault: { status: 503 },
    }).id;
    const one = mock.overrides.add({
      operationId: 'contacts.create',
      body: { firstName: 'Ann' },
      fault: { status: 502 },
    }).id;
    expect(await postStatus(mock, { firstName: 'Ann', lastName: 'Lee' })).toBe(503);
    expect(await postStatus(mock, { firstName: 'Ann', lastName: 'Other' })).toBe(502);
    expect(mock.overrides.list().map(({ id, hits }) => [id, hits])).toEqual([
      [two, 1],
      [one, 1],
    ]);
  });

  it('among equals the newest answers, its tenant’s or not', async () => {
    const mock = newMock();
    fault(mock, { tenantId: DEMO_TENANTS.sandbox, operationId: 'users.list' });
    const newerOwn = fault(mock, { tenantId: DEMO_TENANTS.sandbox, operationId: 'users.list' });
    fault(mock, { operationId: 'users.list' });
    expect(await winnerOf(mock, '/api/v1/users')).toBe(newerOwn);
    mock.overrides.remove(newerOwn);
    const newest = fault(mock, { operationId: 'users.list', query: { search: 'a' } });
    expect(await winnerOf(mock, LIST)).not.toBe(newest); // a tenant still outweighs it
  });

  it('every matching override counts the request as seen; only the winner counts a hit', async () => {
    const mock = newMock();
    const loser = fault(mock, { operationId: 'users.list', after: 1 });
    const winner = fault(mock, { tenantId: DEMO_TENANTS.sandbox, operationId: 'users.list', times: 1 });
    expect(await winnerOf(mock, '/api/v1/users')).toBe(winner);
    // The loser saw that request, so its `after: 1` is spent and it answers the next one.
    expect(await winnerOf(mock, '/api/v1/users')).toBe(loser);
    const counts = Object.fromEntries(
      mock.overrides.list().map(({ id, hits, remaining }) => [id, { hits, remaining }]),
    );
    expect(counts).toEqual({ [winner]: { hits: 1, remaining: 0 }, [loser]: { hits: 1, remaining: null } });
  });

  it('after a restore, a new override still counts as the newest', async () => {
    const mock = newMock();
    fault(mock, { operationId: 'users.list' });
    fault(mock, { operationId: 'users.list' });
    const copy = newMock();
    copy.restore(JSON.parse(JSON.stringify(mock.snapshot())));
    const added = fault(copy, { operationId: 'users.list' });
    expect(await winnerOf(copy, '/api/v1/users')).toBe(added);
  });
});

describe('what a body subset matches', () => {
  const AGENT_CHAT = `${AGENT}/test-chat`;
  const user = { role: 'user', content: 'Open Sunday?' };
  const assistant = { role: 'assistant', content: 'Yes.' };
  const cases: [string, Record<string, unknown>, unknown[], boolean][] = [
    ['an array of objects, each item a subset of its counterpart', { messages: [{ role: 'user' }] }, [user], true],
    ['an array, whole and in order', { messages: [{ role: 'user' }, { role: 'assistant' }] }, [user, assistant], true],
    ['an array in another order', { messages: [{ role: 'user' }, { role: 'assistant' }] }, [assistant, user], false],
    ['an array against a longer one', { messages: [{ role: 'user' }] }, [user, assistant], false],
    ['an array against a shorter one', { messages: [{ role: 'user' }, { role: 'user' }] }, [user], false],
    ['an empty array against a full one', { messages: [] }, [user], false],
    ['an array with one item differing', { messages: [{ role: 'system' }] }, [user], false],
    [
      'an array with its second item differing',
      { messages: [{ role: 'user' }, { role: 'system' }] },
      [user, assistant],
      false,
    ],
    ['an object where an array was sent, even keyed by index', { messages: { 0: { role: 'user' } } }, [user], false],
    ['a scalar where an array was sent', { messages: 'Open Sunday?' }, [user], false],
    ['an empty object: every body', {}, [user], true],
  ];

  it.each(cases)('%s', async (_name, subset, messages, matched) => {
    const mock = newMock();
    mock.overrides.add({ operationId: 'ai.agents.chat', body: subset, fault: { status: 503 } });
    const status = await postStatus(mock, { messages }, AGENT_CHAT);
    if (matched) expect(status).toBe(503);
    else expect(status).toBe(200);
  });

  it('scalars match exactly: a number, not its string', async () => {
    const mock = newMock();
    const quote = {
      planId: '55555555-5555-4555-8555-000000000001',
      seatCount: 10,
      didCount: 2,
      billingTerm: 'MONTHLY',
    };
    mock.overrides.add({ operationId: 'pricing.quote', body: { seatCount: '10' }, fault: { status: 502 } });
    mock.overrides.add({ operationId: 'pricing.quote', body: { seatCount: 10, didCount: 3 }, fault: { status: 504 } });
    expect(await postStatus(mock, quote, '/api/v1/pricing/quote')).not.toBe(502);
    expect(await postStatus(mock, { ...quote, didCount: 3 }, '/api/v1/pricing/quote')).toBe(504);
  });

  it('a key the body lacks matches nothing, not even an object', async () => {
    const mock = newMock();
    mock.overrides.add({ operationId: 'contacts.create', body: { lastName: {} }, fault: { status: 503 } });
    expect(await postStatus(mock, { firstName: 'Ann' })).toBe(201);
    expect(await postStatus(mock, { firstName: 'Ann', lastName: 'Lee' })).toBe(201);
  });
});
