/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are JSON read as `any`. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../src/surfaces/adapters/node.js';
import { createMock } from '../src/index.js';
import { ANN_HEADERS, START } from './helpers/env.js';

/**
 * The CLI serves with @hono/node-server's light `Request`/`Response` in place of the global ones
 * (`overrideGlobalObjects`). This file swaps the globals as the CLI does, checks over real HTTP
 * what the other files check with the originals, and puts the originals back for the files that
 * share its worker.
 */
describe('the Node adapter with the light globals the CLI installs', () => {
  let running: RunningMockServer;
  const mock = createMock('demo', { clock: { frozen: true, start: START } });
  const original = { Request: globalThis.Request, Response: globalThis.Response };
  beforeAll(async () => {
    running = await startMockServer({ mock, overrideGlobalObjects: true });
    // Else this file would test the originals again.
    expect(globalThis.Response).not.toBe(original.Response);
  });
  afterAll(async () => {
    await running.close();
    Object.assign(globalThis, original);
  });
  const api = (path: string, init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {}) =>
    fetch(`${running.url}${path}`, { ...init, headers: { ...ANN_HEADERS, ...init.headers } });

  it('answers a list with the envelope, its headers and a Content-Length, as with the global Response', async () => {
    const response = await api('/api/v1/contacts?limit=2', { headers: { 'X-Request-Id': 'req-light-1' } });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(response.headers.get('x-request-id')).toBe('req-light-1');
    expect(response.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    const body = JSON.parse(text);
    expect(body).toMatchObject({ success: true, meta: { requestId: 'req-light-1', timestamp: START } });
    expect(body.data.contacts).toHaveLength(2);
    expect(mock.journal().at(-1)).toMatchObject({ requestId: 'req-light-1', status: 200, response: { body } });
  });

  it('answers errors with the error envelope and their extra headers', async () => {
    const wrong = await api('/api/v1/contacts', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, POST');
    expect((await wrong.json()).error.code).toBe('METHOD_NOT_ALLOWED');
    const keyless = await fetch(`${running.url}/api/v1/users`);
    expect(keyless.status).toBe(401);
    expect((await keyless.json()).error.code).toBe('UNAUTHENTICATED');
  });

  it('answers HEAD with the GET headers, its Content-Length and no body', async () => {
    const get = await api('/api/v1/users?limit=2');
    const length = Buffer.byteLength(await get.text());
    const head = await api('/api/v1/users?limit=2', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('content-length')).toBe(String(length));
  });

  it('drops the connection for an override that says so, and answers the next request', async () => {
    const added = await fetch(`${running.url}/__mock/overrides`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operationId: 'users.list', times: 1, fault: { drop: true } }),
    });
    expect(added.status).toBe(201);
    await expect(api('/api/v1/users')).rejects.toThrow();
    expect((await api('/api/v1/users')).status).toBe(200);
  });

  it('replays an idempotent write with the first body', async () => {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': 'light-globals-1' },
      body: JSON.stringify({ firstName: 'Light' }),
    };
    const first = await api('/api/v1/contacts', init);
    const again = await api('/api/v1/contacts', init);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await again.json()).data).toEqual((await first.json()).data);
  });
});
