import { describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from '../src/index.js';
import { ANN, BOB, DAN, DEMO_KEYS, DEMO_TENANTS, EVE, rejectionOf, setup } from './helpers.js';

const PLAN = '33333333-3333-4333-8333-000000000001';
const AGENT = '44444444-4444-4444-8444-000000000001';
const MISSING = '99999999-9999-4999-8999-999999999999';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function expectAPIError(promise: PromiseLike<unknown>, type: typeof APIError, status: number, code: string) {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(type);
  expect(error).toMatchObject({ status, code });
  expect((error as APIError).requestId).toMatch(/\S/);
  return error as APIError;
}

describe('every operation against the mock', () => {
  it('users.list', async () => {
    const { client, sent } = setup();
    const page = await client.users.list({ search: 'ann' });
    expect(page.items.map((u) => u.email)).toEqual([ANN]);
    expect(sent[0]?.url.search).toBe('?search=ann');
    const denied = setup({ apiKey: DEMO_KEYS.revoked }).client;
    await expectAPIError(denied.users.list(), AuthenticationError, 401, 'UNAUTHENTICATED');
  });

  it('contacts.list and contacts.create', async () => {
    const { ann, client, sent, mock } = setup();
    const created = await ann.contacts.create({ firstName: 'Ada', lastName: 'Byron', phoneMobile: '+442079460099' });
    expect(created).toMatchObject({ firstName: 'Ada', lastName: 'Byron', phoneMobile: '+442079460099' });
    expect(created.id).toMatch(UUID);
    expect(sent[0]?.headers.get('X-User-Email')).toBe(ANN);
    expect(sent[0]?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(mock.events({ type: 'contact.changed' })).toHaveLength(1);
    const [newest] = (await client.contacts.list({ limit: 1 })).items;
    expect(newest).toEqual(created);
    await expectAPIError(
      client.withUser('nobody@acme.test').contacts.create({ firstName: 'X' }),
      PermissionDeniedError,
      403,
      'UNKNOWN_USER',
    );
    const usersOnly = setup({ apiKey: DEMO_KEYS.usersOnly }).client;
    await expectAPIError(usersOnly.contacts.list(), PermissionDeniedError, 403, 'PERMISSION_DENIED');
  });

  it('contacts.create: a reused idempotency key with another body is a conflict', async () => {
    const { ann } = setup();
    await ann.contacts.create({ firstName: 'One' }, { idempotencyKey: 'import-1' });
    const replay = await ann.contacts.create({ firstName: 'One' }, { idempotencyKey: 'import-1' }).withResponse();
    expect(replay.response.headers.get('Idempotent-Replayed')).toBe('true');
    await expectAPIError(
      ann.contacts.create({ firstName: 'Two' }, { idempotencyKey: 'import-1' }),
      ConflictError,
      409,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('voice.click2dial', async () => {
    const { ann, client, mock } = setup();
    const call = await ann.voice.click2dial({ destination: '+14155550100' });
    expect(call).toEqual({ callId: expect.stringMatching(UUID) as unknown, status: 'initiated' });
    expect(mock.events({ type: 'call.started' })).toHaveLength(1);
    const noExtension = await expectAPIError(
      client.withUser(DAN).voice.click2dial({ destination: '1001' }),
      ConflictError,
      409,
      'NO_EXTENSION',
    );
    expect(noExtension.message).toContain('NO_EXTENSION');
    await expectAPIError(ann.voice.click2dial({ destination: '9999' }), NotFoundError, 404, 'NOT_FOUND');
  });

  it('cdr.list', async () => {
    const { ann, client, mock } = setup();
    const { callId } = await ann.voice.click2dial({ destination: '1002' });
    mock.controlCall(callId, 'answer');
    mock.controlCall(callId, 'bridge');
    mock.controlCall(callId, 'hangup');
    const records = await client.cdr.list().toArray();
    expect(records).toEqual([expect.objectContaining({ callId, userEmail: ANN })]);
    const live = setup({ apiKey: DEMO_KEYS.live, tenantId: DEMO_TENANTS.live }).client;
    await expect(live.cdr.list()).resolves.toBeDefined();
    await expectAPIError(
      client.cdr.list({ offset: 0 }, { tenantId: DEMO_TENANTS.live }),
      PermissionDeniedError,
      403,
      'TENANT_ACCESS_DENIED',
    );
  });

  it('chat.conversations, chat.messages', async () => {
    const { ann, client } = setup();
    const room = await ann.chat.conversations.create({ participantEmail: BOB, message: 'Hi Bob' });
    expect(room).toMatchObject({ isNew: true, participants: [ANN, BOB] });
    const again = await ann.chat.conversations.create({ participantEmail: BOB, message: 'Again' }).withResponse();
    expect(again.data).toMatchObject({ id: room.id, isNew: false });
    expect(again.response.status).toBe(200);
    expect((await ann.chat.conversations.list()).items.map((c) => c.id)).toEqual([room.id]);
    const sent = await client.withUser(BOB).chat.messages.send({ conversationId: room.id, content: 'Hi Ann' });
    expect(sent).toMatchObject({ conversationId: room.id, senderEmail: BOB, content: 'Hi Ann' });
    const messages = await ann.chat.messages.list({ conversationId: room.id }).toArray();
    expect(messages.map((m) => m.content)).toEqual(['Hi Ann', 'Again', 'Hi Bob']);
    await expectAPIError(
      ann.chat.conversations.create({ participantEmail: ANN, message: 'me' }),
      BadRequestError,
      400,
      'VALIDATION_ERROR',
    );
    await expectAPIError(ann.chat.messages.list({ conversationId: MISSING }), NotFoundError, 404, 'NOT_FOUND');
    await expectAPIError(
      client.withUser(DAN).chat.messages.send({ conversationId: room.id, content: 'x' }),
      NotFoundError,
      404,
      'NOT_FOUND',
    );
  });

  it('sms.conversations, sms.messages.list, sms.send', async () => {
    const { ann, client, mock } = setup();
    const conversations = await ann.sms.conversations.list().toArray();
    expect(conversations.map((c) => c.smsNumber)).toEqual(['+14155550100', '+14155550100']);
    const conversation = conversations[0]!;
    const message = await ann.sms.send(conversation.id, { body: 'Table for two?' });
    expect(message).toMatchObject({
      conversationId: conversation.id,
      body: 'Table for two?',
      status: 'SENT',
      simulated: true,
    });
    expect(mock.events({ type: 'sms.sent' })).toHaveLength(1);
    const messages = await ann.sms.messages.list(conversation.id, { limit: 10 }).toArray();
    expect(messages[0]).toEqual(message);
    await expectAPIError(client.withUser(DAN).sms.messages.list(conversation.id), NotFoundError, 404, 'NOT_FOUND');
    await expectAPIError(
      client.withUser(EVE).sms.conversations.list(),
      PermissionDeniedError,
      403,
      'CAPABILITY_DENIED',
    );
  });

  it('sms.send on a live tenant: a carrier rejection is a FAILED message', async () => {
    const { client, mock } = setup({
      apiKey: DEMO_KEYS.live,
      tenantId: DEMO_TENANTS.live,
      userEmail: 'grace@globex.test',
    });
    const magic = (await client.sms.conversations.list().toArray()).find((c) => c.peerNumber === '+15005550009')!;
    const failed = await client.sms.send(magic.id, { body: 'Hello' });
    expect(failed).toMatchObject({ status: 'FAILED', simulated: false, failureReason: expect.any(String) as unknown });
    expect(mock.events({ type: 'sms.failed' })).toHaveLength(1);
  });

  it('ai.agents.list, ai.agents.get, ai.agents.chat', async () => {
    const { client } = setup();
    const agents = await client.ai.agents.list();
    expect(agents.map((a) => a.name)).toEqual(['Receptionist', 'Sales Assistant']);
    expect(await client.ai.agents.get(AGENT)).toEqual(agents[0]);
    const reply = await client.ai.agents.chat(AGENT, { messages: [{ role: 'user', content: 'When do you open?' }] });
    expect(reply).toEqual({ role: 'assistant', content: expect.any(String) as unknown });
    await expectAPIError(client.ai.agents.get(MISSING), NotFoundError, 404, 'NOT_FOUND');
  });

  it('pricing.quote', async () => {
    const { client, sent } = setup();
    const quote = await client.pricing.quote({ planId: PLAN, seatCount: 10, didCount: 2, billingTerm: 'MONTHLY' });
    expect(quote).toMatchObject({ planId: PLAN, planName: 'Starter', currency: 'USD', subtotal: 15600, total: 15600 });
    expect(sent[0]?.headers.has('Idempotency-Key')).toBe(false);
    await expectAPIError(
      client.pricing.quote({ planId: MISSING, seatCount: 1, didCount: 0, billingTerm: 'ANNUAL' }),
      NotFoundError,
      404,
      'NOT_FOUND',
    );
  });

  it('files.list', async () => {
    const { client } = setup();
    const files = await client.files.list().toArray();
    expect(files.map((f) => f.name).sort()).toEqual(['contacts.csv', 'logo.png', 'price-list.pdf']);
    const live = setup({ apiKey: DEMO_KEYS.live, tenantId: DEMO_TENANTS.live }).client;
    await expect(live.files.list()).resolves.toBeDefined();
  });

  it('calendar.list and calendar.create', async () => {
    const { ann, client } = setup();
    const listed = await ann.calendar.list({ startDate: '2026-11-23', endDate: '2026-11-24' }).toArray();
    expect(listed.map((e) => e.title)).toEqual(['Pipeline review']);
    const created = await ann.calendar.create({
      title: 'Retro',
      startTime: '2026-11-23T10:00:00Z',
      endTime: '2026-11-23T11:00:00Z',
    });
    expect(created).toMatchObject({ title: 'Retro', ownerEmail: ANN, startTime: '2026-11-23T10:00:00.000Z' });
    expect((await ann.calendar.list().toArray()).map((e) => e.title)).toEqual([
      'Pipeline review',
      'Retro',
      'Customer demo',
    ]);
    await expectAPIError(
      client.withUser('nobody@acme.test').calendar.list(),
      PermissionDeniedError,
      403,
      'UNKNOWN_USER',
    );
  });

  it('presence.list and presence.update', async () => {
    const { ann, client } = setup();
    const updated = await ann.presence.update({ status: 'dnd', message: 'Focus time' });
    expect(updated).toMatchObject({ email: ANN, status: 'dnd', message: 'Focus time' });
    const everyone = await client.presence.list();
    expect(everyone).toHaveLength(5);
    expect(everyone.find((p) => p.email === ANN)).toEqual(updated);
    await expectAPIError(
      client.withUser('nobody@acme.test').presence.update({ status: 'busy', message: '' }),
      PermissionDeniedError,
      403,
      'UNKNOWN_USER',
    );
  });

  it('fax.list', async () => {
    const { client } = setup();
    expect(await client.fax.list().toArray()).toHaveLength(4);
    const inbox = await client.fax.list({ type: 'inbox' }).toArray();
    expect(inbox.map((f) => f.type)).toEqual(['inbox', 'inbox']);
    const live = setup({ apiKey: DEMO_KEYS.live, tenantId: DEMO_TENANTS.live }).client;
    await expectAPIError(live.fax.list(), PermissionDeniedError, 403, 'MODULE_DISABLED');
  });

  it('an out-of-date cursor is INVALID_CURSOR', async () => {
    const { client } = setup();
    await expectAPIError(client.contacts.list({ cursor: 'bm90LWEtY3Vyc29y' }), BadRequestError, 400, 'INVALID_CURSOR');
  });

  it('a spent rate limit longer than maxRetryAfter fails at once with RateLimitError', async () => {
    const { mock } = setup();
    const { key } = mock.createApiKey({
      tenantIds: [DEMO_TENANTS.sandbox],
      rateLimit: { limit: 1, windowSeconds: 120 },
    });
    const { client, sent } = setup({ apiKey: key }, mock);
    await client.presence.list();
    const error = await expectAPIError(client.presence.list(), RateLimitError, 429, 'RATE_LIMITED');
    const { retryAfterSeconds } = error as unknown as { retryAfterSeconds: number };
    expect(retryAfterSeconds).toBeGreaterThan(60);
    expect(retryAfterSeconds).toBeLessThanOrEqual(120);
    expect(sent).toHaveLength(2);
  });
});

describe('withResponse', () => {
  it('gives the response, its request id and the rate-limit state', async () => {
    const { client } = setup();
    const first = await client.users.list().withResponse();
    expect(first.response.status).toBe(200);
    expect(first.requestId).toBe(first.response.headers.get('X-Request-Id'));
    expect(first.requestId).toMatch(/\S/);
    expect(first.rateLimit).toEqual({ limit: 600, remaining: 599, resetSeconds: expect.any(Number) as unknown });
    const second = await client.ai.agents.list().withResponse();
    expect(second.rateLimit.remaining).toBe(598);
    expect(second.data).toHaveLength(2);
  });

  it('shares one request between await and withResponse', async () => {
    const { client, sent } = setup();
    const call = client.presence.list();
    const [data, { data: same }] = await Promise.all([call, call.withResponse()]);
    expect(same).toBe(data);
    expect(sent).toHaveLength(1);
  });

  it('echoes a caller X-Request-Id', async () => {
    const { client } = setup({ headers: { 'X-Request-Id': 'trace-42' } });
    expect((await client.presence.list().withResponse()).requestId).toBe('trace-42');
    const error = await rejectionOf(client.ai.agents.get(MISSING, { headers: { 'X-Request-Id': 'trace-43' } }));
    expect((error as APIError).requestId).toBe('trace-43');
  });
});
