/**
 * `@commflow/mock-server/playwright`: end-to-end suites on a shared standalone mock. Each test
 * gets a tenant of its own as its tenant handle (id, key, `client()`, its traffic, overrides,
 * clock, `snapshot()` and `restore()`), deleted after it, so workers run in parallel without
 * stepping on each other; `mock` is the whole shared mock; `expect` has the mock's matchers.
 *
 * The options go in `playwright.config.ts`, typed by this module's `defineConfig`; a file or a
 * `describe` group changes its tests' tenant with `test.use({ tenantOptions })`:
 *
 * ```ts
 * // playwright.config.ts
 * import { defineConfig } from '@commflow/mock-server/playwright';
 * export default defineConfig({ workers: 2, use: { commflow: { mockUrl: 'http://127.0.0.1:4010' } } });
 *
 * // tests/sms.spec.ts
 * import { expect, test } from '@commflow/mock-server/playwright';
 *
 * test('sends an SMS', async ({ page, tenant }) => {
 *   await page.goto('/');
 *   await expect(tenant).toHaveReceived('sms.send', { within: 5000 });
 * });
 * ```
 *
 * @module playwright
 */
export {
  expect,
  type CommFlowAsymmetricMatchers,
  type CommFlowPlaywrightAssertion,
  type CommFlowPlaywrightExpect,
  type PlaywrightAsymmetricMatcher,
} from './expect.js';
export { test } from './fixture.js';
export {
  defineConfig,
  type CommFlowPlaywrightConfig,
  type CommFlowPlaywrightOptions,
  type CommFlowTenantOptions,
  type CommFlowTestOptions,
  type CommFlowWorkerOptions,
} from './options.js';
export { MockTenant } from './test-tenant.js';
export { ControlError, RemoteMock, type SdkClient } from '../remote/index.js';
