/**
 * The Playwright fixtures: one remote handle per worker on a shared standalone mock, and a
 * tenant of its own for each test, as its tenant handle, deleted after it. `@playwright/test` and the SDK are optional
 * peers, imported by this subpath alone.
 */
import { test as base } from '@playwright/test';
import type { RemoteMock } from '../remote/remote-mock.js';
import type { SdkClient } from '../remote/sdk-client.js';
import { endOfTestCheck } from './expect.js';
import type { CommFlowPlaywrightOptions, CommFlowTenantOptions } from './options.js';
import { closeTestTenant, connect, openTestTenant, type MockTenant } from './test-tenant.js';

/** The config's defaults for every tenant, with a file's or group's `tenantOptions` over them. */
function tenantOptionsOf(commflow: CommFlowPlaywrightOptions, overrides: CommFlowTenantOptions): CommFlowTenantOptions {
  const { mockUrl: _mockUrl, controlToken: _controlToken, ...defaults } = commflow;
  return { ...defaults, ...overrides };
}

/**
 * Playwright's `test` with `commflow` (the connection and the defaults, per worker, set in the
 * config), `tenantOptions` (per test: a file or `describe` group changes them with `test.use`,
 * on the same worker), `mock` (the remote handle of the whole shared mock, per worker), `tenant`
 * (a tenant of this test's own, as its tenant handle, deleted after it: every assertion on it is
 * scoped to it) and `client` (an SDK client of that tenant, as the test's user). A test that
 * leaves an eventual assertion un-awaited fails, naming it.
 *
 * @example
 * ```ts
 * import { expect, test } from '@commflow/mock-server/playwright';
 *
 * test.describe('as Bob', () => {
 *   test.use({ tenantOptions: { userEmail: 'bob.stone@acme.test' } });
 *   test('sends an SMS', async ({ page, tenant }) => {
 *     await page.goto('/');
 *     await expect(tenant).toHaveReceived('sms.send', { within: 5000 });
 *   });
 * });
 * ```
 */
export const test = base.extend<
  { tenantOptions: CommFlowTenantOptions; tenant: MockTenant; client: SdkClient; _commflowAwaits: undefined },
  { commflow: CommFlowPlaywrightOptions; mock: RemoteMock }
>({
  commflow: [{}, { option: true, scope: 'worker' }],
  tenantOptions: [{}, { option: true }],
  mock: [
    async ({ commflow }, use) => {
      await use(await connect(commflow));
    },
    { scope: 'worker' },
  ],
  tenant: async ({ mock, commflow, tenantOptions }, use, testInfo) => {
    const options = tenantOptionsOf(commflow, tenantOptions);
    const name = `e2e ${testInfo.titlePath.join(' › ')}`.slice(0, 200);
    const tenant = await openTestTenant(mock, options, name);
    await use(tenant);
    await closeTestTenant(tenant, options);
  },
  client: async ({ tenant }, use) => {
    await use(await tenant.client());
  },
  // Every test, whatever fixtures it takes: an eventual assertion still pending when a passing
  // test ended was never awaited. It fails this test, not the later one its failure would land
  // in. A failed or timed-out test may have left an awaited one pending: it is only abandoned.
  _commflowAwaits: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter's pattern
    async ({}, use, testInfo) => {
      await use(undefined);
      const error = endOfTestCheck();
      if (error !== undefined && testInfo.status === 'passed') throw error;
    },
    { auto: true },
  ],
});
