import { ERROR_CATALOGUE, isErrorCode, OPERATION_LIST, operationErrors } from '@commflow/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMock, type CommFlowMock, type ScenarioInput } from '../src/index.js';
import { openApiErrors } from './helpers/openapi.js';

/** Runs are bounded by count (numRuns), never by time; the timeout only has to be out of reach. */
const PROPERTY_TIMEOUT_MS = 120_000;

const KEY = (n: number) => `cf_property_key_${String(n).padStart(24, '0')}`;
const TENANT = (n: number) => `${String(n).repeat(8)}-0000-4000-8000-000000000000`;
const UUID_CHARS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'];

/** A world of three tenants whose names, emails and numbers carry their tenant's tag. */
function threeTenants(): ScenarioInput {
  return {
    plans: [
      {
        id: '33333333-3333-4333-8333-000000000001',
        name: 'P',
        currency: 'USD',
        seatPrice: 100,
        didPrice: 10,
        annualDiscountPercent: 10,
      },
    ],
    tenants: [1, 2, 3].map((n) => ({
      id: TENANT(n),
      name: `tenant${n}`,
      mode: n === 2 ? ('live' as const) : ('sandbox' as const),
      users: [
        { email: `a${n}@t${n}.test`, firstName: `A${n}`, lastName: `T${n}`, extension: `${n}01` },
        { email: `b${n}@t${n}.test`, firstName: `B${n}`, lastName: `T${n}`, extension: `${n}02` },
      ],
      contacts: [{ firstName: `Contact${n}`, lastName: `T${n}`, phoneMobile: `+1415555${n}000` }],
      smsNumbers: [{ number: `+1415000${n}000`, ownerEmail: `a${n}@t${n}.test` }],
      smsConversations: [{ smsNumber: `+1415000${n}000`, peerNumber: `+1415999${n}000`, peerName: `Peer${n}` }],
      aiAgents: [{ name: `Agent${n}` }],
    })),
    apiKeys: [1, 2, 3].map((n) => ({ key: KEY(n), tenantIds: [TENANT(n)], permissions: ['*' as const] })),
  };
}

async function send(mock: CommFlowMock, n: number, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = {
    'X-API-Key': KEY(n),
    'X-Tenant-Id': TENANT(n),
    'X-User-Email': `a${n}@t${n}.test`,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await mock.fetch(path, { method, headers, body: body === undefined ? null : JSON.stringify(body) });
  return { status: response.status, text: await response.text() };
}

describe('property: random operation sequences never leak across tenants', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  it('no response under one tenant holds another tenant’s ids or tags', async () => {
    const op = fc.record({
      tenant: fc.integer({ min: 1, max: 3 }),
      kind: fc.constantFrom(
        'createContact',
        'listContacts',
        'listUsers',
        'dial',
        'smsList',
        'smsSendForeign',
        'agentForeign',
        'chat',
        'presence',
      ),
      other: fc.integer({ min: 1, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const mock = createMock(threeTenants(), { clock: { frozen: true, start: 0 } });
        const idsOf = new Map<number, Set<string>>([
          [1, new Set()],
          [2, new Set()],
          [3, new Set()],
        ]);
        for (const tenant of mock.scenario.tenants) {
          const n = Number(tenant.name.slice(-1));
          for (const row of [...tenant.users, ...tenant.contacts, ...tenant.smsConversations, ...tenant.aiAgents])
            idsOf.get(n)?.add(row.id);
        }
        for (const step of ops) {
          const n = step.tenant;
          const otherIds = [...(idsOf.get(step.other) ?? [])];
          let reply: { status: number; text: string };
          switch (step.kind) {
            case 'createContact':
              reply = await send(mock, n, 'POST', '/api/v1/contacts', { firstName: `Contact${n}` });
              break;
            case 'listContacts':
              reply = await send(mock, n, 'GET', '/api/v1/contacts');
              break;
            case 'listUsers':
              reply = await send(mock, n, 'GET', '/api/v1/users');
              break;
            case 'dial':
              reply = await send(mock, n, 'POST', '/api/v1/click2dial', { destination: `${step.other}02` });
              break;
            case 'smsList':
              reply = await send(mock, n, 'GET', '/api/v1/sms/conversations');
              break;
            case 'smsSendForeign':
              reply = await send(mock, n, 'POST', `/api/v1/sms/conversations/${otherIds[2] ?? ''}/messages`, {
                body: 'x',
              });
              break;
            case 'agentForeign':
              reply = await send(mock, n, 'GET', `/api/v1/ai/agents/${otherIds.at(-1) ?? ''}`);
              break;
            case 'chat':
              reply = await send(mock, n, 'POST', '/api/v1/chat/conversations', {
                participantEmail: `b${step.other}@t${step.other}.test`,
                message: 'hi',
              });
              break;
            case 'presence':
              reply = await send(mock, n, 'GET', '/api/v1/presence');
              break;
          }
          expect(reply.status).not.toBe(500);
          for (const [m, ids] of idsOf) {
            if (m === n) continue;
            for (const id of ids) expect(reply.text).not.toContain(id);
            expect(reply.text).not.toContain(`t${m}.test`);
            expect(reply.text).not.toContain(`Contact${m}`);
          }
          const json = JSON.parse(reply.text) as { success: boolean; data?: Record<string, unknown> };
          if (json.success && json.data !== undefined) {
            for (const value of Object.values(json.data)) {
              const ids = Array.isArray(value)
                ? value.map((v: { id?: string }) => v.id)
                : [(value as { id?: string }).id];
              for (const id of ids) if (typeof id === 'string') idsOf.get(n)?.add(id);
            }
          }
        }
      }),
      { numRuns: 30 },
    );
  });
});

describe('property: SMS access matches the rule', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  it('a user sees and sends in exactly the conversations they are assignee, owner or shared member of', async () => {
    const emails = ['u0@x.test', 'u1@x.test', 'u2@x.test', 'u3@x.test'];
    const maybeEmail = fc.option(fc.constantFrom(...emails), { nil: undefined });
    const numberArb = fc.record({ ownerEmail: maybeEmail, sharedWithEmails: fc.subarray(emails) });
    const conversationArb = fc.record({ number: fc.integer({ min: 0, max: 2 }), assigneeEmail: maybeEmail });
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(numberArb, numberArb, numberArb),
        fc.array(conversationArb, { minLength: 1, maxLength: 6 }),
        async (numbers, conversations) => {
          const scenario: ScenarioInput = {
            tenants: [
              {
                id: TENANT(1),
                name: 't',
                mode: 'sandbox',
                users: emails.map((email, i) => ({ email, firstName: `U${i}`, lastName: 'X' })),
                smsNumbers: numbers.map((number, i) => ({
                  number: `+1415000000${i}`,
                  ...(number.ownerEmail === undefined ? {} : { ownerEmail: number.ownerEmail }),
                  sharedWithEmails: number.sharedWithEmails,
                })),
                smsConversations: conversations.map((c, i) => ({
                  smsNumber: `+1415000000${c.number}`,
                  peerNumber: `+1416000${String(i).padStart(4, '0')}`,
                  ...(c.assigneeEmail === undefined ? {} : { assigneeEmail: c.assigneeEmail }),
                })),
              },
            ],
            apiKeys: [{ key: KEY(1), tenantIds: [TENANT(1)], permissions: ['*'] }],
          };
          const mock = createMock(scenario);
          const resolved = mock.scenario.tenants[0]?.smsConversations ?? [];
          for (const email of emails) {
            const expected = new Set(
              resolved
                .filter((c, i) => {
                  const number = numbers[conversations[i]?.number ?? 0];
                  return (
                    c.assigneeEmail === email ||
                    number?.ownerEmail === email ||
                    number?.sharedWithEmails.includes(email) === true
                  );
                })
                .map((c) => c.id),
            );
            const headers = { 'X-API-Key': KEY(1), 'X-Tenant-Id': TENANT(1), 'X-User-Email': email };
            const list = (await (await mock.fetch('/api/v1/sms/conversations?limit=100', { headers })).json()) as {
              data: { conversations: { id: string }[] };
            };
            expect(new Set(list.data.conversations.map((c) => c.id))).toEqual(expected);
            for (const c of resolved) {
              const sent = await mock.fetch(`/api/v1/sms/conversations/${c.id}/messages`, {
                method: 'POST',
                headers: { ...headers, 'content-type': 'application/json' },
                body: '{"body":"hi"}',
              });
              expect(sent.status).toBe(expected.has(c.id) ? 200 : 404);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('property: a cursor walk is stable under inserts', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  it('returns every item present from the start exactly once, while contacts are created between pages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 30 }),
        async (initial, limit, insertsPerPage) => {
          const scenario = threeTenants();
          const first = scenario.tenants?.[0];
          if (first !== undefined)
            first.contacts = Array.from({ length: initial }, (_, i) => ({
              firstName: `C${i}`,
              createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 5)).toISOString(),
            }));
          const mock = createMock(scenario, { clock: { frozen: true, start: Date.UTC(2026, 1, 1) } });
          const present = new Set(mock.scenario.tenants[0]?.contacts.map((c) => c.id));
          const seen: string[] = [];
          let cursor: string | null = null;
          let page = 0;
          do {
            const reply = await send(
              mock,
              1,
              'GET',
              `/api/v1/contacts?limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`,
            );
            const json = JSON.parse(reply.text) as {
              data: { contacts: { id: string }[] };
              meta: { pagination: { nextCursor: string | null } };
            };
            seen.push(...json.data.contacts.map((c) => c.id));
            cursor = json.meta.pagination.nextCursor;
            for (let i = 0; i < (insertsPerPage[page] ?? 0); i++)
              await send(mock, 1, 'POST', '/api/v1/contacts', { firstName: 'New' });
            page++;
          } while (cursor !== null && page < 200);
          expect(new Set(seen).size).toBe(seen.length);
          for (const id of present) expect(seen).toContain(id);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('fuzz: random and malformed requests against every route', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  const junkValue = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant('__proto__'),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.string({ unit: fc.constantFrom(...UUID_CHARS, '-'), minLength: 36, maxLength: 36 }),
  );
  const junkBody = fc.oneof(
    fc
      .dictionary(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.constantFrom('__proto__', 'constructor', 'firstName', 'destination', 'body', 'messages'),
        ),
        junkValue,
        { maxKeys: 5 },
      )
      .map((o) => JSON.stringify(o)),
    fc.string({ maxLength: 50 }),
    fc.constantFrom('{', '[]', 'null', '"x"', '{"__proto__":{"admin":true}}', '\uD800', '{"firstName":"\\uD800"}'),
  );
  const request = fc.record({
    op: fc.constantFrom(...OPERATION_LIST),
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
    useOpMethod: fc.boolean(),
    pathParam: fc.oneof(fc.string({ maxLength: 40 }), fc.uuid(), fc.constant('%E0%A4%A'), fc.constant('..')),
    query: fc.dictionary(
      fc.constantFrom('limit', 'offset', 'cursor', 'search', 'type', 'startDate', 'endDate', 'conversationId', 'x'),
      fc.string({ maxLength: 20 }),
      { maxKeys: 3 },
    ),
    body: fc.option(junkBody, { nil: undefined }),
    contentType: fc.constantFrom('application/json', 'text/plain', undefined),
    user: fc.constantFrom('ann.lee@acme.test', 'nobody@acme.test', 'not-an-email', undefined),
    idempotencyKey: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
  });

  it('always answers a well-formed catalogue error or a documented success, never a 500, and bad input changes nothing', async () => {
    const mock = createMock('demo', { clock: { frozen: true, start: 0 } });
    const snapshot = async () => {
      const headers = {
        'X-API-Key': 'cf_demo_sandbox_000000000000000000000000',
        'X-Tenant-Id': '11111111-1111-4111-8111-111111111111',
        'X-User-Email': 'ann.lee@acme.test',
      };
      const parts = await Promise.all(
        [
          '/api/v1/contacts?limit=100',
          '/api/v1/sms/conversations?limit=100',
          '/api/v1/chat/conversations?limit=100',
          '/api/v1/calendar?limit=100',
          '/api/v1/presence',
        ].map(async (path) => {
          const json = (await (await mock.fetch(path, { headers })).json()) as { data: unknown };
          return JSON.stringify(json.data);
        }),
      );
      return `${parts.join('\n')}|${mock.calls().length}|${mock.events().length}`;
    };
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const before = await snapshot();
        const method = input.useOpMethod ? input.op.method : input.method;
        const path = input.op.path.replace('{id}', encodeURIComponent(input.pathParam));
        const query = new URLSearchParams(input.query).toString();
        const headers: Record<string, string> = {
          'X-API-Key': 'cf_demo_sandbox_000000000000000000000000',
          'X-Tenant-Id': '11111111-1111-4111-8111-111111111111',
        };
        if (input.user !== undefined) headers['X-User-Email'] = input.user;
        if (input.contentType !== undefined) headers['content-type'] = input.contentType;
        if (input.idempotencyKey !== undefined)
          headers['Idempotency-Key'] = input.idempotencyKey.replace(/[^\x20-\x7e]/g, '') || 'k';
        const canHaveBody = method !== 'GET';
        const response = await mock.fetch(`${path}${query === '' ? '' : `?${query}`}`, {
          method,
          headers,
          body: canHaveBody ? (input.body ?? null) : null,
        });
        const json = (await response.json()) as { success: boolean; error?: { code: string; message: string } };
        expect(response.status).not.toBe(500);
        expect(response.headers.get('x-request-id')).not.toBeNull();
        expect(openApiErrors(method, new URL(path, 'http://x').pathname, response.status, json)).toEqual([]);
        if (!json.success) {
          expect(isErrorCode(json.error?.code ?? '')).toBe(true);
          expect(ERROR_CATALOGUE[json.error?.code as keyof typeof ERROR_CATALOGUE].status).toBe(response.status);
          // The registry's derived error list is honest: the operation never answers a code it does not list.
          const template = new RegExp(`^${input.op.path.replace('{id}', '[^/]+')}$`);
          if (method === input.op.method && template.test(new URL(path, 'http://x').pathname)) {
            expect(operationErrors(input.op).map((error) => error.code)).toContain(json.error?.code);
          }
          expect(await snapshot()).toBe(before);
        }
        mock.reset();
      }),
      { numRuns: 400 },
    );
  });
});
