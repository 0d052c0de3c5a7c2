/* eslint-disable @typescript-eslint/no-unsafe-assignment -- vitest's asymmetric matchers are typed `any`. */
import { expect, it } from 'vitest';
import { createMock } from '../../src/index.js';
import { call, describeTransports, DEMO_KEYS, DEMO_TENANTS } from '../helpers/env.js';

/**
 * What every answer is made of (service-api §1, decisions §1): a JSON body, said so in
 * `Content-Type`, and the rate-limit headers; the journal keeps those headers under their
 * lower-case names, sorted as a `Headers` lists them, so a snapshot of an entry is stable.
 */

const JSON_TYPE = 'application/json; charset=utf-8';

describeTransports('the envelope of every answer', (env) => {
  it('says it is JSON, on a success, an error and a replay', async () => {
    const success = await call(env(), 'GET', '/api/v1/users');
    const error = await call(env(), 'GET', '/api/v1/contacts?limit=0');
    const first = await call(env(), 'POST', '/api/v1/contacts', {
      body: { firstName: 'Env' },
      headers: { 'Idempotency-Key': 'envelope-1' },
    });
    const replay = await call(env(), 'POST', '/api/v1/contacts', {
      body: { firstName: 'Env' },
      headers: { 'Idempotency-Key': 'envelope-1' },
    });
    expect([success.status, error.status, first.status, replay.status]).toEqual([200, 400, 201, 201]);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    for (const reply of [success, error, first, replay]) expect(reply.headers.get('content-type')).toBe(JSON_TYPE);
  });

  it('the journal keeps the answer’s headers lower-case and sorted, extra headers of an error included', async () => {
    env().mock.injectFault({ method: 'GET', path: '/api/v1/users', status: 429 });
    await call(env(), 'GET', '/api/v1/users', { headers: { 'X-Request-Id': 'req-envelope-429' } });
    await call(env(), 'GET', '/api/v1/users', { headers: { 'X-Request-Id': 'req-envelope-200' } });
    for (const id of ['req-envelope-429', 'req-envelope-200']) {
      const headers = env().mock.request(id)?.response.headers ?? {};
      const names = Object.keys(headers);
      expect(names, id).toEqual([...names].sort());
      expect(headers, id).toMatchObject({
        'content-type': JSON_TYPE,
        'ratelimit-limit': expect.stringMatching(/^\d+$/),
        'ratelimit-remaining': expect.stringMatching(/^\d+$/),
        'ratelimit-reset': expect.stringMatching(/^\d+$/),
        'x-request-id': id,
      });
    }
    expect(env().mock.request('req-envelope-429')?.response.headers).toMatchObject({
      'retry-after': '1',
      'x-mock-fault': 'injected',
    });
  });
});

it('a failure inside the mock (here, an AI responder that throws) is a 500 INTERNAL_ERROR that names it', async () => {
  const mock = createMock('demo', {
    aiResponder: () => {
      throw new Error('responder exploded');
    },
  });
  const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox };
  const agents = (await (await mock.fetch('/api/v1/ai/agents', { headers })).json()) as {
    data: { agents: { id: string }[] };
  };
  const agentId = agents.data.agents[0]?.id ?? '';
  const response = await mock.fetch(`/api/v1/ai/agents/${agentId}/test-chat`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'Hello' }] }),
  });
  expect(response.status).toBe(500);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error).toEqual({ code: 'INTERNAL_ERROR', message: 'Unexpected mock failure: responder exploded' });
  expect(mock.journal().at(-1)).toMatchObject({ status: 500, errorCode: 'INTERNAL_ERROR' });
});
