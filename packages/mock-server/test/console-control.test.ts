/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are JSON read as `any`. */
/**
 * The console's control routes and the safety rules in front of the console and `/__mock`,
 * all over real HTTP on 127.0.0.1.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../src/surfaces/adapters/node.js';
import { consoleBanner } from '../src/surfaces/console/banner.js';
import { hostnameOf, isLoopback } from '../src/surfaces/control/gate.js';
import { createMock, DEMO_KEYS, DEMO_TENANTS } from '../src/index.js';

const apiHeaders = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox };
const json = { 'content-type': 'application/json' };

/** A raw HTTP exchange, so that `Host` and every other header are sent exactly as given. */
function raw(
  base: string,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    chunked?: boolean;
  },
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) {
      if (options.chunked === true) {
        // No Content-Length: the server only learns the size by reading.
        const bytes = Buffer.from(options.body);
        for (let offset = 0; offset < bytes.length; offset += 256 * 1024)
          req.write(bytes.subarray(offset, offset + 256 * 1024));
      } else req.write(options.body);
    }
    req.end();
  });
}

const codeOf = (body: string): unknown => (JSON.parse(body) as { error?: { code?: string } }).error?.code;

async function control(base: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}/__mock${path}`, {
    method,
    headers: method === 'GET' ? {} : json,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: await response.json() };
}

describe('console control routes over HTTP', () => {
  let running: RunningMockServer;
  beforeAll(async () => {
    running = await startMockServer({ scenario: 'demo' });
  });
  afterAll(() => running.close());

  it('lists keys by hint and id without any secret, and revokes one so the API refuses it', async () => {
    const listed = await control(running.url, 'GET', '/api-keys');
    expect(listed.status).toBe(200);
    const text = JSON.stringify(listed.json);
    for (const secret of Object.values(DEMO_KEYS)) expect(text).not.toContain(secret);
    expect(listed.json.data.apiKeys.map((key: { hint: string }) => key.hint)).toContain('cf_…0000');

    const created = await control(running.url, 'POST', '/api-keys', { tenantIds: [DEMO_TENANTS.sandbox] });
    const { key, hint } = created.json.data.apiKey;
    const use = () => fetch(`${running.url}/api/v1/users`, { headers: { ...apiHeaders, 'X-API-Key': key } });
    expect((await use()).status).toBe(200);
    const mine = (await control(running.url, 'GET', '/api-keys')).json.data.apiKeys.find(
      (entry: { hint: string; revoked: boolean }) => entry.hint === hint && !entry.revoked,
    );
    expect(JSON.stringify(mine)).not.toContain(key);
    const revoked = await control(running.url, 'POST', `/api-keys/${mine.id}/revoke`);
    expect(revoked.json.data.apiKey).toMatchObject({ hint, revoked: true });
    expect((await use()).status).toBe(401);
    expect((await control(running.url, 'POST', '/api-keys/0000000000000000/revoke')).status).toBe(404);
  });

  it('lists tenants with mode, modules and users, and the catalogue of names the forms offer', async () => {
    const tenants = (await control(running.url, 'GET', '/tenants')).json.data.tenants;
    const acme = tenants.find((tenant: { id: string }) => tenant.id === DEMO_TENANTS.sandbox);
    expect(acme).toMatchObject({ mode: 'sandbox' });
    expect(acme.modules.length).toBeGreaterThan(0);
    expect(acme.users.map((user: { email: string }) => user.email)).toContain('ann.lee@acme.test');
    const catalogue = (await control(running.url, 'GET', '/catalogue')).json.data;
    expect(catalogue.eventTypes).toContain('sms.sent');
    expect(catalogue.callActions).toContain('hangup');
    expect(catalogue.permissions.length).toBeGreaterThan(0);
  });

  it('exports the current world as a scenario that loads back to the same state', async () => {
    const contact = await fetch(`${running.url}/api/v1/contacts`, {
      method: 'POST',
      headers: { ...apiHeaders, ...json, 'X-User-Email': 'ann.lee@acme.test' },
      body: JSON.stringify({ firstName: 'Exported', lastName: 'Person' }),
    });
    expect(contact.status).toBe(201);
    const subscription = await control(running.url, 'POST', '/webhooks', {
      tenantId: DEMO_TENANTS.sandbox,
      url: 'http://127.0.0.1:9/hooks',
      events: ['sms.sent'],
    });
    const exported = (await control(running.url, 'GET', '/export')).json.data.scenario;
    expect(JSON.stringify(exported)).toContain(subscription.json.data.secret);

    expect((await control(running.url, 'PUT', '/scenario', exported)).status).toBe(200);
    const found = await fetch(`${running.url}/api/v1/contacts?search=exported`, { headers: apiHeaders });
    expect((await found.json()).data.contacts).toHaveLength(1);
    const webhooks = (await control(running.url, 'GET', '/webhooks')).json.data.webhooks;
    expect(webhooks.map((webhook: { id: string }) => webhook.id)).toContain(subscription.json.data.id);
    await control(running.url, 'PUT', '/scenario', 'demo');
  });

  it('exports calendar events, presence and SMS conversations opened at run time', async () => {
    const mock = createMock('demo', { clock: { frozen: true, start: Date.parse('2026-11-23T09:00:00.000Z') } });
    const ann = { ...apiHeaders, ...json, 'X-User-Email': 'ann.lee@acme.test' };
    const created = await mock.fetch('/api/v1/calendar', {
      method: 'POST',
      headers: ann,
      body: JSON.stringify({
        title: 'Exported review',
        startTime: '2026-12-01T10:00:00Z',
        endTime: '2026-12-01T11:00:00Z',
      }),
    });
    expect(created.status).toBe(201);
    const presence = await mock.fetch('/api/v1/presence', {
      method: 'PUT',
      headers: ann,
      body: JSON.stringify({ status: 'dnd', message: 'In the exported world' }),
    });
    expect(presence.status).toBe(200);
    mock.receiveSms({ tenantId: DEMO_TENANTS.sandbox, to: '+14155550100', from: '+14155550177', body: 'New peer' });

    const copy = createMock(mock.exportScenario(), {
      clock: { frozen: true, start: Date.parse('2026-11-23T09:00:00.000Z') },
    });
    const list = async (path: string) =>
      (await (await copy.fetch(path, { headers: ann })).json()) as { data: Record<string, unknown[]> };
    const events = (await list('/api/v1/calendar')).data.events as { title: string; startTime: string }[];
    expect(events).toContainEqual(
      expect.objectContaining({ title: 'Exported review', startTime: '2026-12-01T10:00:00.000Z' }),
    );
    const everyone = (await list('/api/v1/presence')).data.presence as {
      email: string;
      status: string;
      message: string;
    }[];
    expect(everyone.find((entry) => entry.email === 'ann.lee@acme.test')).toMatchObject({
      status: 'dnd',
      message: 'In the exported world',
    });
    const conversations = (await list('/api/v1/sms/conversations?search=4155550177')).data.conversations;
    expect(conversations).toHaveLength(1);
  });

  it('streams the journal as server-sent events: what is kept, then each request as it arrives', async () => {
    const abort = new AbortController();
    const stream = await fetch(`${running.url}/__mock/journal/stream`, { signal: abort.signal });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const marker = `/api/v1/contacts?search=stream-${Date.now()}`;
    await fetch(`${running.url}${marker}`, { headers: apiHeaders });
    let seen = '';
    // Bounded by count: the entry arrives within a few chunks.
    for (let i = 0; i < 100 && !seen.includes('stream-'); i++) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += value;
    }
    abort.abort();
    const entry = seen
      .split('\n\n')
      .filter((block) => block.startsWith('data: '))
      .map((block) => JSON.parse(block.slice('data: '.length)) as { path: string; query: string; status: number })
      .find((candidate) => `${candidate.path}${candidate.query}` === marker);
    expect(entry?.status).toBe(200);
  });

  it('shows the request of a delivery: the exact payload and the signed headers', async () => {
    const received: string[] = [];
    const receiver = (await import('node:http')).createServer((req, res) => {
      req.on('data', (chunk: Buffer) => received.push(chunk.toString()));
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as { port: number }).port;
    await control(running.url, 'POST', '/webhooks', {
      tenantId: DEMO_TENANTS.sandbox,
      url: `http://127.0.0.1:${port}/hooks`,
      events: ['sms.received'],
    });
    await control(running.url, 'POST', '/sms/inbound', {
      tenantId: DEMO_TENANTS.sandbox,
      to: '+14155550100',
      from: '+14155550177',
      body: 'hi',
    });
    const [delivery] = (await control(running.url, 'GET', '/deliveries?wait=true')).json.data.deliveries;
    const shown = (await control(running.url, 'GET', `/deliveries/${delivery.id}/request`)).json.data.request;
    expect(shown.headers['webhook-id']).toBe(delivery.eventId);
    expect(shown.headers['webhook-signature']).toMatch(/^v1,/);
    expect(shown.body).toBe(received.join(''));
    await new Promise((resolve) => receiver.close(resolve));
    await control(running.url, 'POST', '/reset');
  });
});

describe('safety of the console and /__mock on a loopback server', () => {
  let running: RunningMockServer;
  beforeAll(async () => {
    running = await startMockServer({ scenario: 'demo', allowedHosts: ['mock.test'] });
  });
  afterAll(() => running.close());

  it('serves the console page to a browser at /, and a signpost to the API to anyone else', async () => {
    const page = await raw(running.url, { path: '/', headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('/__mock/console/app.js');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const api = await raw(running.url, { path: '/' });
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body)).toMatchObject({ api: expect.stringContaining('/api/v1/') });
  });

  it('serves the same page at /__mock/console, with or without its slash, and its files under it', async () => {
    const home = await raw(running.url, { path: '/', headers: { accept: 'text/html' } });
    for (const path of ['/__mock/console', '/__mock/console/', '/__mock/console/index.html']) {
      const page = await raw(running.url, { path });
      expect({ path, status: page.status, type: page.headers['content-type'] }).toEqual({
        path,
        status: 200,
        type: 'text/html; charset=utf-8',
      });
      expect(page.body).toBe(home.body);
    }
    const script = await raw(running.url, { path: '/__mock/console/app.js' });
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect((await raw(running.url, { path: '/__mock/console/nothing.js' })).status).toBe(404);
  });

  it('accepts loopback and named hosts only (DNS rebinding); API routes are unaffected', async () => {
    const port = new URL(running.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `mock.test:${port}`]) {
      expect((await raw(running.url, { path: '/__mock/clock', headers: { host } })).status).toBe(200);
    }
    for (const path of ['/__mock/clock', '/__mock/journal']) {
      const refused = await raw(running.url, { path, headers: { host: `evil.example:${port}` } });
      expect(refused.status).toBe(403);
      expect(codeOf(refused.body)).toBe('HOST_NOT_ALLOWED');
    }
    const page = await raw(running.url, { path: '/', headers: { host: 'evil.example', accept: 'text/html' } });
    expect(page.status).toBe(403);
    const api = await raw(running.url, { path: '/api/v1/users', headers: { host: 'evil.example', ...apiHeaders } });
    expect(api.status).toBe(200);
  });

  it('refuses state-changing control requests that are not application/json (cross-site forms)', async () => {
    for (const headers of [
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      {},
    ]) {
      const refused = await raw(running.url, { method: 'POST', path: '/__mock/reset', headers, body: '{}' });
      expect(refused.status).toBe(415);
      expect(codeOf(refused.body)).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const accepted = await raw(running.url, { method: 'POST', path: '/__mock/reset', headers: json });
    expect(accepted.status).toBe(200);
  });

  it('refuses cross-origin requests by Origin or Sec-Fetch-Site, reads included', async () => {
    const host = new URL(running.url).host;
    const cases: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of cases) {
      for (const method of ['GET', 'POST']) {
        const refused = await raw(running.url, {
          method,
          path: method === 'GET' ? '/__mock/journal' : '/__mock/reset',
          headers: { ...json, ...headers },
        });
        expect(refused.status).toBe(403);
        expect(codeOf(refused.body)).toBe('CROSS_ORIGIN_REFUSED');
      }
    }
    const same = await raw(running.url, {
      method: 'POST',
      path: '/__mock/reset',
      headers: { ...json, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
    });
    expect(same.status).toBe(200);
    // The API itself keeps answering browsers of any origin as before.
    const api = await raw(running.url, {
      path: '/api/v1/users',
      headers: { ...apiHeaders, origin: 'http://evil.example' },
    });
    expect(api.status).toBe(200);
  });

  it('limits control bodies like API bodies: 413 past 1 MiB, declared or streamed', async () => {
    const big = Buffer.alloc(1024 * 1024 + 1, 0x20);
    const declared = await raw(running.url, { method: 'PUT', path: '/__mock/scenario', headers: json, body: big });
    expect(declared.status).toBe(413);
    expect(codeOf(declared.body)).toBe('PAYLOAD_TOO_LARGE');
    const streamed = await raw(running.url, {
      method: 'PUT',
      path: '/__mock/scenario',
      headers: { ...json, 'transfer-encoding': 'chunked' },
      body: big,
      chunked: true,
    });
    expect(streamed.status).toBe(413);
  });
});

describe('a control token', () => {
  let running: RunningMockServer;
  const token = 'test-control-token-0123456789';
  beforeAll(async () => {
    running = await startMockServer({ scenario: 'demo', controlToken: token });
  });
  afterAll(() => running.close());

  it('is required on /__mock; the console page and its files need none', async () => {
    expect(running.consoleUrl).toBe(`${running.url}/#token=${token}`);
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${token}`]) {
      const refused = await raw(running.url, {
        path: '/__mock/clock',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(refused.status).toBe(401);
      expect(codeOf(refused.body)).toBe('CONTROL_TOKEN_REQUIRED');
    }
    const ok = await raw(running.url, { path: '/__mock/clock', headers: { authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    expect((await raw(running.url, { path: '/', headers: { accept: 'text/html' } })).status).toBe(200);
    expect((await raw(running.url, { path: '/__mock/console/app.js' })).status).toBe(200);
    expect((await raw(running.url, { path: '/api/v1/users', headers: apiHeaders })).status).toBe(200);
  });
});

describe('exposure rules', () => {
  it('tells loopback hosts from others', () => {
    for (const host of ['localhost', 'app.localhost', '127.0.0.1', '127.8.9.10', '::1'])
      expect(isLoopback(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.2', 'example.com', 'localhost.example.com']) {
      expect(isLoopback(host)).toBe(false);
    }
    expect(hostnameOf('[::1]:4010')).toBe('::1');
    expect(hostnameOf('LocalHost:4010')).toBe('localhost');
    expect(hostnameOf('::1')).toBe('::1');
  });

  it('the banner warns when the mock is exposed and prints the token', () => {
    const banner = consoleBanner({ consoleUrl: 'http://0.0.0.0:4010/#token=abc', controlToken: 'abc', exposed: true });
    expect(banner).toContain('# console: http://0.0.0.0:4010/#token=abc');
    expect(banner).toContain('# control token: abc');
    expect(banner).toContain('WARNING');
    expect(
      consoleBanner({ consoleUrl: 'http://127.0.0.1:4010/', controlToken: undefined, exposed: false }),
    ).not.toContain('WARNING');
  });

  it('a server without the control surface serves neither the console nor /__mock', async () => {
    const running = await startMockServer({ scenario: 'demo', control: false });
    try {
      const page = await raw(running.url, { path: '/', headers: { accept: 'text/html' } });
      expect(page.body).not.toContain('/__mock/console/app.js');
      const signpost = JSON.parse(page.body) as Record<string, string>;
      expect(signpost.api).toContain('/api/v1/');
      expect(signpost).not.toHaveProperty('console');
      const controlRoute = await raw(running.url, { path: '/__mock/clock', headers: apiHeaders });
      expect(controlRoute.status).toBe(404);
    } finally {
      await running.close();
    }
  });
});
