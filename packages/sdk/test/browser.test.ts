/**
 * The SDK in a real browser, bundled for it twice: from its source, and from the build bundlers get
 * (the `browser` export condition, `dist/browser/`, one graph with no dynamic import). Each runs in
 * headless Chromium against the mock server. The page is served from the same origin as the API (a small node:http
 * server answering the page, the bundle, and everything else through the mock's fetch), so the
 * check exercises the SDK's fetch, Web Crypto and AbortSignal use, not CORS.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMock, DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';
import { launchChromium } from '../../../scripts/launch-chromium.mjs';

/** What the page reports back. */
interface PageReport {
  firstPageSize: number;
  iterated: number;
  created: { firstName: string; id: string };
  errorName: string;
  errorCode: string | null;
  verifiedType: string;
  clientVerifiedType: string;
  forgedReason: string;
  invalid: string;
  userAgentHasChrome: boolean;
}

const PAGE_SCRIPT = `
window.addEventListener('error', (event) => { window.failure = String(event.message); });
window.addEventListener('unhandledrejection', (event) => { window.failure = String(event.reason?.stack ?? event.reason); });
import { CommFlow, NotFoundError, ValidationError } from '@commflow/sdk';
import { signWebhook, verifyWebhook, WebhookVerificationError } from '@commflow/sdk/webhooks';

const client = new CommFlow({ apiKey: ${JSON.stringify(DEMO_KEYS.sandbox)}, tenantId: ${JSON.stringify(DEMO_TENANTS.sandbox)}, baseUrl: location.origin });
const ann = client.withUser('ann.lee@acme.test');
const first = await client.contacts.list({ limit: 2 });
let iterated = 0;
for await (const _ of client.contacts.list({ limit: 3 })) iterated++;
const created = await ann.contacts.create({ firstName: 'Browser', phoneMobile: '+14155550142' });
let errorName = '', errorCode = null;
try { await client.ai.agents.get('3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e31'); } catch (err) { errorName = err instanceof NotFoundError ? 'NotFoundError' : String(err); errorCode = err.code; }
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const payload = JSON.stringify({ id: crypto.randomUUID(), type: 'contact.changed', timestamp: new Date().toISOString(), tenantId: ${JSON.stringify(DEMO_TENANTS.sandbox)}, data: { change: 'created', contact: created } });
const headers = await signWebhook({ payload, secret });
const verified = await verifyWebhook({ payload, headers, secret });
const clientVerified = await client.webhooks.verify({ payload, headers, secret });
let invalid = '';
try { await ann.contacts.create({ firstName: 'Ann', phoneMobile: '555' }); } catch (err) { invalid = err instanceof ValidationError ? err.message : String(err); }
let forgedReason = '';
try { await verifyWebhook({ payload: payload + ' ', headers, secret }); } catch (err) { forgedReason = err instanceof WebhookVerificationError ? err.reason : String(err); }
window.report = { firstPageSize: first.items.length, iterated, created: { firstName: created.firstName, id: created.id }, errorName, errorCode, verifiedType: verified.type, clientVerifiedType: clientVerified.type, forgedReason, invalid, userAgentHasChrome: navigator.userAgent.includes('Chrome') };
`;

let server: Server;
let browser: Browser;
let origin: string;
const mock = createMock('demo');

const root = resolve(import.meta.dirname, '..');
/** The two bundles of the page: from the source, and from the build for bundlers. */
const VARIANTS = ['source', 'built'] as const;
const scripts = new Map<string, string>();

beforeAll(async () => {
  if (!existsSync(join(root, 'dist/browser/index.js')) || !existsSync(join(root, '../contract/dist/index.js'))) {
    const tsup = resolve(root, '../../node_modules/.bin/tsup');
    execFileSync(tsup, [], { cwd: join(root, '../contract'), stdio: 'ignore' });
    execFileSync(tsup, [], { cwd: root, stdio: 'ignore' });
    execFileSync(tsup, ['--config', 'tsup.browser.config.ts'], { cwd: root, stdio: 'ignore' });
  }
  for (const variant of VARIANTS) {
    const bundle = await build({
      stdin: { contents: PAGE_SCRIPT, resolveDir: import.meta.dirname, loader: 'ts' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      // Without `source`, esbuild resolves `@commflow/sdk` as an app's bundler does: `browser`.
      conditions: variant === 'source' ? ['source'] : [],
      write: false,
      logLevel: 'silent',
    });
    scripts.set(variant, bundle.outputFiles[0]!.text);
  }
  server = createServer((req, res) => {
    const page = /^\/(source|built)(\.js)?$/.exec(req.url ?? '');
    if (page?.[2] === undefined && page?.[1] !== undefined) {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><script type="module" src="/${page[1]}.js"></script>`);
      return;
    }
    if (page?.[1] !== undefined) {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(scripts.get(page[1]));
      return;
    }
    // Everything else is the API: hand it to the mock, as the standalone server would.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const body = chunks.length > 0 ? Buffer.concat(chunks) : null;
      void mock
        .fetch(
          new Request(`http://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`, {
            method: req.method ?? 'GET',
            headers,
            body,
          }),
        )
        .then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers));
          res.end(Buffer.from(await response.arrayBuffer()));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('the SDK in Chromium', () => {
  it('the build for bundlers is one graph: no module in it waits to be initialised later', () => {
    // esbuild inlines a dynamic import as a module wrapped in `__esm(…)`, initialised on first use.
    expect(scripts.get('built')).not.toContain('__esm(');
    // The source keeps the parts Node loads on first use apart (the check can fail).
    expect(scripts.get('source')).toContain('__esm(');
  });

  it.each(VARIANTS)(
    'lists, paginates, creates, maps errors and verifies webhooks (%s)',
    async (variant) => {
      const page = await browser.newPage();
      const failures: string[] = [];
      page.on('pageerror', (error) => failures.push(error.message));
      await page.goto(`${origin}/${variant}`);
      await page.waitForFunction(() => 'report' in window || 'failure' in window, undefined, { timeout: 30_000 });
      const { report, failure } = await page.evaluate(() => {
        const state = window as unknown as { report?: PageReport; failure?: string };
        return { report: state.report, failure: state.failure };
      });
      expect(failure).toBeUndefined();
      expect(failures).toEqual([]);
      if (!report) throw new Error('the page reported nothing');
      expect(report.userAgentHasChrome).toBe(true);
      expect(report.firstPageSize).toBe(2);
      expect(report.iterated).toBeGreaterThan(3);
      expect(report.created.firstName).toBe('Browser');
      expect(report.created.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(report).toMatchObject({ errorName: 'NotFoundError', errorCode: 'NOT_FOUND' });
      expect(report).toMatchObject({
        verifiedType: 'contact.changed',
        clientVerifiedType: 'contact.changed',
        forgedReason: 'invalid_signature',
        invalid: 'Invalid arguments for contacts.create: body.phoneMobile: Invalid E.164 number',
      });
    },
    60_000,
  );
});
