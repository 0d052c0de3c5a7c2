/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMock } from '../src/index.js';
import { ANN, call, control, DEMO_KEYS, DEMO_TENANTS, describeTransports } from './helpers/env.js';

describeTransports('control surface over HTTP (/__mock)', (env) => {
  it('reset returns to the loaded scenario with the same ids', async () => {
    const before = await call(env(), 'GET', '/api/v1/users');
    await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: 'Temp' } });
    const reset = await control(env(), 'POST', '/reset');
    expect(reset.json).toMatchObject({ success: true, data: { reset: true } });
    expect((await call(env(), 'GET', '/api/v1/contacts?search=temp')).json.data.contacts).toEqual([]);
    expect((await call(env(), 'GET', '/api/v1/users')).json.data.users).toEqual(before.json.data.users);
    expect((await control(env(), 'GET', '/events')).json.data.events).toEqual([]);
  });

  it('PUT /scenario loads another world; errors name the bad path in the envelope', async () => {
    const bad = await control(env(), 'PUT', '/scenario', {
      tenants: [{ id: DEMO_TENANTS.sandbox, name: 'X', mode: 'staging' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('VALIDATION_ERROR');
    expect(bad.json.error.details[0].path).toEqual(['body', 'tenants', '0', 'mode']);
    const good = await control(env(), 'PUT', '/scenario', {
      tenants: [
        {
          id: DEMO_TENANTS.sandbox,
          name: 'Solo',
          mode: 'sandbox',
          users: [{ email: ANN, firstName: 'Ann', lastName: 'Lee' }],
        },
      ],
      apiKeys: [{ key: DEMO_KEYS.sandbox, tenantIds: [DEMO_TENANTS.sandbox], permissions: ['*'] }],
    });
    expect(good.status).toBe(200);
    expect((await call(env(), 'GET', '/api/v1/users')).json.data.users).toHaveLength(1);
    expect((await call(env(), 'GET', '/api/v1/users', { key: DEMO_KEYS.live, tenant: DEMO_TENANTS.live })).status).toBe(
      401,
    );
    await control(env(), 'PUT', '/scenario', 'demo');
    expect((await call(env(), 'GET', '/api/v1/users')).json.data.users).toHaveLength(5);
  });

  it('journal lists requests without secrets', async () => {
    await call(env(), 'GET', '/api/v1/users', { headers: { 'X-Request-Id': 'journal-1' } });
    const journal = await control(env(), 'GET', '/journal');
    const entry = journal.json.data.entries.find((e: { requestId: string }) => e.requestId === 'journal-1');
    expect(entry).toMatchObject({
      method: 'GET',
      path: '/api/v1/users',
      status: 200,
      operationId: 'users.list',
      tenantId: DEMO_TENANTS.sandbox,
    });
    expect(JSON.stringify(journal.json)).not.toContain(DEMO_KEYS.sandbox);
    expect(entry.keyHint).toBe('cf_…0000');
  });

  it('calls: list and drive; bad actions and unknown calls answer in the envelope', async () => {
    const dial = await call(env(), 'POST', '/api/v1/click2dial', { body: { destination: '+14155550100' } });
    const id: string = dial.json.data.callId;
    expect((await control(env(), 'GET', '/calls')).json.data.calls[0]).toMatchObject({
      callId: id,
      status: 'initiated',
    });
    expect((await control(env(), 'POST', `/calls/${id}/answer`)).json.data.call.status).toBe('answered');
    const conflict = await control(env(), 'POST', `/calls/${id}/answer`);
    expect(conflict.status).toBe(409);
    expect(conflict.json.error.code).toBe('INVALID_CALL_TRANSITION');
    expect((await control(env(), 'POST', `/calls/${id}/busy`)).json.data.call.status).toBe('busy');
    // An action that is not one of the six is a malformed path: 400, naming the ones there are.
    expect((await control(env(), 'POST', `/calls/${id}/dance`)).status).toBe(400);
    // Ids are checked as everywhere: malformed is 400, unknown is 404.
    expect((await control(env(), 'POST', '/calls/nope/hangup')).json.error.code).toBe('VALIDATION_ERROR');
    expect((await control(env(), 'POST', `/calls/${randomUUID()}/hangup`)).json.error.code).toBe('NOT_FOUND');
    expect((await call(env(), 'GET', '/api/v1/cdr')).json.data.records[0].disposition).toBe('busy');
  });

  it('carrier: GET shows what reached it, PUT sets accept/reject', async () => {
    const set = await control(env(), 'PUT', '/carrier', { mode: 'reject', reason: 'No route' });
    expect(set.json.data.carrier).toMatchObject({ mode: 'reject', reason: 'No route', messages: [] });
    expect((await control(env(), 'PUT', '/carrier', { mode: 'maybe' })).status).toBe(400);
    const live = { key: DEMO_KEYS.live, tenant: DEMO_TENANTS.live, user: 'grace@globex.test' };
    const conversations = await call(env(), 'GET', '/api/v1/sms/conversations', live);
    const id: string = conversations.json.data.conversations.find(
      (c: { peerName: string }) => c.peerName === 'Hank Scorpio',
    ).id;
    const sent = await call(env(), 'POST', `/api/v1/sms/conversations/${id}/messages`, {
      ...live,
      body: { body: 'x' },
    });
    expect(sent.json.data.message.failureReason).toBe('No route');
    const seen = await control(env(), 'GET', '/carrier');
    expect(seen.json.data.carrier.messages).toHaveLength(1);
  });

  it('sms/inbound, events, clock and faults', async () => {
    const inbound = await control(env(), 'POST', '/sms/inbound', {
      tenantId: DEMO_TENANTS.sandbox,
      to: '+14155550100',
      from: '+14155550177',
      body: 'hi',
    });
    expect(inbound.status).toBe(201);
    expect(inbound.json.data.message.status).toBe('RECEIVED');
    expect(
      (
        await control(env(), 'POST', '/sms/inbound', {
          tenantId: DEMO_TENANTS.sandbox,
          to: '+19999999999',
          from: '+14155550177',
          body: 'hi',
        })
      ).status,
    ).toBe(404);
    const events = await control(env(), 'GET', `/events?type=sms.received&tenantId=${DEMO_TENANTS.sandbox}`);
    expect(events.json.data.events).toHaveLength(1);
    const clock = await control(env(), 'GET', '/clock');
    expect(clock.json.data).toEqual({ now: '2026-11-21T12:00:00.000Z', offsetMs: 0 });
    expect((await control(env(), 'POST', '/clock/advance', { ms: 1500 })).json.data.now).toBe(
      '2026-11-21T12:00:01.500Z',
    );
    expect((await control(env(), 'POST', '/clock/advance', { ms: -1 })).status).toBe(400);
    expect((await control(env(), 'POST', '/faults', { path: '/api/v1/users', status: 500, times: 2 })).status).toBe(
      201,
    );
    expect((await call(env(), 'GET', '/api/v1/users')).status).toBe(500);
    const second = await call(env(), 'GET', '/api/v1/users');
    expect(second.json.error.code).toBe('INTERNAL_ERROR');
    expect((await call(env(), 'GET', '/api/v1/users')).status).toBe(200);
    expect((await control(env(), 'POST', '/faults', { times: 1, status: 200 })).status).toBe(400);
    const malformed = await env().fetch(`${env().base}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(malformed.status).toBe(400);
  });

  it('unknown control routes are 404 in the envelope', async () => {
    const reply = await control(env(), 'GET', '/nope');
    expect(reply.status).toBe(404);
    expect(reply.json).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('control surface switched off', () => {
  it('answers /__mock as an unknown service route', async () => {
    const mock = createMock('demo', { control: false });
    const reply = await mock.fetch('/__mock/reset', { method: 'POST', headers: { 'X-API-Key': DEMO_KEYS.sandbox } });
    expect(reply.status).toBe(404);
    expect(mock.journal()).toHaveLength(1);
  });
});
