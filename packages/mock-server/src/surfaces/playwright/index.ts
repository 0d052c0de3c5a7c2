/**
 * `@commflow/mock-server/playwright`: end-to-end suites on a shared standalone mock. Each test
 * gets a tenant of its own (id, key, SDK client, remote handle), deleted after it, so workers run
 * in parallel without stepping on each other; `expect` has the mock's matchers.
 *
 * ```ts
 * import { expect, test } from '@commflow/mock-server/playwright';
 *
 * test('sends an SMS', async ({ page, tenant }) => {
 *   await page.goto('/');
 *   await expect(tenant.remote).toHaveReceived('sms.send', { tenantId: tenant.id, within: 5000 });
 * });
 * ```
 *
 * @module playwright
 */
export {
  expect,
  test,
  type CommFlowPlaywrightAssertion,
  type CommFlowPlaywrightExpect,
  type CommFlowPlaywrightOptions,
  type MockTenant,
} from './fixture.js';
export { ControlError, RemoteMock, type SdkClient } from '../remote/index.js';
