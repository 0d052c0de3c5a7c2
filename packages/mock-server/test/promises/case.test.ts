/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockServer } from '../../src/surfaces/adapters/node.js';
import { createMock, type ScenarioInput } from '../../src/index.js';
import { call, START, type Env } from '../helpers/env.js';

/**
 * Ids are uuids and emails are emails: neither depends on letter case (decisions §1 and §3).
 * The demo's ids are all digits, so this scenario's ids carry the letters a to f.
 */
const TENANT = 'abcdef01-aaaa-4bbb-8ccc-ddddeeeeffff';
const OTHER = 'fedcba98-aaaa-4bbb-8ccc-ddddeeeeffff';
const AGENT = 'abcdef02-aaaa-4bbb-8ccc-ddddeeeeffff';
const PLAN = 'abcdef03-aaaa-4bbb-8ccc-ddddeeeeffff';
const SMS = 'abcdef04-aaaa-4bbb-8ccc-ddddeeeeffff';
const KEY = 'cf_case_tenant_0000000000000000000000000';
const ACCOUNT_KEY = 'cfa_case_account_000000000000000000000000';
const ANN = 'ann@case.test';
const BOB = 'bob@case.test';

const SCENARIO: ScenarioInput = {
  plans: [{ id: PLAN, name: 'Case', currency: 'USD', seatPrice: 1000, didPrice: 100, annualDiscountPercent: 10 }],
  tenants: [
    {
      id: TENANT,
      name: 'Case',
      mode: 'sandbox',
      users: [
        { email: ANN, firstName: 'Ann', lastName: 'Case', extension: '101' },
        { email: BOB, firstName: 'Bob', lastName: 'Case', extension: '102' },
      ],
      smsNumbers: [{ number: '+14155550100', ownerEmail: ANN }],
      smsConversations: [{ id: SMS, smsNumber: '+14155550100', peerNumber: '+14155550199', assigneeEmail: BOB }],
      aiAgents: [{ id: AGENT, name: 'Case agent' }],
      calendarEvents: [
        { ownerEmail: ANN, title: 'Ann’s', startTime: '2026-11-22T09:00:00.000Z', endTime: '2026-11-22T10:00:00.000Z' },
      ],
    },
    { id: OTHER, name: 'Other', mode: 'sandbox', users: [{ email: ANN, firstName: 'Ann', lastName: 'Other' }] },
  ],
  apiKeys: [
    { key: KEY, tenantIds: [TENANT], permissions: ['*'] },
    { key: ACCOUNT_KEY, tenantIds: [TENANT, OTHER], permissions: ['*'], rateLimit: { limit: 1, windowSeconds: 60 } },
  ],
};

/** Runs `body` in process and over HTTP, on the case scenario, reset before each test. */
function describeCase(name: string, body: (env: () => Env) => void): void {
  for (const transport of ['in-process', 'http'] as const) {
    describe(`${name} [${transport}]`, () => {
      let env: Env | undefined;
      beforeAll(async () => {
        const mock = createMock(SCENARIO, { clock: { frozen: true, start: START } });
        if (transport === 'in-process') {
          env = { transport, mock, fetch: mock.fetch, base: 'http://commflow.mock', close: () => mock.close() };
        } else {
          const running = await startMockServer({ mock });
          env = {
            transport,
            mock,
            fetch: (input, init) => fetch(input, init),
            base: running.url,
            close: async () => {
              await running.close();
              await mock.close();
            },
          };
        }
      });
      beforeEach(() => env?.mock.reset());
      afterAll(async () => {
        await env?.close();
      });
      body(() => {
        if (env === undefined) throw new Error('env not ready');
        return env;
      });
    });
  }
}

const upper = (value: string) => value.toUpperCase();
/** One field of each item of a list in a response. */
const pluck = (list: unknown, field: string): unknown[] =>
  (list as Record<string, unknown>[]).map((item) => item[field]);
const as = (user: string, tenant = TENANT) => ({ key: KEY, tenant, user });

describeCase('X-Tenant-Id in any case', (env) => {
  it('names the same tenant: what one case creates, the other lists', async () => {
    const created = await call(env(), 'POST', '/api/v1/contacts', {
      ...as(ANN, upper(TENANT)),
      body: { firstName: 'Up' },
    });
    expect(created.status).toBe(201);
    const listed = await call(env(), 'GET', '/api/v1/contacts?search=up', as(ANN));
    expect(pluck(listed.json.data.contacts, 'id')).toEqual([created.json.data.contact.id]);
  });

  it('an account key reaches each of its tenants in upper case, and no other', async () => {
    const other = await call(env(), 'GET', '/api/v1/users', { key: ACCOUNT_KEY, tenant: upper(OTHER), user: null });
    expect(other.status).toBe(200);
    expect(pluck(other.json.data.users, 'lastName')).toEqual(['Other']);
    const foreign = await call(env(), 'GET', '/api/v1/users', { ...as(ANN, upper(OTHER)), user: null });
    expect(foreign.json.error.code).toBe('TENANT_ACCESS_DENIED');
  });

  it('the rate window follows the clock of the tenant it names, in any case', async () => {
    const users = (tenant: string) => call(env(), 'GET', '/api/v1/users', { key: ACCOUNT_KEY, tenant, user: null });
    expect((await users(TENANT)).status).toBe(200);
    expect((await users(upper(TENANT))).status).toBe(429);
    env().mock.tenants.advanceClock(TENANT, 60_000);
    // The window closed on this tenant's clock only: in upper case the request is judged on it too.
    expect((await users(upper(TENANT))).status).toBe(200);
  });

  it('an Idempotency-Key sent under either case is one scope: replayed', async () => {
    const post = (tenant: string) =>
      call(env(), 'POST', '/api/v1/contacts', {
        ...as(ANN, tenant),
        body: { firstName: 'Once' },
        headers: { 'Idempotency-Key': 'case-scope' },
      });
    const first = await post(TENANT);
    const replay = await post(upper(TENANT));
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json.data).toEqual(first.json.data);
  });
});

describeCase('ids in any case', (env) => {
  it('an AI agent, a plan, an SMS conversation and a chat conversation, by upper-case id', async () => {
    const agent = await call(env(), 'GET', `/api/v1/ai/agents/${upper(AGENT)}`, as(ANN));
    expect(agent.json.data.agent.id).toBe(AGENT);
    const chat = await call(env(), 'POST', `/api/v1/ai/agents/${upper(AGENT)}/test-chat`, {
      ...as(ANN),
      body: { messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(chat.status).toBe(200);

    const quote = await call(env(), 'POST', '/api/v1/pricing/quote', {
      ...as(ANN),
      body: { planId: upper(PLAN), seatCount: 1, didCount: 0, billingTerm: 'MONTHLY' },
    });
    expect(quote.json.data.quote).toMatchObject({ planId: PLAN, planName: 'Case' });

    const messages = await call(env(), 'GET', `/api/v1/sms/conversations/${upper(SMS)}/messages`, as(ANN));
    expect(messages.status).toBe(200);
    const sent = await call(env(), 'POST', `/api/v1/sms/conversations/${upper(SMS)}/messages`, {
      ...as(ANN),
      body: { body: 'hello' },
    });
    expect(sent.json.data.message.conversationId).toBe(SMS);

    const opened = await call(env(), 'POST', '/api/v1/chat/conversations', {
      ...as(ANN),
      body: { participantEmail: BOB, message: 'hi' },
    });
    const id: string = opened.json.data.conversation.id;
    const read = await call(env(), 'GET', `/api/v1/chat/messages?conversationId=${upper(id)}`, as(BOB));
    expect(pluck(read.json.data.messages, 'content')).toEqual(['hi']);
    const replied = await call(env(), 'POST', '/api/v1/chat/messages', {
      ...as(BOB),
      body: { conversationId: upper(id), content: 'hello' },
    });
    expect(replied.json.data.message.conversationId).toBe(id);
  });
});

describeCase('emails in any case', (env) => {
  it('X-User-Email in another case acts as the same user', async () => {
    const updated = await call(env(), 'PUT', '/api/v1/presence', {
      ...as(upper(ANN)),
      body: { status: 'busy', message: 'case' },
    });
    expect(updated.json.data.presence.email).toBe(ANN);
    const presence = await call(env(), 'GET', '/api/v1/presence', as(BOB));
    expect(
      (presence.json.data.presence as { email: string; status: string }[]).find((p) => p.email === ANN)?.status,
    ).toBe('busy');

    const calendar = await call(env(), 'GET', '/api/v1/calendar', as('Ann@Case.Test'));
    expect(pluck(calendar.json.data.events, 'title')).toEqual(['Ann’s']);
  });

  it('an SMS conversation is reachable by its number’s owner and its assignee, whatever the case', async () => {
    for (const user of [upper(ANN), 'Bob@Case.test']) {
      const list = await call(env(), 'GET', '/api/v1/sms/conversations', as(user));
      expect(pluck(list.json.data.conversations, 'id')).toEqual([SMS]);
    }
  });

  it('a chat participant named in another case is that user; oneself in another case is refused', async () => {
    const opened = await call(env(), 'POST', '/api/v1/chat/conversations', {
      ...as(ANN),
      body: { participantEmail: upper(BOB), message: 'hi' },
    });
    expect(opened.status).toBe(201);
    // The same pair, each side named in another case: the existing conversation.
    const again = await call(env(), 'POST', '/api/v1/chat/conversations', {
      ...as(upper(BOB)),
      body: { participantEmail: 'Ann@Case.Test', message: 'back' },
    });
    expect(again.status).toBe(200);
    expect(again.json.data.conversation.id).toBe(opened.json.data.conversation.id);
    const listed = await call(env(), 'GET', '/api/v1/chat/conversations', as(upper(ANN)));
    expect(listed.json.data.conversations).toHaveLength(1);

    const self = await call(env(), 'POST', '/api/v1/chat/conversations', {
      ...as(ANN),
      body: { participantEmail: upper(ANN), message: 'me' },
    });
    expect(self.status).toBe(400);
  });
});
