import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockHandler, setupMockServer } from '../src/surfaces/adapters/msw.js';
import { createMock, DEMO_KEYS, DEMO_TENANTS } from '../src/index.js';
import { SPAWN_TIMEOUT_MS, startCli } from './helpers/cli.js';

const headers = {
  'X-API-Key': DEMO_KEYS.sandbox,
  'X-Tenant-Id': DEMO_TENANTS.sandbox,
  'X-User-Email': 'ann.lee@acme.test',
};

describe('msw adapter', () => {
  const env = setupMockServer({ baseUrl: 'https://api.commflow.test' });
  const other = createMock('demo');
  beforeAll(() => {
    env.listen();
    env.server.use(mockHandler(other, { baseUrl: 'https://other.commflow.test/' }));
  });
  afterEach(() => {
    env.reset();
    env.server.use(mockHandler(other, { baseUrl: 'https://other.commflow.test/' }));
  });
  afterAll(() => {
    env.close();
  });

  it('answers through one catch-all handler with the same core', async () => {
    expect(env.server.listHandlers().length).toBe(2);
    const created = await fetch('https://api.commflow.test/api/v1/contacts', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Via msw' }),
    });
    expect(created.status).toBe(201);
    expect(env.mock.events({ type: 'contact.changed' })).toHaveLength(1);
    const wrong = await fetch('https://api.commflow.test/api/v1/contacts', { method: 'DELETE', headers });
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  it('keeps mocks on different base URLs isolated', async () => {
    await fetch('https://other.commflow.test/api/v1/contacts', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"firstName":"Other"}',
    });
    expect(other.events()).toHaveLength(1);
    expect(env.mock.events()).toHaveLength(0);
  });

  it('per-test overrides stay inside server.boundary', async () => {
    const scoped = env.server.boundary(async () => {
      env.server.use(http.get('https://api.commflow.test/api/v1/users', () => HttpResponse.json({ overridden: true })));
      return (await fetch('https://api.commflow.test/api/v1/users', { headers })).json() as Promise<unknown>;
    });
    expect(await scoped()).toEqual({ overridden: true });
    const real = (await (await fetch('https://api.commflow.test/api/v1/users', { headers })).json()) as {
      success: boolean;
    };
    expect(real.success).toBe(true);
  });

  it('reset() drops the mock state between tests', () => {
    expect(env.mock.events()).toHaveLength(0);
  });
});

describe('many independent mocks per process', () => {
  it('are cheap and isolated', async () => {
    const mocks = Array.from({ length: 50 }, () => createMock('demo'));
    await Promise.all(
      mocks.map((mock, i) =>
        mock.fetch('/api/v1/contacts', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ firstName: `M${i}` }),
        }),
      ),
    );
    for (const [i, mock] of mocks.entries()) {
      const events = mock.events();
      expect(events).toHaveLength(1);
      expect(JSON.stringify(events[0])).toContain(`M${i}`);
    }
  });

  it('mock.fetch accepts a Request, a URL and a relative path', async () => {
    const mock = createMock();
    expect((await mock.fetch(new Request('http://x/api/v1/users', { headers }))).status).toBe(200);
    expect((await mock.fetch(new URL('http://x/api/v1/users'), { headers })).status).toBe(200);
    expect((await mock.fetch('/api/v1/users', { headers })).status).toBe(200);
  });
});

describe('standalone CLI', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('prints the base URL first, the keys, a log line per request, serves openapi.json, exits cleanly on SIGTERM', async () => {
    const cli = startCli(['--port', '0']);
    const url = await cli.firstLine;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const doc = await fetch(`${url}/api/v1/openapi.json`);
    expect(doc.status).toBe(200);
    const users = await fetch(`${url}/api/v1/users`, { headers });
    expect(users.status).toBe(200);
    expect((await fetch(`${url}/__mock/clock`)).status).toBe(200);
    expect(await cli.waitForLine((line) => line.startsWith('GET /api/v1/users 200'))).toMatch(/ms$/);
    expect(cli.output.some((line) => line.includes(DEMO_KEYS.sandbox))).toBe(true);
    expect(cli.output).toContain(`# console: ${url}/  (open it in a browser)`);
    expect(cli.output.some((line) => line.startsWith('GET /api/v1/users 200'))).toBe(true);
    cli.child.kill('SIGTERM');
    const [code] = (await once(cli.child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('--no-control removes /__mock; SIGINT exits cleanly', async () => {
    const cli = startCli(['--port', '0', '--no-control']);
    const url = await cli.firstLine;
    expect((await fetch(`${url}/__mock/clock`, { headers })).status).toBe(404);
    cli.child.kill('SIGINT');
    const [code] = (await once(cli.child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  it('--help prints usage; a bad scenario file names the bad path and exits 2', async () => {
    const help = startCli(['--help']);
    expect(await help.firstLine).toContain('commflow-mock');
    await once(help.child, 'exit');
    const dir = mkdtempSync(join(tmpdir(), 'commflow-mock-'));
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        tenants: [
          {
            id: DEMO_TENANTS.sandbox,
            name: 'x',
            mode: 'sandbox',
            users: [{ email: 'nope', firstName: 'A', lastName: 'B' }],
          },
        ],
      }),
    );
    const bad = startCli(['--scenario', file]);
    const [code] = (await once(bad.child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(bad.stderr()).toContain('tenants[0].users[0].email');
  });
});
