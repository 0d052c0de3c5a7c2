/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- control-surface bodies are JSON read as `any`. */
import { expect, expectTypeOf, it } from 'vitest';
import { createMock, type JournalEntry } from '../src/index.js';
import { ANN, call, control, DEMO_KEYS, DEMO_TENANTS, describeTransports, START } from './helpers/env.js';

/** The first SMS conversation of the sandbox tenant. */
async function firstConversation(env: Parameters<typeof call>[0]): Promise<string> {
  return (await call(env, 'GET', '/api/v1/sms/conversations')).json.data.conversations[0].id as string;
}

describeTransports('the journal keeps what was sent and answered', (env) => {
  it('an entry holds the request (headers, query, params, body) and the response (status, headers, body)', async () => {
    const conversationId = await firstConversation(env());
    const sent = await call(env(), 'POST', `/api/v1/sms/conversations/${conversationId}/messages`, {
      body: { body: 'Your table is ready' },
      headers: { 'Idempotency-Key': 'table-1', 'X-Request-Id': 'req-sms-1' },
    });
    expect(sent.status).toBe(200);
    const entry = env().mock.request('req-sms-1');
    expect(entry).toMatchObject({
      requestId: 'req-sms-1',
      at: START,
      method: 'POST',
      operationId: 'sms.send',
      tenantId: DEMO_TENANTS.sandbox,
      userEmail: ANN,
      keyHint: 'cf_…0000',
      status: 200,
      errorCode: null,
      replayed: false,
      request: {
        params: { id: conversationId },
        query: {},
        body: { body: 'Your table is ready' },
        bodyTruncated: false,
        headers: expect.objectContaining({ 'idempotency-key': 'table-1', 'x-api-key': '[redacted]' }),
      },
      response: {
        body: { success: true, data: { message: sent.json.data.message } },
        headers: expect.objectContaining({ 'x-request-id': 'req-sms-1' }),
        bodyTruncated: false,
      },
    });
    expect(entry?.userId).toEqual(expect.any(String));
    expect(entry?.userId).toBe(env().mock.scenario.tenants[0]?.users.find((user) => user.email === ANN)?.id);
    expect(entry?.durationMs).toBeGreaterThanOrEqual(0);

    // The same key again: a replay, journaled as one.
    await call(env(), 'POST', `/api/v1/sms/conversations/${conversationId}/messages`, {
      body: { body: 'Your table is ready' },
      headers: { 'Idempotency-Key': 'table-1', 'X-Request-Id': 'req-sms-2' },
    });
    expect(env().mock.request('req-sms-2')).toMatchObject({
      replayed: true,
      status: 200,
      response: {
        body: { data: { message: { id: sent.json.data.message.id } } },
        // The headers the replay was answered with: this request's id, marked as a replay.
        headers: expect.objectContaining({ 'x-request-id': 'req-sms-2', 'idempotent-replayed': 'true' }),
      },
    });
  });

  it('the query is decoded by the operation; an error has its code and error body', async () => {
    await call(env(), 'GET', '/api/v1/contacts?search=ann&limit=5', { headers: { 'X-Request-Id': 'req-q' } });
    expect(env().mock.request('req-q')?.request.query).toEqual({ search: 'ann', limit: 5 });
    await call(env(), 'GET', '/api/v1/contacts?limit=0', { headers: { 'X-Request-Id': 'req-bad' } });
    expect(env().mock.request('req-bad')).toMatchObject({
      status: 400,
      errorCode: 'VALIDATION_ERROR',
      // Refused: the query as it was sent.
      request: { query: { limit: '0' } },
      response: { body: { success: false, error: { code: 'VALIDATION_ERROR' } } },
    });
  });

  it('a HEAD is journaled without the body it did not send', async () => {
    await call(env(), 'HEAD', '/api/v1/users', { headers: { 'X-Request-Id': 'req-head' } });
    expect(env().mock.request('req-head')).toMatchObject({
      method: 'HEAD',
      status: 200,
      response: { body: undefined, bodySize: 0 },
    });
  });

  it('a body that is not JSON is kept as text', async () => {
    await call(env(), 'POST', '/api/v1/contacts', {
      rawBody: '{"firstName": ',
      headers: { 'content-type': 'application/json', 'X-Request-Id': 'req-broken' },
    });
    expect(env().mock.request('req-broken')).toMatchObject({
      errorCode: 'INVALID_JSON',
      request: { body: undefined, bodyText: '{"firstName": ', bodySize: 14, bodyTruncated: false },
    });
  });

  it('GET /__mock/journal filters by operationId, tenantId, status, errorCode and since, and pages', async () => {
    for (let i = 0; i < 5; i++) await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: `P${i}` } });
    await call(env(), 'GET', '/api/v1/users', { key: DEMO_KEYS.live, tenant: DEMO_TENANTS.live, user: null });
    await call(env(), 'GET', '/api/v1/users', { key: DEMO_KEYS.revoked });

    const created = await control(env(), 'GET', '/journal?operationId=contacts.create&limit=2');
    expect(created.json.data.entries.map((e: JournalEntry) => e.request.body)).toEqual([
      { firstName: 'P0' },
      { firstName: 'P1' },
    ]);
    expect(created.json.meta.pagination).toMatchObject({ limit: 2, hasMore: true });
    const names: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof control>> = await control(
        env(),
        'GET',
        `/journal?operationId=contacts.create&limit=2${cursor === null ? '' : `&cursor=${cursor}`}`,
      );
      names.push(
        ...page.json.data.entries.map((e: JournalEntry) => (e.request.body as { firstName: string }).firstName),
      );
      cursor = page.json.meta.pagination.nextCursor;
    } while (cursor !== null);
    expect(names).toEqual(['P0', 'P1', 'P2', 'P3', 'P4']);

    const live = await control(env(), 'GET', `/journal?tenantId=${DEMO_TENANTS.live}`);
    expect(live.json.data.entries.map((e: JournalEntry) => e.operationId)).toEqual(['users.list']);
    const refused = await control(env(), 'GET', '/journal?status=401&errorCode=UNAUTHENTICATED');
    expect(refused.json.data.entries).toHaveLength(1);
    expect((await control(env(), 'GET', '/journal?status=404')).json.data.entries).toEqual([]);
    expect((await control(env(), 'GET', '/journal?since=2030-01-01T00:00:00Z')).json.data.entries).toEqual([]);
    expect((await control(env(), 'GET', `/journal?since=${START}&limit=100`)).json.data.entries).toHaveLength(7);

    const bad = await control(env(), 'GET', '/journal?status=abc');
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0].path).toEqual(['query', 'status']);
    const wrongCursor = await control(
      env(),
      'GET',
      `/journal?operationId=users.list&cursor=${created.json.meta.pagination.nextCursor}`,
    );
    expect(wrongCursor.json.error.code).toBe('INVALID_CURSOR');
  });

  it('GET /__mock/journal/{requestId} returns one entry; an unknown id is a 404 in the envelope', async () => {
    await call(env(), 'GET', '/api/v1/users', { headers: { 'X-Request-Id': 'req-one' } });
    const one = await control(env(), 'GET', '/journal/req-one');
    expect(one.json.data.entry).toMatchObject({ requestId: 'req-one', operationId: 'users.list', status: 200 });
    expect(one.json.data.entry.response.body.data.users).toHaveLength(5);
    const missing = await control(env(), 'GET', '/journal/req-none');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });
});

it('bodies over journalBodyLimit are cut and marked; the journal keeps its cap', async () => {
  const mock = createMock('demo', { clock: { frozen: true, start: START }, journalBodyLimit: 100, journalLimit: 3 });
  const headers = {
    'X-API-Key': DEMO_KEYS.sandbox,
    'X-Tenant-Id': DEMO_TENANTS.sandbox,
    'X-User-Email': ANN,
    'content-type': 'application/json',
  };
  const notes = 'é'.repeat(150);
  const sent = JSON.stringify({ firstName: 'Long', notes });
  await mock.fetch('/api/v1/contacts', { method: 'POST', headers, body: sent });
  const [entry] = mock.requests({ operationId: 'contacts.create' });
  expect(entry?.request).toMatchObject({ body: undefined, bodyTruncated: true, bodySize: Buffer.byteLength(sent) });
  expect(Buffer.byteLength(entry?.request.bodyText ?? '')).toBeLessThanOrEqual(102);
  expect(entry?.request.bodyText?.startsWith('{"firstName":"Long","notes":"éé')).toBe(true);
  expect(entry?.response).toMatchObject({ body: undefined, bodyTruncated: true });
  for (let i = 0; i < 5; i++) await mock.fetch('/api/v1/users', { headers });
  expect(mock.journal()).toHaveLength(3);
  expect(() => createMock('demo', { journalBodyLimit: -1 })).toThrow(/journalBodyLimit/);
});

it('mock.requests() narrows entries by operation id, in types too', async () => {
  const mock = createMock('demo', { clock: { frozen: true, start: START } });
  const headers = {
    'X-API-Key': DEMO_KEYS.sandbox,
    'X-Tenant-Id': DEMO_TENANTS.sandbox,
    'X-User-Email': ANN,
    'content-type': 'application/json',
  };
  await mock.fetch('/api/v1/contacts', { method: 'POST', headers, body: JSON.stringify({ firstName: 'Ada' }) });
  await mock.fetch('/api/v1/contacts?search=ada', { headers });
  const created = mock.requests({ operationId: 'contacts.create' });
  expect(created.map((entry) => entry.request.body?.firstName)).toEqual(['Ada']);
  expectTypeOf(created[0]!.request.body).toEqualTypeOf<
    import('@commflow/contract').OperationBody<'contacts.create'> | undefined
  >();
  const listed = mock.requests({ operationId: 'contacts.list', status: 200 });
  expect(listed[0]?.request.query.search).toBe('ada');
  expectTypeOf(listed[0]!.request.query.limit).toEqualTypeOf<number | undefined>();
  for (const entry of mock.requests()) {
    if (entry.operationId === 'contacts.create') expectTypeOf(entry.request.body).not.toBeUnknown();
  }
  // A misspelling is refused at run time too, naming what was meant, not answered with [].
  expect(() =>
    // @ts-expect-error -- no such operation
    mock.requests({ operationId: 'contacts.explode' }),
  ).toThrow(/unknown operation id "contacts.explode"/);
  expect(mock.requests({ tenantId: DEMO_TENANTS.live })).toEqual([]);
});
