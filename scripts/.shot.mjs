import { chromium } from 'playwright-core';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
const [, , url, out, width, full] = process.argv;
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(url);
await page.waitForTimeout(300);
await page.screenshot({ path: out, fullPage: full === 'full' });
await browser.close();
