/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { expect, it } from 'vitest';
import { createMock, SnapshotError } from '../../src/index.js';
import {
  ANN,
  BOB,
  CARLA,
  call,
  type CallOptions,
  control,
  DAN,
  DEMO_KEYS,
  DEMO_TENANTS,
  describeTransports,
  GRACE,
  type Env,
  type Reply,
  ANN_HEADERS,
} from '../helpers/env.js';

/**
 * The rules of the domains a client sees: a missing, foreign or inaccessible id is a 404 whose
 * message names what was not found; direct chats (decisions §5); SMS in sandbox and live tenants
 * (spec rule 5, decisions §5: `simulated`, `sms.received`); calendar ranges (`[startDate, endDate)`
 * overlap, decisions §2); AI agents' replies.
 */

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

function expectNotFound(reply: Reply, what: string): void {
  expect([reply.status, reply.json?.error?.code], what).toEqual([404, 'NOT_FOUND']);
  expect(reply.json.error.message, what).toContain(what);
}

const live = { key: DEMO_KEYS.live, tenant: DEMO_TENANTS.live, user: GRACE };

async function smsConversations(env: Env, as: CallOptions = {}): Promise<{ id: string; peerNumber: string }[]> {
  const reply = await call(env, 'GET', '/api/v1/sms/conversations?limit=100', as);
  expect(reply.status).toBe(200);
  return reply.json.data.conversations as { id: string; peerNumber: string }[];
}

describeTransports('not found names what was not found', (env) => {
  it('an SMS conversation, missing or out of the acting user’s reach', async () => {
    expectNotFound(await call(env(), 'GET', `/api/v1/sms/conversations/${UNKNOWN}/messages`), 'Conversation');
    // Dan's conversation is on a number Ann neither owns nor shares.
    const [dans] = await smsConversations(env(), { user: DAN });
    expect(dans).toBeDefined();
    const foreign = await call(env(), 'GET', `/api/v1/sms/conversations/${dans?.id ?? ''}/messages`);
    expectNotFound(foreign, 'Conversation');
  });

  it('a chat conversation, missing or one the acting user is not in', async () => {
    expectNotFound(await call(env(), 'GET', `/api/v1/chat/messages?conversationId=${UNKNOWN}`), 'Conversation');
    const created = await call(env(), 'POST', '/api/v1/chat/conversations', {
      body: { participantEmail: CARLA, message: 'hi' },
    });
    const id = created.json.data.conversation.id as string;
    expectNotFound(
      await call(env(), 'GET', `/api/v1/chat/messages?conversationId=${id}`, { user: BOB }),
      'Conversation',
    );
    expectNotFound(
      await call(env(), 'POST', '/api/v1/chat/messages', { user: BOB, body: { conversationId: id, content: 'x' } }),
      'Conversation',
    );
  });

  it('a chat participant, an AI agent, a plan', async () => {
    const participant = await call(env(), 'POST', '/api/v1/chat/conversations', {
      body: { participantEmail: 'nobody@acme.test', message: 'hi' },
    });
    expectNotFound(participant, 'Participant');
    expectNotFound(await call(env(), 'GET', `/api/v1/ai/agents/${UNKNOWN}`), 'Agent');
    const chat = await call(env(), 'POST', `/api/v1/ai/agents/${UNKNOWN}/test-chat`, {
      body: { messages: [{ role: 'user', content: 'hi' }] },
    });
    expectNotFound(chat, 'Agent');
    const quote = await call(env(), 'POST', '/api/v1/pricing/quote', {
      body: { planId: UNKNOWN, billingTerm: 'MONTHLY', seatCount: 1, didCount: 0 },
    });
    expectNotFound(quote, 'Plan');
  });

  it('an inbound SMS to a number the tenant does not have', async () => {
    const reply = await control(env(), 'POST', '/sms/inbound', {
      tenantId: DEMO_TENANTS.sandbox,
      to: '+14155550999',
      from: '+14155550101',
      body: 'hello',
    });
    expect([reply.status, reply.json.error.code]).toEqual([404, 'NOT_FOUND']);
    expect(reply.json.error.message).toContain('SMS number');
  });
});

describeTransports('direct chats', (env) => {
  it('a chat with yourself is a 400 on body.participantEmail with a message', async () => {
    const reply = await call(env(), 'POST', '/api/v1/chat/conversations', {
      body: { participantEmail: ANN.toUpperCase(), message: 'hi' },
    });
    expect([reply.status, reply.json.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(reply.json.error.details).toEqual([
      { path: ['body', 'participantEmail'], message: expect.stringMatching(/\S/) },
    ]);
  });

  it('lists its two participants sorted, whoever started it', async () => {
    // Carla starts a chat with Ann: Ann's email sorts first.
    const reply = await call(env(), 'POST', '/api/v1/chat/conversations', {
      user: CARLA,
      body: { participantEmail: ANN, message: 'hi' },
    });
    expect(reply.status).toBe(201);
    expect(reply.json.data.conversation.participants).toEqual([ANN, CARLA]);
  });
});

describeTransports('SMS in sandbox and live tenants', (env) => {
  it('a message received in a sandbox tenant is simulated; in a live one it is not', async () => {
    const sandbox = await control(env(), 'POST', '/sms/inbound', {
      tenantId: DEMO_TENANTS.sandbox,
      to: '+14155550100',
      from: '+14155550101',
      body: 'sandbox',
    });
    expect(sandbox.status).toBe(201);
    expect(sandbox.json.data.message).toMatchObject({ direction: 'inbound', status: 'RECEIVED', simulated: true });
    const inLive = await control(env(), 'POST', '/sms/inbound', {
      tenantId: DEMO_TENANTS.live,
      to: '+15035550000',
      from: '+15035550100',
      body: 'live',
    });
    expect(inLive.status).toBe(201);
    expect(inLive.json.data.message).toMatchObject({ direction: 'inbound', status: 'RECEIVED', simulated: false });
    const listed = await call(
      env(),
      'GET',
      `/api/v1/sms/conversations/${inLive.json.data.conversationId}/messages`,
      live,
    );
    expect(listed.json.data.messages[0]).toMatchObject({ body: 'live', simulated: false });
  });

  it('a message sent in a sandbox tenant is simulated; in a live one it is not', async () => {
    const [mine] = await smsConversations(env());
    const sandbox = await call(env(), 'POST', `/api/v1/sms/conversations/${mine?.id ?? ''}/messages`, {
      body: { body: 'hi' },
    });
    expect(sandbox.json.data.message).toMatchObject({ status: 'SENT', simulated: true });
    const hank = (await smsConversations(env(), live)).find((item) => item.peerNumber === '+15035550100');
    const inLive = await call(env(), 'POST', `/api/v1/sms/conversations/${hank?.id ?? ''}/messages`, {
      ...live,
      body: { body: 'hi' },
    });
    expect(inLive.json.data.message).toMatchObject({ status: 'SENT', simulated: false });
  });

  it('a message from a new peer opens a conversation the number’s owner lists, and emits sms.received', async () => {
    const reply = await control(env(), 'POST', '/sms/inbound', {
      tenantId: DEMO_TENANTS.sandbox,
      to: '+14155550100',
      from: '+14155550177',
      body: 'new here',
    });
    const { conversationId, message } = reply.json.data;
    const opened = (await smsConversations(env())).find((item) => item.id === conversationId);
    expect(opened).toMatchObject({ peerNumber: '+14155550177' });
    // The next message from that peer joins it, and both are read there.
    const again = await control(env(), 'POST', '/sms/inbound', {
      tenantId: DEMO_TENANTS.sandbox,
      to: '+14155550100',
      from: '+14155550177',
      body: 'me again',
    });
    expect(again.json.data.conversationId).toBe(conversationId);
    const thread = await call(env(), 'GET', `/api/v1/sms/conversations/${conversationId}/messages`);
    expect((thread.json.data.messages as { body: string }[]).map((item) => item.body)).toEqual([
      'me again',
      'new here',
    ]);
    const events = await control(env(), 'GET', `/events?type=sms.received&tenantId=${DEMO_TENANTS.sandbox}`);
    expect((events.json.data.events as { data: unknown }[]).map((event) => event.data)).toEqual([
      { conversationId, message },
      { conversationId, message: again.json.data.message },
    ]);
    expect(message).toMatchObject({ body: 'new here', from: '+14155550177', to: '+14155550100' });
  });
});

describeTransports('calendar ranges', (env) => {
  const titles = async (query: string): Promise<string[]> => {
    const reply = await call(env(), 'GET', `/api/v1/calendar?limit=100${query}`);
    expect(reply.status).toBe(200);
    return (reply.json.data.events as { title: string }[]).map((event) => event.title);
  };

  it('an event overlaps [startDate, endDate): one ending at startDate or starting at endDate is left out', async () => {
    // Pipeline review is 09:00–09:30 on 23 November 2026.
    expect(await titles('&startDate=2026-11-23T09:30:00.000Z&endDate=2026-11-24T00:00:00.000Z')).toEqual([]);
    expect(await titles('&startDate=2026-11-22T00:00:00.000Z&endDate=2026-11-23T09:00:00.000Z')).toEqual([]);
    expect(await titles('&startDate=2026-11-23T09:29:59.999Z&endDate=2026-11-24T00:00:00.000Z')).toEqual([
      'Pipeline review',
    ]);
    expect(await titles('&startDate=2026-11-22T00:00:00.000Z&endDate=2026-11-23T09:00:00.001Z')).toEqual([
      'Pipeline review',
    ]);
  });

  it('a created event is listed, and still there after a snapshot is restored', async () => {
    const created = await call(env(), 'POST', '/api/v1/calendar', {
      body: { title: 'Retro', startTime: '2026-11-25T10:00:00.000Z', endTime: '2026-11-25T11:00:00.000Z' },
    });
    expect(created.status).toBe(201);
    expect(await titles('&startDate=2026-11-25T00:00:00.000Z')).toEqual(['Retro']);
    const copy = createMock('demo');
    copy.restore(env().mock.snapshot());
    const listed = await copy.fetch('http://commflow.mock/api/v1/calendar?startDate=2026-11-25T00:00:00.000Z', {
      headers: { ...ANN_HEADERS },
    });
    const body = (await listed.json()) as { data: { events: { id: string; title: string }[] } };
    expect(body.data.events).toEqual([expect.objectContaining({ id: created.json.data.event.id, title: 'Retro' })]);
    await copy.close();
  });
});

describeTransports('AI agents', (env) => {
  it('a responder may answer with a whole reply instead of a string', async () => {
    const agents = await call(env(), 'GET', '/api/v1/ai/agents');
    const id = agents.json.data.agents[0].id as string;
    env().mock.setAiResponder(() => ({ role: 'assistant', content: 'We open at 9.' }));
    const reply = await call(env(), 'POST', `/api/v1/ai/agents/${id}/test-chat`, {
      body: { messages: [{ role: 'user', content: 'When do you open?' }] },
    });
    expect(reply.status).toBe(200);
    expect(reply.json.data.reply).toEqual({ role: 'assistant', content: 'We open at 9.' });
  });
});

it('a snapshot whose SMS conversation is on a number its tenant lacks is refused, naming the place', () => {
  const mock = createMock('demo');
  const snapshot = JSON.parse(JSON.stringify(mock.snapshot())) as {
    state: { tenants: { id: string; smsConversations: { smsNumber: string }[] }[] };
  };
  const t = snapshot.state.tenants.findIndex((tenant) => tenant.id === DEMO_TENANTS.sandbox);
  const conversation = snapshot.state.tenants[t]?.smsConversations[1];
  if (conversation === undefined) throw new Error('no demo conversation');
  conversation.smsNumber = '+14155550999';
  let refused: unknown;
  try {
    mock.restore(snapshot);
  } catch (error) {
    refused = error;
  }
  expect(refused).toBeInstanceOf(SnapshotError);
  expect((refused as SnapshotError).issues).toEqual([
    {
      path: ['state', 'tenants', t, 'smsConversations', 1, 'smsNumber'],
      message: expect.stringContaining('+14155550999'),
    },
  ]);
});
