/**
 * Overrides in the console, in Debian's Chromium: the World view lists each override with its
 * hits and what remains, at 1280 and 390 px, and removes one. Elements are found by role and name.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, SCREENSHOTS, UI_TIMEOUT } from './helpers/console-browser.js';
import type { RunningMockServer } from '../src/surfaces/adapters/node.js';
import { DEMO_KEYS, DEMO_TENANTS } from '../src/index.js';

let running: RunningMockServer;
let browser: Browser;

beforeAll(async () => {
  ({ running, browser } = await openConsole());
}, 120_000);

afterAll(async () => {
  await browser.close();
  await running.close();
});

describe('overrides in the console', () => {
  for (const width of [1280, 390]) {
    it(`lists each override with its hits and removes one (${String(width)} px)`, async () => {
      running.mock.reset();
      const hit = running.mock.overrides.add({
        tenantId: DEMO_TENANTS.sandbox,
        operationId: 'users.list',
        times: 3,
        fault: { status: 503 },
      });
      const unused = running.mock.overrides.add({ operationId: 'ai.agents.get', fault: { drop: true } });
      await fetch(`${running.url}/api/v1/users`, {
        headers: { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox },
      });
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${running.url}/#world`);
      const list = page.getByRole('list', { name: 'Overrides' });
      const first = list.getByRole('listitem', { name: `Override ${hit.id}` });
      await first.waitFor({ timeout: UI_TIMEOUT });
      expect(await first.textContent()).toContain('1 hit · 2 left');
      await list.getByRole('button', { name: `Remove override ${unused.id}` }).click();
      await page.getByText(`Override ${unused.id} removed.`).waitFor({ timeout: UI_TIMEOUT });
      await list.getByRole('listitem', { name: `Override ${unused.id}` }).waitFor({ state: 'detached' });
      expect(running.mock.overrides.list().map((override) => override.id)).toEqual([hit.id]);
      await page.screenshot({ path: join(SCREENSHOTS, `overrides-${String(width)}.png`), fullPage: true });
      await page.close();
    });
  }
});
