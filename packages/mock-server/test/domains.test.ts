/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { EVENT_SCHEMAS, type EventType } from '@commflow/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_PLANS, MAGIC_DIAL_DESTINATIONS, MAGIC_REJECTED_SMS_NUMBER } from '../src/index.js';
import { ANN, BOB, call, CARLA, DAN, DEMO_KEYS, DEMO_TENANTS, describeTransports, GRACE } from './helpers/env.js';

const live = { key: DEMO_KEYS.live, tenant: DEMO_TENANTS.live, user: GRACE };

describeTransports('contacts', (env) => {
  it('creates with 201, defaults, and emits contact.changed with the contact', async () => {
    const reply = await call(env(), 'POST', '/api/v1/contacts', {
      body: { firstName: 'Zed', phoneMobile: '+14155551234' },
    });
    expect(reply.status).toBe(201);
    expect(reply.json.data.contact).toMatchObject({ firstName: 'Zed', lastName: '', phoneMobile: '+14155551234' });
    const [event] = env().mock.events({ type: 'contact.changed' });
    expect(EVENT_SCHEMAS['contact.changed'].parse(event).data).toEqual({
      change: 'created',
      contact: reply.json.data.contact,
    });
    expect(event?.tenantId).toBe(DEMO_TENANTS.sandbox);
    const list = await call(env(), 'GET', '/api/v1/contacts?limit=1');
    expect(list.json.data.contacts[0].id).toBe(reply.json.data.contact.id);
  });
});

describeTransports('click-to-dial and the call state machine (spec §4.5, decisions §9)', (env) => {
  it('starts an initiated call, emits call.started, and progresses on the clock to a CDR', async () => {
    const reply = await call(env(), 'POST', '/api/v1/click2dial', { body: { destination: '+14155550100' } });
    expect(reply.status).toBe(200);
    expect(reply.json.data).toEqual({ callId: expect.any(String), status: 'initiated' });
    const event = env().mock.events({ type: 'call.started' })[0];
    expect(EVENT_SCHEMAS['call.started'].parse(event).data).toEqual({
      callId: reply.json.data.callId,
      status: 'initiated',
      destination: '+14155550100',
      userEmail: ANN,
    });
    expect((await call(env(), 'GET', '/api/v1/cdr')).json.data.records).toEqual([]);
    env().mock.advanceClock(5_000);
    expect(env().mock.calls()[0]?.status).toBe('bridged');
    env().mock.advanceClock(60_000);
    const [callView] = env().mock.calls();
    expect(callView?.history.map((step) => step.status)).toEqual([
      'initiated',
      'ringing',
      'answered',
      'bridged',
      'completed',
    ]);
    const cdr = await call(env(), 'GET', '/api/v1/cdr');
    expect(cdr.json.data.records).toEqual([
      expect.objectContaining({
        callId: reply.json.data.callId,
        disposition: 'answered',
        durationSeconds: 60,
        from: '1001',
        to: '+14155550100',
        userEmail: ANN,
      }),
    ]);
  });

  it.each([
    [MAGIC_DIAL_DESTINATIONS.busy, 'busy'],
    [MAGIC_DIAL_DESTINATIONS.noAnswer, 'no_answer'],
    [MAGIC_DIAL_DESTINATIONS.failed, 'failed'],
    [MAGIC_DIAL_DESTINATIONS.canceled, 'canceled'],
  ])('magic destination %s ends %s with a CDR', async (destination, disposition) => {
    await call(env(), 'POST', '/api/v1/click2dial', { body: { destination } });
    env().mock.advanceClock(120_000);
    const cdr = await call(env(), 'GET', '/api/v1/cdr');
    expect(cdr.json.data.records[0]).toMatchObject({ disposition, answeredAt: null, durationSeconds: 0 });
  });

  it('refuses NO_EXTENSION (409), own extension (400) and unknown extension (404); dials a colleague', async () => {
    const none = await call(env(), 'POST', '/api/v1/click2dial', { user: DAN, body: { destination: '+14155550100' } });
    expect(none.status).toBe(409);
    expect(none.json.error.code).toBe('NO_EXTENSION');
    const own = await call(env(), 'POST', '/api/v1/click2dial', { body: { destination: '1001' } });
    expect(own.status).toBe(400);
    expect(own.json.error.details[0].path).toEqual(['body', 'destination']);
    expect((await call(env(), 'POST', '/api/v1/click2dial', { body: { destination: '9999' } })).status).toBe(404);
    expect((await call(env(), 'POST', '/api/v1/click2dial', { body: { destination: '1002' } })).status).toBe(200);
    expect((await call(env(), 'POST', '/api/v1/click2dial', { body: { destination: 'call me' } })).status).toBe(400);
    expect(env().mock.calls()).toHaveLength(1);
  });

  it('is driven by the control surface, refusing impossible moves', async () => {
    const reply = await call(env(), 'POST', '/api/v1/click2dial', { body: { destination: '+14155550100' } });
    const id: string = reply.json.data.callId;
    expect(env().mock.controlCall(id, 'answer').status).toBe('answered');
    expect(() => env().mock.controlCall(id, 'answer')).toThrow(/Cannot answer/);
    expect(env().mock.controlCall(id, 'bridge').status).toBe('bridged');
    env().mock.advanceClock(30_000);
    const done = env().mock.controlCall(id, 'hangup');
    expect(done.status).toBe('completed');
    expect(done.history.map((s) => s.status)).toEqual(['initiated', 'ringing', 'answered', 'bridged', 'completed']);
    expect((await call(env(), 'GET', '/api/v1/cdr')).json.data.records[0]).toMatchObject({
      disposition: 'answered',
      durationSeconds: 30,
    });
    env().mock.advanceClock(120_000);
    expect(env().mock.calls()[0]?.status).toBe('completed');
  });
});

describeTransports('team chat (decisions §7)', (env) => {
  it('one direct chat per pair: 201 isNew, then 200 existing; the message is posted either way', async () => {
    const first = await call(env(), 'POST', '/api/v1/chat/conversations', {
      body: { participantEmail: BOB, message: 'hi' },
    });
    expect(first.status).toBe(201);
    expect(first.json.data.conversation).toMatchObject({ isNew: true, participants: [ANN, BOB] });
    const again = await call(env(), 'POST', '/api/v1/chat/conversations', {
      user: BOB,
      body: { participantEmail: 'ANN.LEE@acme.test', message: 'hello' },
    });
    expect(again.status).toBe(200);
    expect(again.json.data.conversation).toMatchObject({ id: first.json.data.conversation.id, isNew: false });
    const messages = await call(
      env(),
      'GET',
      `/api/v1/chat/messages?conversationId=${first.json.data.conversation.id as string}`,
    );
    expect(messages.json.data.messages.map((m: { content: string }) => m.content)).toEqual(['hello', 'hi']);
    expect(messages.json.meta.pagination).toMatchObject({ limit: 50, hasMore: false, nextCursor: null });
  });

  it('self is 400, unknown teammate 404, non-members get 404 on list and send', async () => {
    expect(
      (await call(env(), 'POST', '/api/v1/chat/conversations', { body: { participantEmail: ANN, message: 'me' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(env(), 'POST', '/api/v1/chat/conversations', {
          body: { participantEmail: 'x@acme.test', message: 'x' },
        })
      ).status,
    ).toBe(404);
    const room = await call(env(), 'POST', '/api/v1/chat/conversations', {
      body: { participantEmail: BOB, message: 'hi' },
    });
    const id: string = room.json.data.conversation.id;
    expect((await call(env(), 'GET', `/api/v1/chat/messages?conversationId=${id}`, { user: CARLA })).status).toBe(404);
    expect(
      (await call(env(), 'POST', '/api/v1/chat/messages', { user: CARLA, body: { conversationId: id, content: 'x' } }))
        .status,
    ).toBe(404);
    const sent = await call(env(), 'POST', '/api/v1/chat/messages', {
      user: BOB,
      body: { conversationId: id, content: 'yo' },
    });
    expect(sent.status).toBe(201);
    expect(sent.json.data.message).toMatchObject({ conversationId: id, senderEmail: BOB, content: 'yo' });
    const carlaRooms = await call(env(), 'GET', '/api/v1/chat/conversations', { user: CARLA });
    expect(carlaRooms.json.data.conversations).toEqual([]);
    const annRooms = await call(env(), 'GET', '/api/v1/chat/conversations');
    expect(annRooms.json.data.conversations).toHaveLength(1);
  });
});

describeTransports('SMS (decisions §8)', (env) => {
  it('lists only accessible conversations: assignee, owner, shared', async () => {
    const emails = { [ANN]: 2, [BOB]: 2, [CARLA]: 1, [DAN]: 1 };
    for (const [user, count] of Object.entries(emails)) {
      const reply = await call(env(), 'GET', '/api/v1/sms/conversations', { user });
      expect(reply.json.data.conversations).toHaveLength(count);
    }
    const search = await call(env(), 'GET', '/api/v1/sms/conversations?search=grace');
    expect(search.json.data.conversations.map((c: { peerName: string }) => c.peerName)).toEqual(['Grace Hopper']);
    const digits = await call(env(), 'GET', '/api/v1/sms/conversations?search=617555');
    expect(digits.json.data.conversations).toHaveLength(1);
  });

  it('sandbox sends are simulated, never reach the carrier, emit sms.sent; outside access is 404', async () => {
    const conversations = await call(env(), 'GET', '/api/v1/sms/conversations', { user: CARLA });
    const id: string = conversations.json.data.conversations[0].id;
    expect(
      (await call(env(), 'POST', `/api/v1/sms/conversations/${id}/messages`, { body: { body: 'x' } })).status,
    ).toBe(404);
    expect((await call(env(), 'GET', `/api/v1/sms/conversations/${id}/messages`)).status).toBe(404);
    const sent = await call(env(), 'POST', `/api/v1/sms/conversations/${id}/messages`, {
      user: CARLA,
      body: { body: 'Your table is ready' },
    });
    expect(sent.status).toBe(200);
    expect(sent.json.data.message).toMatchObject({
      status: 'SENT',
      simulated: true,
      direction: 'outbound',
      body: 'Your table is ready',
      from: '+14155550110',
      to: '+17575550188',
    });
    expect(env().mock.carrier().messages).toEqual([]);
    expect(EVENT_SCHEMAS['sms.sent'].parse(env().mock.events({ type: 'sms.sent' })[0]).data.conversationId).toBe(id);
    const list = await call(env(), 'GET', `/api/v1/sms/conversations/${id}/messages`, { user: CARLA });
    expect(list.json.data.messages).toHaveLength(1);
    const top = await call(env(), 'GET', '/api/v1/sms/conversations?limit=1', { user: CARLA });
    expect(top.json.data.conversations[0].lastMessageAt).not.toBeNull();
  });

  it('live sends go through the carrier: accepted SENT, rejected FAILED with a reason and sms.failed', async () => {
    const conversations = await call(env(), 'GET', '/api/v1/sms/conversations', live);
    const normal = conversations.json.data.conversations.find(
      (c: { peerNumber: string }) => c.peerNumber !== MAGIC_REJECTED_SMS_NUMBER,
    );
    const magic = conversations.json.data.conversations.find(
      (c: { peerNumber: string }) => c.peerNumber === MAGIC_REJECTED_SMS_NUMBER,
    );
    const ok = await call(env(), 'POST', `/api/v1/sms/conversations/${normal.id as string}/messages`, {
      ...live,
      body: { body: 'hi' },
    });
    expect(ok.json.data.message).toMatchObject({ status: 'SENT', simulated: false });
    expect(ok.json.data.message.failureReason).toBeUndefined();
    const rejected = await call(env(), 'POST', `/api/v1/sms/conversations/${magic.id as string}/messages`, {
      ...live,
      body: { body: 'hi' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.json.data.message).toMatchObject({ status: 'FAILED', failureReason: expect.any(String) });
    env().mock.setCarrier({ mode: 'reject', reason: 'Carrier outage' });
    const outage = await call(env(), 'POST', `/api/v1/sms/conversations/${normal.id as string}/messages`, {
      ...live,
      body: { body: 'hi' },
    });
    expect(outage.json.data.message).toMatchObject({ status: 'FAILED', failureReason: 'Carrier outage' });
    expect(env().mock.carrier().messages).toHaveLength(3);
    expect(env().mock.events({ type: 'sms.failed' })).toHaveLength(2);
    expect(env().mock.events({ type: 'sms.sent' })).toHaveLength(1);
  });

  it('an inbound SMS joins or opens the conversation, RECEIVED, and emits sms.received', async () => {
    const joined = env().mock.receiveSms({
      tenantId: DEMO_TENANTS.sandbox,
      to: '+14155550100',
      from: '+14155550101',
      body: 'ping',
    });
    expect(joined.message).toMatchObject({ direction: 'inbound', status: 'RECEIVED', from: '+14155550101' });
    const opened = env().mock.receiveSms({
      tenantId: DEMO_TENANTS.sandbox,
      to: '+14155550100',
      from: '+14155550999',
      body: 'new',
    });
    expect(opened.conversationId).not.toBe(joined.conversationId);
    const list = await call(env(), 'GET', '/api/v1/sms/conversations');
    expect(list.json.data.conversations).toHaveLength(3);
    expect(list.json.data.conversations[0].id).toBe(opened.conversationId);
    expect(env().mock.events({ type: 'sms.received' })).toHaveLength(2);
  });
});

describeTransports('AI agents, pricing, files, calendar, presence, fax', (env) => {
  it('AI agents: get, 404, deterministic reply, replaceable responder, body rules', async () => {
    const agents = await call(env(), 'GET', '/api/v1/ai/agents');
    const id: string = agents.json.data.agents[0].id;
    expect((await call(env(), 'GET', `/api/v1/ai/agents/${id}`)).json.data.agent.name).toBe('Receptionist');
    expect((await call(env(), 'GET', '/api/v1/ai/agents/99999999-9999-4999-8999-999999999999')).status).toBe(404);
    const chat = await call(env(), 'POST', `/api/v1/ai/agents/${id}/test-chat`, {
      body: { messages: [{ role: 'user', content: 'Open Sunday?' }] },
    });
    expect(chat.json.data.reply).toEqual({ role: 'assistant', content: 'Receptionist: you said "Open Sunday?"' });
    env().mock.setAiResponder(() => 'We open at 9.');
    const scripted = await call(env(), 'POST', `/api/v1/ai/agents/${id}/test-chat`, {
      body: { messages: [{ role: 'user', content: 'x' }] },
    });
    expect(scripted.json.data.reply.content).toBe('We open at 9.');
    const noUser = await call(env(), 'POST', `/api/v1/ai/agents/${id}/test-chat`, {
      body: { messages: [{ role: 'system', content: 'x' }] },
    });
    expect(noUser.status).toBe(400);
    const empty = await call(env(), 'POST', `/api/v1/ai/agents/${id}/test-chat`, { body: { messages: [] } });
    expect(empty.status).toBe(400);
  });

  it('pricing: integer minor units, ANNUAL is 12 months less the discount, unknown plan 404', async () => {
    const monthly = await call(env(), 'POST', '/api/v1/pricing/quote', {
      body: { planId: DEMO_PLANS.team, seatCount: 10, didCount: 2, billingTerm: 'MONTHLY' },
    });
    expect(monthly.json.data.quote).toMatchObject({
      subtotal: 26000,
      discount: 0,
      total: 26000,
      currency: 'USD',
      planName: 'Team',
    });
    const annual = await call(env(), 'POST', '/api/v1/pricing/quote', {
      body: { planId: DEMO_PLANS.team, seatCount: 10, didCount: 2, billingTerm: 'ANNUAL' },
    });
    expect(annual.json.data.quote).toMatchObject({ subtotal: 312000, discount: 46800, total: 265200 });
    expect(annual.json.data.quote.lineItems).toEqual([
      { kind: 'seat', quantity: 10, unitAmount: 30000, amount: 300000 },
      { kind: 'did', quantity: 2, unitAmount: 6000, amount: 12000 },
    ]);
    expect(
      (
        await call(env(), 'POST', '/api/v1/pricing/quote', {
          body: { planId: '99999999-9999-4999-8999-999999999999', seatCount: 1, didCount: 0, billingTerm: 'MONTHLY' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(env(), 'POST', '/api/v1/pricing/quote', {
          body: { planId: DEMO_PLANS.team, seatCount: 0, didCount: 0, billingTerm: 'WEEKLY' },
        })
      ).json.error.details,
    ).toHaveLength(2);
  });

  it('files newest first; fax type filter, 400 for an unknown type', async () => {
    const files = await call(env(), 'GET', '/api/v1/files');
    expect(files.json.data.files.map((f: { name: string }) => f.name)).toEqual([
      'contacts.csv',
      'logo.png',
      'price-list.pdf',
    ]);
    const inbox = await call(env(), 'GET', '/api/v1/fax?type=inbox');
    expect(inbox.json.data.faxes).toHaveLength(2);
    expect(inbox.json.data.faxes.every((f: { type: string }) => f.type === 'inbox')).toBe(true);
    expect((await call(env(), 'GET', '/api/v1/fax')).json.data.faxes).toHaveLength(4);
    expect((await call(env(), 'GET', '/api/v1/fax?type=outbox')).json.error.details[0].path).toEqual(['query', 'type']);
  });

  it('calendar: creates 201, lists the acting user’s events overlapping [start, end)', async () => {
    const created = await call(env(), 'POST', '/api/v1/calendar', {
      body: { title: 'Lunch', startTime: '2026-11-23T12:00:00+01:00', endTime: '2026-11-23T13:00:00+01:00' },
    });
    expect(created.status).toBe(201);
    expect(created.json.data.event).toMatchObject({ startTime: '2026-11-23T11:00:00.000Z', ownerEmail: ANN });
    const day = await call(env(), 'GET', '/api/v1/calendar?startDate=2026-11-23&endDate=2026-11-24');
    expect(day.json.data.events.map((e: { title: string }) => e.title)).toEqual(['Pipeline review', 'Lunch']);
    const boundary = await call(env(), 'GET', '/api/v1/calendar?startDate=2026-11-23T09:30:00Z');
    expect(boundary.json.data.events.map((e: { title: string }) => e.title)).toEqual(['Lunch', 'Customer demo']);
    expect((await call(env(), 'GET', '/api/v1/calendar', { user: BOB })).json.data.events).toEqual([]);
    expect((await call(env(), 'GET', '/api/v1/calendar?startDate=2026-11-24&endDate=2026-11-23')).status).toBe(400);
    expect(
      (
        await call(env(), 'POST', '/api/v1/calendar', {
          body: { title: 'x', startTime: '2026-11-23T12:00:00Z', endTime: '2026-11-23T11:00:00Z' },
        })
      ).status,
    ).toBe(400);
  });

  it('presence: update the acting user, list every user', async () => {
    const updated = await call(env(), 'PUT', '/api/v1/presence', {
      user: BOB,
      body: { status: 'busy', message: 'In a meeting' },
    });
    expect(updated.json.data.presence).toMatchObject({ email: BOB, status: 'busy', message: 'In a meeting' });
    const list = await call(env(), 'GET', '/api/v1/presence');
    expect(list.json.data.presence.find((p: { email: string }) => p.email === BOB).status).toBe('busy');
    expect((await call(env(), 'PUT', '/api/v1/presence', { body: { status: 'sleeping', message: '' } })).status).toBe(
      400,
    );
  });
});

describe('events and responses', () => {
  it('event types line up with the contract', () => {
    const types: EventType[] = ['contact.changed', 'call.started', 'sms.sent', 'sms.failed', 'sms.received'];
    expect(Object.keys(EVENT_SCHEMAS).sort()).toEqual([...types].sort());
  });
});
