/**
 * What every console browser test starts from: the console built, the demo mock served over
 * HTTP on 127.0.0.1, Debian's Chromium launched, and the folder its screenshots go to.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../../../scripts/launch-chromium.mjs';
import { buildConsole } from '../../scripts/build-console.js';
import { startMockServer, type RunningMockServer } from '../../src/surfaces/adapters/node.js';

/** Where the screenshots go (look at them with an image viewer before calling a page done). */
export const SCREENSHOTS = process.env.CONSOLE_SCREENSHOTS ?? join(tmpdir(), 'commflow-console-screenshots');
/** How long a page may take to show an element on a busy machine. */
export const UI_TIMEOUT = 15_000;

/** Builds the console, serves the demo mock and launches Chromium; close both after. */
export async function openConsole(): Promise<{ running: RunningMockServer; browser: Browser }> {
  await buildConsole();
  const running = await startMockServer({ scenario: 'demo' });
  const browser = await launchChromium();
  mkdirSync(SCREENSHOTS, { recursive: true });
  return { running, browser };
}
