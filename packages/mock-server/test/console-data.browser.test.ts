/**
 * The console's data view and journal details, in Debian's Chromium: browse a tenant's records by
 * resource with search and pages, open a journal entry into its request and response. axe-core
 * and sideways overflow at 1280 and 390 px; screenshots go to $CONSOLE_SCREENSHOTS.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, SCREENSHOTS, UI_TIMEOUT } from './helpers/console-browser.js';
import { axeProblems, overflowProblems } from './helpers/axe.js';
import type { RunningMockServer } from '../src/surfaces/adapters/node.js';
import { DEMO_KEYS, DEMO_TENANTS } from '../src/index.js';

const API = {
  'X-API-Key': DEMO_KEYS.sandbox,
  'X-Tenant-Id': DEMO_TENANTS.sandbox,
  'X-User-Email': 'ann.lee@acme.test',
  'content-type': 'application/json',
};

let running: RunningMockServer;
let browser: Browser;

beforeAll(async () => {
  ({ running, browser } = await openConsole());
  for (let i = 0; i < 25; i++) {
    await fetch(`${running.url}/api/v1/contacts`, {
      method: 'POST',
      headers: API,
      body: JSON.stringify({ firstName: `Seeded${String(i).padStart(2, '0')}`, lastName: 'Browser' }),
    });
  }
  const conversations = (await await fetch(`${running.url}/api/v1/sms/conversations`, { headers: API }).then((r) =>
    r.json(),
  )) as {
    data: { conversations: { id: string }[] };
  };
  await fetch(`${running.url}/api/v1/sms/conversations/${conversations.data.conversations[0]?.id ?? ''}/messages`, {
    method: 'POST',
    headers: { ...API, 'X-Request-Id': 'req-console-sms' },
    body: JSON.stringify({ body: 'Your table is ready' }),
  });
}, 120_000);

afterAll(async () => {
  await browser.close();
  await running.close();
});

/** Serious and critical axe-core violations, and sideways scrolling, on the page as it is. */
async function problemsOf(page: Page, where: string): Promise<string[]> {
  return [...(await overflowProblems(page, where)), ...(await axeProblems(page, where))];
}

describe("the console's data view and journal details", () => {
  for (const width of [1280, 390]) {
    it(`browses records by resource with search and pages, and opens a journal entry (${String(width)} px)`, async () => {
      // axe is injected as a script: this context alone lets it past the page's CSP.
      const context = await browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true });
      const page = await context.newPage();
      const problems: string[] = [];

      await page.goto(`${running.url}/#data`);
      const form = page.getByRole('search', { name: 'Find records' });
      await form.waitFor({ timeout: UI_TIMEOUT });
      await form.getByLabel('Tenant').selectOption(DEMO_TENANTS.sandbox);
      const status = page.getByRole('status').filter({ hasText: /Contacts|No contacts/ });
      await status.filter({ hasText: /^Contacts 1–20 of \d+\.$/ }).waitFor({ timeout: UI_TIMEOUT });
      const list = page.getByRole('list', { name: 'Contacts of the tenant' });
      await page.getByRole('button', { name: 'Next page' }).click();
      await status.filter({ hasText: /^Contacts 21–/ }).waitFor({ timeout: UI_TIMEOUT });
      await page.getByRole('button', { name: 'Previous page' }).click();
      await status.filter({ hasText: /^Contacts 1–20/ }).waitFor({ timeout: UI_TIMEOUT });

      await form.getByLabel('Search').fill('seeded07');
      await form.getByRole('button', { name: 'Search' }).click();
      await status.filter({ hasText: 'Contacts 1–1, matching “seeded07”.' }).waitFor({ timeout: UI_TIMEOUT });
      await list.getByText('Seeded07 Browser').click();
      const record = page.getByRole('region', { name: /^Record / }).or(page.getByLabel(/^Record /));
      await expect.poll(() => record.first().textContent(), { timeout: UI_TIMEOUT }).toContain('"lastName": "Browser"');
      await page.screenshot({ path: join(SCREENSHOTS, `data-contacts-${String(width)}.png`), fullPage: true });
      problems.push(...(await problemsOf(page, `data view at ${String(width)} px`)));

      await form.getByLabel('Resource').selectOption('sms-messages');
      await form.getByLabel('Search').fill('TABLE is');
      await form.getByRole('button', { name: 'Search' }).click();
      await page
        .getByRole('list', { name: 'SMS messages of the tenant' })
        .getByText(/Your table is ready/)
        .first()
        .waitFor({ timeout: UI_TIMEOUT });

      await page.goto(`${running.url}/#journal`);
      const entry = page
        .getByRole('list', { name: 'Journal entries' })
        .getByRole('listitem')
        .filter({ hasText: '/messages' })
        .first();
      await entry.locator('summary').click();
      const body = page.getByLabel('Request body of req-console-sms');
      await body.waitFor({ timeout: UI_TIMEOUT });
      expect(await body.textContent()).toContain('"body": "Your table is ready"');
      const responseBody = page.getByLabel(/^Response 200 body of req-console-sms$/);
      expect(await responseBody.textContent()).toContain('"status": "SENT"');
      expect(await page.getByLabel('Request headers of req-console-sms').textContent()).toContain(
        '"x-api-key": "[redacted]"',
      );
      expect(await page.content()).not.toContain(DEMO_KEYS.sandbox);
      await page.screenshot({ path: join(SCREENSHOTS, `journal-detail-${String(width)}.png`), fullPage: true });
      problems.push(...(await problemsOf(page, `journal detail at ${String(width)} px`)));

      await context.close();
      expect(problems).toEqual([]);
    }, 120_000);
  }
});
