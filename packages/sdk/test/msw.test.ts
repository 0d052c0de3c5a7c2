import { createMock, DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';
import { mockHandler } from '@commflow/mock-server/msw';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CommFlow, InternalServerError, NotFoundError } from '../src/index.js';
import { ANN } from './helpers.js';

// The same mock, reached through the global fetch intercepted by msw: the path an app's own
// tests take when they cannot pass a fetch to the client.
const BASE = 'https://api.commflow.test';
const mock = createMock('demo');
const server = setupServer(mockHandler(mock, { baseUrl: BASE }));
const client = new CommFlow({
  apiKey: DEMO_KEYS.sandbox,
  tenantId: DEMO_TENANTS.sandbox,
  baseUrl: BASE,
  maxRetries: 0,
});

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' });
});
afterEach(() => {
  server.resetHandlers();
  mock.reset();
});
afterAll(() => {
  server.close();
});

describe('through msw', () => {
  it('creates and lists with the global fetch', async () => {
    const created = await client.withUser(ANN).contacts.create({ firstName: 'Msw' }).withResponse();
    expect(created.response.status).toBe(201);
    expect(created.requestId).toMatch(/\S/);
    expect(created.rateLimit.limit).toBe(600);
    const [newest] = (await client.contacts.list({ limit: 1 })).items;
    expect(newest).toEqual(created.data);
  });

  it('maps catalogue errors', async () => {
    const error = await client.ai.agents.get('99999999-9999-4999-8999-999999999999').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('lets a test override one route with server.use', async () => {
    server.use(http.get(`${BASE}/api/v1/presence`, () => HttpResponse.text('maintenance', { status: 503 })));
    const error = await client.presence.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 503, code: null });
  });
});
