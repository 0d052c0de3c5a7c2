/**
 * The Playwright fixtures: one remote handle per worker on a shared standalone mock, and a
 * tenant of its own for each test, deleted after it. `@playwright/test` and the SDK are optional
 * peers, imported by this subpath alone.
 */
import { expect as baseExpect, test as base, type ExpectMatcherState } from '@playwright/test';
import { connectMock, type RemoteMock } from '../remote/remote-mock.js';
import type { BodyOf } from '../remote/control-caller.js';
import type { SdkClient } from '../remote/sdk-client.js';
import { errorCode } from '../../lib/errors.js';
import { matchers } from '../testing/matchers.js';
import type { CommFlowMatchers, MatcherContextLike, MatcherResult } from '../testing/matcher-types.js';

/**
 * Where the shared mock is and what each test's tenant is made from. Set it in the Playwright
 * config's `use: { commflow: {…} }`, or per file with `test.use({ commflow: {…} })`.
 *
 * @example
 * ```ts
 * const options: CommFlowPlaywrightOptions = { mockUrl: 'http://127.0.0.1:4010', template: { from: DEMO_TENANTS.sandbox } };
 * ```
 */
export interface CommFlowPlaywrightOptions {
  /** The mock's base URL. Default `COMMFLOW_MOCK_URL`, else `http://127.0.0.1:4010`. */
  mockUrl?: string;
  /** The control token of a mock beyond loopback. Default `COMMFLOW_CONTROL_TOKEN`. */
  controlToken?: string;
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
 * A test's own tenant on the shared mock: its id and key, an SDK client for it, and the remote
 * handle to ask the mock what it saw.
 *
 * @example
 * ```ts
 * test('adds a contact', async ({ tenant }) => {
 *   await tenant.client.contacts.create({ firstName: 'Ada' });
 *   await expect(tenant.remote).toHaveReceived('contacts.create', { tenantId: tenant.id });
 * });
 * ```
 */
export interface MockTenant {
  readonly id: string;
  /** A key for this tenant alone. */
  readonly key: string;
  /** The acting user of `client`, or `null`. */
  readonly userEmail: string | null;
  /** A `CommFlow` client of the mock for this tenant (no retries). */
  readonly client: SdkClient;
  /** The shared mock's remote handle. */
  readonly remote: RemoteMock;
}

/**
 * Playwright's assertion on `T`, with the mock's matchers (promises on a remote handle).
 *
 * @example
 * ```ts
 * const assertion: CommFlowPlaywrightAssertion<RemoteMock> = expect(remote);
 * ```
 */
export type CommFlowPlaywrightAssertion<T> = ReturnType<typeof baseExpect<T>> &
  CommFlowMatchers<void, T> & { readonly not: CommFlowPlaywrightAssertion<T> };

/**
 * Playwright's `expect`, with the mock's matchers.
 *
 * @example
 * ```ts
 * const check: CommFlowPlaywrightExpect = expect;
 * ```
 */
export type CommFlowPlaywrightExpect = (<T>(
  actual: T,
  messageOrOptions?: string | { message?: string },
) => CommFlowPlaywrightAssertion<T>) &
  typeof baseExpect;

/**
 * Playwright's `expect` with the mock's matchers: `await expect(tenant.remote).toHaveReceived(…)`.
 *
 * @example
 * ```ts
 * await expect(remote).toHaveReceived('sms.send', { tenantId: tenant.id, within: 5000 });
 * ```
 */
// Playwright types `extend` by the matcher object it is given, which is typed loosely here (below).
// eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the matchers registered are exactly those CommFlowPlaywrightExpect declares (CommFlowMatchers)
export const expect = baseExpect.extend(forPlaywright()) as unknown as CommFlowPlaywrightExpect;

/**
 * The matchers on Playwright's matcher state: its `isNot` and `utils`, never its `equals`, which
 * throws by design (the matchers then compare with their own deep equality).
 */
function forPlaywright(): Record<
  string,
  (this: ExpectMatcherState, received: unknown, ...args: unknown[]) => MatcherResult | Promise<MatcherResult>
> {
  return Object.fromEntries(
    Object.entries(matchers).map(([name, matcher]) => [
      name,
      function (this: ExpectMatcherState, received: unknown, ...args: unknown[]) {
        const context: MatcherContextLike = { isNot: this.isNot, utils: this.utils };
        return (
          // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- every matcher takes the received value, then its own arguments, which the typed expect above passes
          (matcher as (this: MatcherContextLike, ...all: unknown[]) => MatcherResult | Promise<MatcherResult>).call(
            context,
            received,
            ...args,
          )
        );
      },
    ]),
  );
}

/**
 * Playwright's `test` with `commflow` (the options, per worker), `mock` (the remote handle of the
 * shared mock, per worker) and `tenant` (a tenant of this test's own, deleted after it).
 *
 * @example
 * ```ts
 * import { expect, test } from '@commflow/mock-server/playwright';
 * test('sends an SMS', async ({ page, tenant }) => {
 *   await page.goto('/');
 *   await expect(tenant.remote).toHaveReceived('sms.send', { tenantId: tenant.id, within: 5000 });
 * });
 * ```
 */
export const test = base.extend<{ tenant: MockTenant }, { commflow: CommFlowPlaywrightOptions; mock: RemoteMock }>({
  commflow: [{}, { option: true, scope: 'worker' }],
  mock: [
    async ({ commflow }, use) => {
      const controlToken = commflow.controlToken ?? process.env.COMMFLOW_CONTROL_TOKEN;
      const remote = await connectMock(
        commflow.mockUrl ?? process.env.COMMFLOW_MOCK_URL ?? 'http://127.0.0.1:4010',
        controlToken === undefined ? {} : { controlToken },
      );
      await use(remote);
    },
    { scope: 'worker' },
  ],
  tenant: async ({ mock, commflow }, use, testInfo) => {
    const name = `e2e ${testInfo.titlePath.join(' › ')}`.slice(0, 200);
    const { tenant, key } = await mock.tenants.create({ name, ...commflow.template });
    const userEmail = commflow.userEmail === undefined ? (tenant.users[0]?.email ?? null) : commflow.userEmail;
    const client = await mock.client({
      tenantId: tenant.id,
      apiKey: key,
      ...(userEmail === null ? {} : { userEmail }),
    });
    await use({ id: tenant.id, key, userEmail, client, remote: mock });
    const unused =
      commflow.failOnUnusedOverrides === true ? await mock.overrides.list({ tenantId: tenant.id, unused: true }) : [];
    // Deleting the tenant removes its overrides too. A test that deleted its tenant itself leaves nothing to do.
    await mock.tenants.delete(tenant.id).catch((error: unknown) => {
      if (errorCode(error) !== 'NOT_FOUND') throw error;
    });
    if (unused.length > 0) {
      throw new Error(
        `The test left ${unused.length} override(s) unused: ${unused.map((override) => `${override.id} (${override.operations.join(', ')})`).join('; ')}`,
      );
    }
  },
});
