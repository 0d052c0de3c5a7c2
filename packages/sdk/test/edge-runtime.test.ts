import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EdgeVM } from '@edge-runtime/vm';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The built package (dist/), bundled with its dependencies into one script and run in the
// edge-runtime sandbox: Web APIs only, no `process`, no `require`, no `node:` modules.
const root = resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'commflow-sdk-edge-'));
let edge: EdgeVM;

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/index.js')) || !existsSync(join(root, '../contract/dist/index.js'))) {
    const tsup = resolve(root, '../../node_modules/.bin/tsup');
    execFileSync(tsup, [], { cwd: join(root, '../contract'), stdio: 'ignore' });
    execFileSync(tsup, [], { cwd: root, stdio: 'ignore' });
  }
  for (const name of ['index', 'webhooks']) {
    await build({
      config: false,
      entry: { [name]: join(root, `dist/${name}.js`) },
      format: ['iife'],
      globalName: name === 'index' ? 'CommFlowSDK' : 'CommFlowWebhooks',
      platform: 'browser',
      noExternal: [/.*/],
      outDir,
      silent: true,
      dts: false,
      sourcemap: false,
    });
  }
  edge = new EdgeVM();
  edge.evaluate(readFileSync(join(outDir, 'index.global.js'), 'utf8'));
  edge.evaluate(readFileSync(join(outDir, 'webhooks.global.js'), 'utf8'));
}, 180_000); // may build two packages with their type declarations first: slow on a loaded machine

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

describe('the built bundle under @edge-runtime/vm', () => {
  it('has no node: imports and no process in the sandbox', () => {
    for (const file of ['dist/index.js', 'dist/webhooks.js']) {
      expect(readFileSync(join(root, file), 'utf8')).not.toMatch(/from ["']node:/);
    }
    expect(edge.evaluate('typeof process')).toBe('undefined');
    expect(edge.evaluate('typeof require')).toBe('undefined');
  });

  it('makes calls, retries and validates with Web APIs only', async () => {
    const result = await edge.evaluate<Promise<Record<string, unknown>>>(`(async () => {
      const { CommFlow, ValidationError, InternalServerError } = CommFlowSDK;
      const seen = [];
      let failures = 1;
      const fetch = async (request) => {
        seen.push({ url: request.url, auth: request.headers.get('authorization'), key: request.headers.get('idempotency-key') });
        if (failures-- > 0) return new Response('busy', { status: 503, headers: { 'Retry-After': '0' } });
        const body = await request.json();
        return Response.json(
          { success: true, data: { contact: { id: crypto.randomUUID(), ...body } }, meta: { requestId: 'r1', timestamp: new Date().toISOString() } },
          { status: 201, headers: { 'X-Request-Id': 'r1', 'RateLimit-Limit': '600', 'RateLimit-Remaining': '599', 'RateLimit-Reset': '60' } },
        );
      };
      const client = new CommFlow({
        apiKey: 'cf_edge_000000000000000000000000',
        tenantId: '11111111-1111-4111-8111-111111111111',
        baseUrl: 'https://api.commflow.test',
        userEmail: 'ann@example.com',
        fetch,
      });
      const { data, requestId, rateLimit } = await client.contacts.create({ firstName: 'Edge' }).withResponse();
      const invalid = await client.contacts.create({ firstName: '' }).catch((e) => e);
      return {
        firstName: data.firstName,
        requestId,
        rateLimit,
        attempts: seen.length,
        sameKey: seen[0].key === seen[1].key && seen[0].key.length === 36,
        auth: seen[0].auth,
        url: seen[0].url,
        invalid: invalid instanceof ValidationError ? invalid.field : String(invalid),
        errorClass: typeof InternalServerError,
        text: String(client),
      };
    })()`);
    expect(result).toEqual({
      firstName: 'Edge',
      requestId: 'r1',
      rateLimit: { limit: 600, remaining: 599, resetSeconds: 60 },
      attempts: 2,
      sameKey: true,
      auth: 'Bearer cf_edge_000000000000000000000000',
      url: 'https://api.commflow.test/api/v1/contacts',
      invalid: 'body.firstName',
      errorClass: 'function',
      text: 'CommFlow { baseUrl: https://api.commflow.test, tenantId: 11111111-1111-4111-8111-111111111111, userEmail: ann@example.com }',
    });
  });

  it('signs and verifies webhooks with the webhooks entry', async () => {
    const result = await edge.evaluate<Promise<unknown>>(`(async () => {
      const { signWebhook, verifyWebhook, WebhookVerificationError } = CommFlowWebhooks;
      const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
      const payload = JSON.stringify({ id: 'e1', type: 'sms.received', timestamp: '2026-11-21T22:38:59.000Z', tenantId: 't1', data: { conversationId: 'c1', message: {} } });
      const headers = await signWebhook({ payload, secret });
      const event = await verifyWebhook({ payload, headers: new Headers(headers), secret });
      const bad = await verifyWebhook({ payload: payload + ' ', headers, secret }).catch((e) => e instanceof WebhookVerificationError && e.reason);
      return { type: event.type, id: headers['webhook-id'], bad };
    })()`);
    expect(result).toEqual({ type: 'sms.received', id: 'e1', bad: 'invalid_signature' });
  });
});
