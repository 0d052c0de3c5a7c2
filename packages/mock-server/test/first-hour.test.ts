/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-return -- bodies are JSON read as `any`. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '../src/surfaces/adapters/node.js';
import { DEMO_KEYS, DEMO_TENANTS } from '../src/index.js';
import { SPAWN_TIMEOUT_MS, startCli } from './helpers/cli.js';
import { ANN, call, control, describeTransports } from './helpers/env.js';

const cliGuide = readFileSync(new URL('../../../docs/guides/cli.md', import.meta.url), 'utf8');
const documented = [...cliGuide.matchAll(/^### `([A-Z]+ \/__mock[^`]*)`/gm)].map((match) => match[1]);

describeTransports('what a newcomer meets', (env) => {
  it('GET /__mock is an index of every control route, the same as the CLI reference', async () => {
    const reply = await control(env(), 'GET', '');
    expect(reply.status).toBe(200);
    const routes = reply.json.data.routes.map((entry: { route: string }) => entry.route.replace(env().base, ''));
    expect(new Set(routes)).toEqual(new Set(['GET /__mock', ...documented]));
    expect(reply.json.data.reference).toContain('docs/guides/cli.md');
  });

  it('GET / tells a client that is not a browser where the API is', async () => {
    const response = await env().fetch(`${env().base}/`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, string>;
    expect(body.api).toContain('/api/v1/');
    expect(body.openapi).toBe(`${env().base}/api/v1/openapi.json`);
    expect(body.console).toContain('browser');
  });

  it('UNKNOWN_USER says which email it got', async () => {
    const reply = await call(env(), 'GET', '/api/v1/calendar', { user: 'Nobody@Acme.test' });
    expect(reply.status).toBe(403);
    expect(reply.json.error).toMatchObject({ code: 'UNKNOWN_USER' });
    expect(reply.json.error.message).toContain('"Nobody@Acme.test"');
  });

  it('a calendar time outside years 0000-9999 in UTC is a 400, and nothing is stored', async () => {
    const body = { title: 'Late', startTime: '9999-12-31T23:00:00-23:59', endTime: '9999-12-31T23:30:00-23:59' };
    const reply = await call(env(), 'POST', '/api/v1/calendar', { body });
    expect(reply.status).toBe(400);
    expect(reply.json.error.details.map((detail: { path: string[] }) => detail.path)).toEqual([
      ['body', 'startTime'],
      ['body', 'endTime'],
    ]);
    const early = await call(env(), 'POST', '/api/v1/calendar', {
      body: { title: 'Early', startTime: '0000-01-01T00:30:00+01:00', endTime: '0000-01-01T02:00:00Z' },
    });
    expect(early.status).toBe(400);
    const edge = await call(env(), 'POST', '/api/v1/calendar', {
      body: { title: 'Edge', startTime: '9999-12-31T22:00:00Z', endTime: '9999-12-31T23:59:59.999Z' },
    });
    expect(edge.status).toBe(201);
    const list = await call(env(), 'GET', '/api/v1/calendar?startDate=9999-12-31&endDate=9999-12-31T23:59:59Z');
    expect(list.json.data.events.map((event: { title: string }) => event.title)).toEqual(['Edge']);
  });

  it('GET /__mock/tenants offers the demo scenario\u2019s public keys while the demo runs, never another\u2019s', async () => {
    const tenants = async () => (await control(env(), 'GET', '/tenants')).json.data.tenants;
    const sandbox = (await tenants()).find((tenant: { id: string }) => tenant.id === DEMO_TENANTS.sandbox);
    expect(sandbox.demoKey).toBe(DEMO_KEYS.sandbox);
    const key = env()
      .mock.apiKeys()
      .find((view) => view.label === 'sandbox, all permissions');
    env().mock.revokeApiKey(key?.id ?? '');
    expect((await tenants()).find((tenant: { id: string }) => tenant.id === DEMO_TENANTS.sandbox).demoKey).toBeNull();
    env().mock.loadScenario({ tenants: [{ id: DEMO_TENANTS.sandbox, name: 'Own', mode: 'sandbox' }] });
    expect((await tenants()).every((tenant: { demoKey: string | null }) => tenant.demoKey === null)).toBe(true);
    env().mock.loadScenario('demo');
  });
});

describe('the standalone server', () => {
  it('accepts a bodiless DELETE without a JSON type, as curl sends it; a DELETE with a body stays JSON-only', async () => {
    const running = await startMockServer({ scenario: 'demo' });
    try {
      const subscribe = async () => {
        const response = await fetch(`${running.url}/__mock/webhooks`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tenantId: DEMO_TENANTS.sandbox, url: 'http://127.0.0.1:9/hooks', events: ['*'] }),
        });
        return ((await response.json()) as { data: { id: string } }).data.id;
      };
      const id = await subscribe();
      const bare = await fetch(`${running.url}/__mock/webhooks/${id}`, { method: 'DELETE' });
      expect(bare.status).toBe(200);
      const other = await subscribe();
      const withBody = await fetch(`${running.url}/__mock/webhooks/${other}`, {
        method: 'DELETE',
        headers: { 'content-type': 'text/plain' },
        body: 'please',
      });
      expect(withBody.status).toBe(415);
      const post = await fetch(`${running.url}/__mock/reset`, { method: 'POST' });
      expect(post.status).toBe(415);
    } finally {
      await running.close();
    }
  });

  it(
    'prints one ready-to-paste curl with the demo key, and it works',
    async () => {
      const cli = startCli(['--port', '0']);
      try {
        const url = await cli.firstLine;
        const line = await cli.waitForLine((text) => text.startsWith('# try: curl'));
        expect(line).toContain(`${url}/api/v1/users`);
        expect(line).toContain(DEMO_KEYS.sandbox);
        const response = await fetch(`${url}/api/v1/users`, {
          headers: { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox, 'X-User-Email': ANN },
        });
        expect(response.status).toBe(200);
      } finally {
        cli.child.kill('SIGTERM');
      }
    },
    SPAWN_TIMEOUT_MS,
  );
});
