/**
 * The Playwright run of test/frameworks/playwright-fixture.test.ts: the fixtures' options in the
 * config, typed by the package's `defineConfig`, one worker (so that a test that forced a new
 * worker would show a new worker index), on the mock whose URL the outer test passes.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_TENANTS } from '../../../src/index.js';
import { defineConfig } from '../../../src/surfaces/playwright/index.js';

export default defineConfig({
  testDir: '.',
  testMatch: '*.pw.ts',
  workers: 1,
  forbidOnly: true,
  timeout: 60_000,
  // Beside the report, never in the package.
  outputDir: join(tmpdir(), 'commflow-playwright-fixtures'),
  reporter: [['json', { outputFile: process.env.COMMFLOW_PW_REPORT ?? 'report.json' }]],
  use: {
    commflow: {
      mockUrl: process.env.COMMFLOW_MOCK_URL ?? 'http://127.0.0.1:4010',
      template: { from: DEMO_TENANTS.sandbox },
      userEmail: 'ann.lee@acme.test',
    },
  },
});
