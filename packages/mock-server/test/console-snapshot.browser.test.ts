/**
 * Snapshots in the console, in Debian's Chromium: download the world, change it, restore the
 * file, and the change is gone. Elements are found by role and accessible name.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsole, SCREENSHOTS, UI_TIMEOUT } from './helpers/console-browser.js';
import type { RunningMockServer } from '../src/surfaces/adapters/node.js';
import { DEMO_TENANTS, SNAPSHOT_FORMAT } from '../src/index.js';

let running: RunningMockServer;
let browser: Browser;

const keyCount = async () => {
  const response = await fetch(`${running.url}/__mock/api-keys`);
  return ((await response.json()) as { data: { apiKeys: unknown[] } }).data.apiKeys.length;
};

beforeAll(async () => {
  ({ running, browser } = await openConsole());
}, 120_000);

afterAll(async () => {
  await browser.close();
  await running.close();
});

describe('snapshots in the console', () => {
  it('downloads the world, and restoring the file undoes what happened since', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await page.goto(`${running.url}/#world`);
    const panel = page.getByRole('region', { name: 'Snapshot' });
    await panel.waitFor({ timeout: UI_TIMEOUT });
    const before = await keyCount();

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: UI_TIMEOUT }),
      panel.getByRole('button', { name: 'Download a snapshot' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('commflow-snapshot.json');
    const file = join(SCREENSHOTS, 'commflow-snapshot.json');
    await download.saveAs(file);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { format: string };
    expect(saved.format).toBe(SNAPSHOT_FORMAT);

    // The world moves on: a key is created over the control surface.
    const created = await fetch(`${running.url}/__mock/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantIds: [DEMO_TENANTS.sandbox] }),
    });
    expect(created.status).toBe(201);
    expect(await keyCount()).toBe(before + 1);

    await panel.getByLabel('Snapshot file').setInputFiles(file);
    await panel.getByRole('button', { name: 'Restore snapshot' }).click();
    await page.getByText('Restored commflow-snapshot.json').waitFor({ timeout: UI_TIMEOUT });
    expect(await keyCount()).toBe(before);
    await page.screenshot({ path: join(SCREENSHOTS, 'snapshot-restored-1280.png'), fullPage: true });
    await page.close();
  });

  it('says what is wrong with a file that is not a snapshot, and changes nothing', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.goto(`${running.url}/#world`);
    const panel = page.getByRole('region', { name: 'Snapshot' });
    await panel.waitFor({ timeout: UI_TIMEOUT });
    const before = await keyCount();
    await panel.getByLabel('Snapshot file').setInputFiles({
      name: 'scenario.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ tenants: [] })),
    });
    await panel.getByRole('button', { name: 'Restore snapshot' }).click();
    await page
      .getByText(/format/)
      .first()
      .waitFor({ timeout: UI_TIMEOUT });
    expect(await keyCount()).toBe(before);
    await page.screenshot({ path: join(SCREENSHOTS, 'snapshot-refused-390.png'), fullPage: true });
    await page.close();
  });
});
