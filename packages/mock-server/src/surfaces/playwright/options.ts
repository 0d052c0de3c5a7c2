/**
 * The fixtures' options and the config that sets them: the connection is per worker (`commflow`,
 * set once in `playwright.config.ts`), what a test's tenant is made from is per test
 * (`tenantOptions`, which a file or a `describe` group may change without a new worker).
 */
import { defineConfig as playwrightDefineConfig, type PlaywrightTestConfig } from '@playwright/test';
import type { BodyOf } from '../remote/control-caller.js';

/**
 * What each test's tenant is made from, and what its end checks. Every field is optional; a
 * field given here overrides the config's `commflow` for the tests of a file or `describe`
 * group: `test.use({ tenantOptions: { userEmail: 'bob@acme.test' } })`, on the same worker.
 *
 * @example
 * ```ts
 * const options: CommFlowTenantOptions = { template: { from: DEMO_TENANTS.sandbox }, failOnUnusedOverrides: true };
 * ```
 */
export interface CommFlowTenantOptions {
  /** What each test's tenant is created from (as `tenants.create` takes it); default a minimal sandbox. */
  template?: BodyOf<'tenants.create'>;
  /** The client's acting user; default the tenant's first user, `null` for none. */
  userEmail?: string | null;
  /**
   * Fail a test that leaves an override of its tenant unused (one that never answered a
   * request). Default false. Either way the test's tenant, and with it its overrides, is removed.
   */
  failOnUnusedOverrides?: boolean;
}

/**
 * Where the shared mock is, and the defaults of every test's tenant. Set it once, in the
 * Playwright config's `use: { commflow: {…} }` (the `defineConfig` of
 * `@commflow/mock-server/playwright` types it). It is per worker: change the tenant of some tests
 * with `tenantOptions`, not here.
 *
 * @example
 * ```ts
 * const options: CommFlowPlaywrightOptions = { mockUrl: 'http://127.0.0.1:4010', template: { from: DEMO_TENANTS.sandbox } };
 * ```
 */
export interface CommFlowPlaywrightOptions extends CommFlowTenantOptions {
  /** The mock's base URL. Default `COMMFLOW_MOCK_URL`, else `http://127.0.0.1:4010`. */
  mockUrl?: string;
  /** The control token of a mock beyond loopback. Default `COMMFLOW_CONTROL_TOKEN`. */
  controlToken?: string;
}

/**
 * The per-test options of the fixtures, as Playwright's config types take them.
 *
 * @example
 * ```ts
 * const use: CommFlowTestOptions = { tenantOptions: { userEmail: null } };
 * ```
 */
export interface CommFlowTestOptions {
  tenantOptions: CommFlowTenantOptions;
}

/**
 * The per-worker options of the fixtures, as Playwright's config types take them.
 *
 * @example
 * ```ts
 * const use: CommFlowWorkerOptions = { commflow: { mockUrl: 'http://127.0.0.1:4010' } };
 * ```
 */
export interface CommFlowWorkerOptions {
  commflow: CommFlowPlaywrightOptions;
}

/**
 * A Playwright config whose `use` (and each project's) may hold `commflow` and `tenantOptions`.
 *
 * @example
 * ```ts
 * const config: CommFlowPlaywrightConfig = { use: { commflow: { mockUrl: 'http://127.0.0.1:4010' } } };
 * ```
 */
export type CommFlowPlaywrightConfig = PlaywrightTestConfig<CommFlowTestOptions, CommFlowWorkerOptions>;

/**
 * Playwright's `defineConfig`, typed with the fixtures' options: `use.commflow` (and
 * `use.tenantOptions`) are checked and completed like Playwright's own options.
 *
 * @example
 * ```ts
 * import { defineConfig } from '@commflow/mock-server/playwright';
 *
 * export default defineConfig({
 *   workers: 2,
 *   use: { commflow: { mockUrl: 'http://127.0.0.1:4010', template: { from: DEMO_TENANTS.sandbox } } },
 * });
 * ```
 */
export function defineConfig(
  config: CommFlowPlaywrightConfig,
  ...configs: CommFlowPlaywrightConfig[]
): CommFlowPlaywrightConfig {
  return playwrightDefineConfig(config, ...configs);
}
