/**
 * The console in a real browser: Debian's Chromium driven by playwright-core against a standalone
 * mock on 127.0.0.1, elements found by role and accessible name. Covers the secret shown once,
 * replaying a failed delivery, the live journal, keyboard use, axe-core and both screen widths.
 * Screenshots go to $CONSOLE_SCREENSHOTS (default: a temporary folder) for a person to look at.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, SCREENSHOTS, UI_TIMEOUT } from './helpers/console-browser.js';
import { axeProblems, overflowProblems } from './helpers/axe.js';
import type { RunningMockServer } from '../src/surfaces/adapters/node.js';
import { DEMO_TENANTS } from '../src/index.js';

let running: RunningMockServer;
let browser: Browser;

/** A receiver that fails until told to succeed. */
let receiverHealthy = false;
let receiver: Server;
let receiverUrl: string;

async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${running.url}/__mock${path}`, {
    method,
    headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function open(view: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${running.url}/#${view}`);
  await page.getByRole('heading', { level: 1, name: 'CommFlow mock console' }).waitFor({ timeout: UI_TIMEOUT });
  (page as Page & { errors: string[] }).errors = errors;
  return page;
}

beforeAll(async () => {
  ({ running, browser } = await openConsole());
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(receiverHealthy ? 204 : 500).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
}, 120_000);

afterAll(async () => {
  await browser.close();
  await running.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('the console in Chromium', () => {
  it('creates a key whose secret is shown once, works with the API, and is gone after a reload', async () => {
    const page = await open('keys');
    await page.getByRole('checkbox', { name: 'Acme (sandbox)' }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const secretBox = page.getByRole('textbox', { name: 'New API key secret' });
    await secretBox.waitFor({ timeout: UI_TIMEOUT });
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^cf_[A-Za-z0-9_]{32}$/);
    await expect(page.getByRole('button', { name: 'Copy new api key secret' }).isVisible()).resolves.toBe(true);

    const api = await fetch(`${running.url}/api/v1/users`, {
      headers: { 'X-API-Key': secret, 'X-Tenant-Id': DEMO_TENANTS.sandbox },
    });
    expect(api.status).toBe(200);

    const hint = `cf_…${secret.slice(-4)}`;
    await page.reload();
    await page.getByRole('button', { name: `Revoke key ${hint}` }).waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByRole('textbox', { name: 'New API key secret' }).count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('shows a failing receiver’s delivery as failed, and a replay after the fix as succeeded', async () => {
    receiverHealthy = false;
    const page = await open('webhooks');
    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiverUrl);
    await page.getByRole('checkbox', { name: 'sms.received' }).check();
    await page.getByRole('button', { name: 'Create subscription' }).click();
    const secret = await page.getByRole('textbox', { name: 'New webhook signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);

    await control('POST', '/sms/inbound', {
      tenantId: DEMO_TENANTS.sandbox,
      to: '+14155550100',
      from: '+14155550166',
      body: 'Is anyone there?',
    });
    // Walk the retry schedule on the mock clock until the delivery gives up (bounded by count).
    for (let round = 0; round < 20; round++) {
      const { deliveries } = await control<{ deliveries: { status: string }[] }>('GET', '/deliveries?wait=true');
      if (deliveries.every((delivery) => delivery.status === 'failed')) break;
      await control('POST', '/clock/advance', { ms: 11 * 3_600_000 });
    }

    await page.getByRole('link', { name: 'Deliveries' }).click();
    const failed = page.getByRole('listitem', { name: 'Delivery sms.received failed' });
    await failed.waitFor({ timeout: UI_TIMEOUT });
    await failed.getByRole('button', { name: /^Inspect request of delivery/ }).click();
    await failed.getByLabel('Delivery payload').waitFor({ timeout: UI_TIMEOUT });
    expect(await failed.getByLabel('Delivery payload').textContent()).toContain('Is anyone there?');
    expect(await failed.getByLabel('Delivery headers').textContent()).toContain('webhook-signature');

    await page.screenshot({ path: join(SCREENSHOTS, 'delivery-inspected-1280.png'), fullPage: true });
    receiverHealthy = true;
    await failed.getByRole('button', { name: /^Replay delivery sms\.received/ }).click();
    await page.getByRole('listitem', { name: 'Delivery sms.received succeeded' }).waitFor({ timeout: UI_TIMEOUT });
    await page.screenshot({ path: join(SCREENSHOTS, 'deliveries-1280.png'), fullPage: true });
    await page.close();
  }, 60_000);

  it('shows a request made with plain HTTP in the journal without a reload', async () => {
    const page = await open('journal');
    await page.getByText('Live:').waitFor({ timeout: UI_TIMEOUT });
    const marker = `journal-${Date.now()}`;
    const response = await fetch(`${running.url}/api/v1/contacts/${marker}`, {
      headers: { 'X-API-Key': 'cf_demo_sandbox_000000000000000000000000', 'X-Tenant-Id': DEMO_TENANTS.sandbox },
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const entry = page
      .getByRole('list', { name: 'Journal entries' })
      .getByText(`/api/v1/contacts/${marker}`, { exact: true });
    await entry.waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('combobox', { name: 'Status' }).selectOption('2xx');
    await entry.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await page.getByRole('combobox', { name: 'Status' }).selectOption('4xx');
    await entry.click();
    await page
      .getByLabel(/^Details of request req_/)
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    await page.close();
  }, 60_000);

  it('is usable with the keyboard alone', async () => {
    const page = await open('start');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('API keys');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'API keys' }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('checkbox', { name: 'Globex (live)' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Create key' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'New API key secret' }).waitFor({ timeout: UI_TIMEOUT });
    await page.close();
  }, 60_000);

  it('has no serious or critical axe-core violations, and fits 1280 px and 390 px screens', async () => {
    const views = ['start', 'tenants', 'keys', 'webhooks', 'deliveries', 'journal', 'world'];
    const problems: string[] = [];
    for (const width of [1280, 390]) {
      // axe is injected as a script: this context alone lets it past the page's CSP.
      const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      for (const view of views) {
        await page.goto(`${running.url}/#${view}`);
        await page.getByRole('heading', { level: 2 }).waitFor({ timeout: UI_TIMEOUT });
        await page
          .getByText('Loading…')
          .first()
          .waitFor({ state: 'detached', timeout: UI_TIMEOUT })
          .catch(() => undefined);
        await page.screenshot({ path: join(SCREENSHOTS, `${view}-${width}.png`), fullPage: true });
        problems.push(...(await overflowProblems(page, `${view} at ${String(width)} px`)));
        if (width === 1280) problems.push(...(await axeProblems(page, view)));
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
