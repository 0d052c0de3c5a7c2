/**
 * Tenants on demand in the console, in Debian's Chromium: create a tenant from a scenario
 * tenant, see its key once, advance its clock alone, reset it and delete it. Elements are found
 * by role and accessible name; screenshots at 1280 and 390 px go to $CONSOLE_SCREENSHOTS.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, SCREENSHOTS, UI_TIMEOUT } from './helpers/console-browser.js';
import type { RunningMockServer } from '../src/surfaces/adapters/node.js';
import { DEMO_TENANTS } from '../src/index.js';

let running: RunningMockServer;
let browser: Browser;

interface ListedTenant {
  id: string;
  origin: string;
  aheadMs: number;
}
const listed = async () => {
  const response = await fetch(`${running.url}/__mock/tenants`);
  return ((await response.json()) as { data: { tenants: ListedTenant[] } }).data.tenants;
};

beforeAll(async () => {
  ({ running, browser } = await openConsole());
}, 120_000);

afterAll(async () => {
  await browser.close();
  await running.close();
});

describe('tenants on demand in the console', () => {
  for (const width of [1280, 390]) {
    it(`creates a tenant, advances its clock alone, resets and deletes it (${String(width)} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${running.url}/#tenants`);
      const create = page.getByRole('form', { name: 'Create a tenant' });
      await create.waitFor({ timeout: UI_TIMEOUT });
      await create.getByLabel('Template').selectOption({ label: 'A copy of Acme (sandbox)' });
      await create.getByRole('button', { name: 'Create tenant' }).click();

      const secret = page.getByRole('textbox', { name: "New tenant's API key" });
      await secret.waitFor({ timeout: UI_TIMEOUT });
      const key = await secret.inputValue();
      expect(key).toMatch(/^cf_/);
      const created = (await listed()).find((tenant) => tenant.origin === 'created');
      expect(created).toBeDefined();
      const id = created?.id ?? '';
      // The key works for the new tenant, and for it alone.
      const asTenant = (tenantId: string) =>
        fetch(`${running.url}/api/v1/users`, { headers: { 'X-API-Key': key, 'X-Tenant-Id': tenantId } });
      expect((await asTenant(id)).status).toBe(200);
      expect((await asTenant(DEMO_TENANTS.sandbox)).status).toBe(403);

      const card = page.getByRole('listitem').filter({ has: page.getByText(id) });
      const clockForm = card.getByRole('form', { name: /^Advance the clock of / });
      await clockForm.getByLabel('Seconds').fill('90');
      await clockForm.getByRole('button', { name: "Advance this tenant's clock" }).click();
      await card.getByText('90 s ahead of the mock clock').waitFor({ timeout: UI_TIMEOUT });
      const after = await listed();
      expect(after.find((tenant) => tenant.id === id)?.aheadMs).toBe(90_000);
      expect(after.filter((tenant) => tenant.id !== id).every((tenant) => tenant.aheadMs === 0)).toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, `tenants-created-${String(width)}.png`), fullPage: true });

      await card.getByRole('button', { name: /^Reset / }).click();
      await page.getByText(/is back as it was created/).waitFor({ timeout: UI_TIMEOUT });
      await card.getByRole('button', { name: /^Delete / }).click();
      await page.getByText(/was deleted: its keys no longer work/).waitFor({ timeout: UI_TIMEOUT });
      expect((await asTenant(id)).status).toBe(401);
      expect((await listed()).some((tenant) => tenant.id === id)).toBe(false);
      await page.close();
    });
  }
});
