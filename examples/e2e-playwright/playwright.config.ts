/**
 * One standalone mock and one app server for every worker; each test gets a tenant of its own
 * (the fixtures of `@commflow/mock-server/playwright`), so the workers run in parallel without
 * stepping on each other. The fixtures' options are here, in `use.commflow`, typed by the
 * package's `defineConfig`: never `test.use` in a shared file, which breaks at the second spec.
 * Chromium is the system's (Debian's `chromium`): this example never downloads a browser.
 */
import { DEMO_TENANTS } from '@commflow/mock-server';
import { defineConfig } from '@commflow/mock-server/playwright';

export const MOCK_PORT = 4791;
export const APP_PORT = 4792;
const MOCK_URL = `http://127.0.0.1:${String(MOCK_PORT)}`;

export default defineConfig({
  testDir: 'tests',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  reporter: [['list']],
  // Sized for a loaded CI machine (Chromium beside other suites), not a quiet laptop.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: `http://127.0.0.1:${String(APP_PORT)}`,
    // Every test's tenant is a copy of the demo sandbox, acting as Ann, on the mock started below.
    // A file or a `describe` group changes its tests' tenant with `test.use({ tenantOptions })`.
    commflow: {
      mockUrl: MOCK_URL,
      template: { from: DEMO_TENANTS.sandbox },
      userEmail: 'ann.lee@acme.test',
    },
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox'],
    },
  },
  webServer: [
    {
      // The mock, from this workspace's sources; in your project: `npx commflow-mock --port 4791`.
      command: `node --import tsx --conditions=source ../../packages/mock-server/src/cli.ts --port ${String(MOCK_PORT)}`,
      url: `${MOCK_URL}/api/v1/openapi.json`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
    },
    {
      command: 'node --import tsx --conditions=source src/server.ts',
      url: `http://127.0.0.1:${String(APP_PORT)}/`,
      env: { COMMFLOW_BASE_URL: MOCK_URL, PORT: String(APP_PORT) },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
