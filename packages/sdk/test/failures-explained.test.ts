import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { APIConnectionError, CommFlow, UnexpectedResponseError, ValidationError, type Fetch } from '../src/index.js';
import { DEMO_KEYS, DEMO_TENANTS, rejectionOf, setup } from './helpers.js';

/** A port on 127.0.0.1 that nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a connection error names the system code and the host', () => {
  it('ECONNREFUSED from a real refused connection', async () => {
    const port = await closedPort();
    const client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: `http://127.0.0.1:${String(port)}`,
      maxRetries: 0,
      logLevel: 'off',
    });
    const error = await rejectionOf(client.users.list());
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect((error as Error).message).toContain(`127.0.0.1:${String(port)}`);
  });

  it('ENOTFOUND, as undici reports it (the code a level down)', async () => {
    const fetch: Fetch = () =>
      Promise.reject(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('getaddrinfo ENOTFOUND api.commflow.invalid'), { code: 'ENOTFOUND' }),
        }),
      );
    const client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: 'https://api.commflow.invalid',
      fetch,
      maxRetries: 0,
    });
    const error = await rejectionOf(client.users.list());
    expect((error as Error).message).toBe('Connection error: ENOTFOUND (fetch failed) reaching api.commflow.invalid.');
  });
});

describe('a success without its documented key', () => {
  it('raises UnexpectedResponseError naming the operation and the key, instead of an empty page', async () => {
    const fetch: Fetch = () =>
      Promise.resolve(
        new Response(JSON.stringify({ success: true, data: { items: [] }, meta: {} }), {
          headers: { 'content-type': 'application/json', 'x-request-id': 'req-1' },
        }),
      );
    const { client } = setup({ fetch });
    const error = await rejectionOf(client.contacts.list());
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({ operation: 'contacts.list', paths: ['data.contacts'], requestId: 'req-1' });
    expect((error as Error).message).toMatch(/^contacts\.list: the response has no data\.contacts/);
  });
});

describe('headers the SDK owns, set on a call', () => {
  it('are refused, naming the option to use; nothing is sent', async () => {
    const { client, sent } = setup();
    for (const [name, option] of [
      ['Authorization', 'apiKey'],
      ['X-API-Key', 'apiKey'],
      ['X-Tenant-Id', 'tenantId'],
      ['x-user-email', 'userEmail'],
      ['Idempotency-Key', 'idempotencyKey'],
    ] as const) {
      const error = await rejectionOf(client.users.list({}, { headers: { [name]: 'x' } }));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues).toEqual([
        { path: ['options', 'headers', name], message: expect.stringContaining(`use the`) as unknown },
      ]);
      expect((error as Error).message).toContain(option);
    }
    expect(sent).toHaveLength(0);
  });
});
