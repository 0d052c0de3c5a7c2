/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are JSON read as `any`. */
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../src/surfaces/adapters/node.js';
import { createMock, DEMO_KEYS, DEMO_TENANTS, type CommFlowMock } from '../src/index.js';
import { ANN, call, describeTransports, START } from './helpers/env.js';

const auth = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox, 'X-User-Email': ANN };

/**
 * The headers of a response, without the ones that differ on every request, and without the
 * connection's own (undici closes the connection after a HEAD, so the server answers in kind).
 */
const stableHeaders = (response: Response) =>
  [...response.headers].filter(
    ([name]) => !['x-request-id', 'ratelimit-remaining', 'date', 'connection', 'keep-alive'].includes(name),
  );

describeTransports('HEAD wherever GET is (RFC 9110)', (env) => {
  it('answers HEAD /api/v1/openapi.json without a key: the status and headers of GET, no body', async () => {
    const get = await env().fetch(`${env().base}/api/v1/openapi.json`);
    const getBody = await get.arrayBuffer();
    const head = await env().fetch(`${env().base}/api/v1/openapi.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('content-length')).toBe(String(getBody.byteLength));
    expect(head.headers.get('x-request-id')).toMatch(/\S/);
  });

  it('answers HEAD on an operation as GET would, journaled as HEAD, errors included', async () => {
    const get = await env().fetch(`${env().base}/api/v1/users?limit=2`, { headers: auth });
    const getBody = await get.text();
    const head = await env().fetch(`${env().base}/api/v1/users?limit=2`, { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(stableHeaders(head).filter(([name]) => name !== 'content-length')).toEqual(
      stableHeaders(get).filter(([name]) => name !== 'content-length'),
    );
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(getBody)));
    expect(head.headers.get('ratelimit-limit')).toBe(get.headers.get('ratelimit-limit'));
    expect(env().mock.journal().at(-1)).toMatchObject({ method: 'HEAD', status: 200, operationId: 'users.list' });

    const noKey = await env().fetch(`${env().base}/api/v1/users`, { method: 'HEAD' });
    expect(noKey.status).toBe(401);
    expect(await noKey.text()).toBe('');
    const missing = await env().fetch(`${env().base}/api/v1/nothing`, { method: 'HEAD', headers: auth });
    expect(missing.status).toBe(404);
  });

  it('answers HEAD on the control surface', async () => {
    const head = await env().fetch(`${env().base}/__mock/clock`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('answers HEAD on the journal stream at once: its headers, no body, no length of an endless stream', async () => {
    const head = await env().fetch(`${env().base}/__mock/journal/stream`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(head.headers.get('content-length')).toBeNull();
    expect(await head.text()).toBe('');
  });

  it('lists HEAD in Allow wherever GET is listed, and not elsewhere', async () => {
    const put = await call(env(), 'PUT', '/api/v1/contacts');
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
    const onDocument = await call(env(), 'DELETE', '/api/v1/openapi.json');
    expect(onDocument.headers.get('allow')).toBe('GET, HEAD');
    // click2dial has no GET: neither GET nor HEAD is allowed there.
    const dial = await env().fetch(`${env().base}/api/v1/click2dial`, { method: 'HEAD', headers: auth });
    expect(dial.status).toBe(405);
    expect(dial.headers.get('allow')).toBe('POST');
  });
});

describeTransports('cursors are bound to their tenant', (env) => {
  it("refuses another tenant's cursor for the same list and filters with INVALID_CURSOR", async () => {
    // The partner key reaches both demo tenants: only the tenant differs.
    const partner = { key: DEMO_KEYS.partner };
    const first = await call(env(), 'GET', '/api/v1/contacts?limit=1', partner);
    const cursor: string = first.json.meta.pagination.nextCursor;
    expect(typeof cursor).toBe('string');
    expect((await call(env(), 'GET', `/api/v1/contacts?limit=1&cursor=${cursor}`, partner)).status).toBe(200);
    const foreign = await call(env(), 'GET', `/api/v1/contacts?limit=1&cursor=${cursor}`, {
      ...partner,
      tenant: DEMO_TENANTS.live,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error.code).toBe('INVALID_CURSOR');
    expect(foreign.json.error.message).toMatch(/tenant/);
  });
});

describe('a client that goes away mid-request', () => {
  const opened: { mock: CommFlowMock; running?: RunningMockServer }[] = [];
  afterEach(async () => {
    for (const { mock, running } of opened.splice(0)) {
      await running?.close();
      await mock.close();
    }
  });

  it('over HTTP: a body cut off is journaled and logged as 499, never 500, and its idempotency key stays free', async () => {
    const mock = createMock('demo', { clock: { frozen: true, start: START } });
    const lines: { method: string; path: string; status: number }[] = [];
    let logged: () => void = () => undefined;
    const firstLine = new Promise<void>((resolve) => (logged = resolve));
    const running = await startMockServer({
      mock,
      log: (line) => {
        lines.push(line);
        logged();
      },
    });
    opened.push({ mock, running });

    const socket = connect(running.port, '127.0.0.1');
    await once(socket, 'connect');
    const head = [
      'POST /api/v1/contacts HTTP/1.1',
      'Host: 127.0.0.1',
      `X-API-Key: ${DEMO_KEYS.sandbox}`,
      `X-Tenant-Id: ${DEMO_TENANTS.sandbox}`,
      `X-User-Email: ${ANN}`,
      'Idempotency-Key: cut-off',
      'Content-Type: application/json',
      'Content-Length: 400',
      '',
      '',
    ].join('\r\n');
    const received = once(running.server, 'request');
    socket.write(`${head}{"firstName":"Ad`);
    // The server has the request and is reading its body when the client goes away.
    await received;
    socket.destroy();
    await firstLine;

    expect(lines).toEqual([expect.objectContaining({ method: 'POST', path: '/api/v1/contacts', status: 499 })]);
    expect(mock.journal()).toEqual([
      expect.objectContaining({ path: '/api/v1/contacts', status: 499, errorCode: null }),
    ]);

    // Nothing was created, and the key was not spent: the retry is the first request to count.
    const retried = await fetch(`${running.url}/api/v1/contacts`, {
      method: 'POST',
      headers: { ...auth, 'Idempotency-Key': 'cut-off', 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada' }),
    });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('in process: a refusal stays the refusal even when the client has already gone away (499 is only for a request never read)', async () => {
    const mock = createMock('demo', { clock: { frozen: true, start: START } });
    opened.push({ mock });
    const gone = new AbortController();
    gone.abort();
    const response = await mock.fetch('/api/v1/users', { signal: gone.signal });
    expect(response.status).toBe(401);
    expect(mock.journal().map((entry) => [entry.status, entry.errorCode])).toEqual([[401, 'UNAUTHENTICATED']]);
  });

  it('in process: a request body stream that breaks off is journaled as 499', async () => {
    const mock = createMock('demo', { clock: { frozen: true, start: START } });
    opened.push({ mock });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"firstName":'));
      },
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    const response = await mock.fetch('/api/v1/contacts', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(499);
    expect(mock.journal().at(-1)).toMatchObject({ method: 'POST', status: 499, errorCode: null });
    // Nothing was answered: no body, no replay, only the id the request was known by.
    const [entry] = mock.requests({ status: 499 });
    expect(entry).toMatchObject({ replayed: false, response: { body: undefined, bodySize: 0 } });
    expect(entry?.response.headers).toEqual({ 'x-request-id': entry?.requestId });
  });
});
