/**
 * `@commflow/mock-server/vitest`: an `expect` with the mock's matchers, registered and typed
 * together, and a `test` whose context holds a fresh mock, the handle of the test's tenant and an
 * SDK client bound to it.
 *
 * ```ts
 * import { expect, test } from '@commflow/mock-server/vitest';
 *
 * test('sends the reminder', async ({ tenant, client }) => {
 *   await client.contacts.create({ firstName: 'Ada' });
 *   expect(tenant).toHaveReceived('contacts.create', { body: { firstName: 'Ada' } });
 * });
 * ```
 *
 * The matchers are typed on this module's `expect` only, never on vitest's own: a file that
 * uses them imports the module that registers them. To register them in every file, list this
 * module in `setupFiles` (`setupFiles: ['@commflow/mock-server/vitest']`) and still take
 * `expect` from here for the types.
 *
 * @module vitest
 */
import { expect as vitestExpect, onTestFinished, test as baseTest, type Assertion, type ExpectStatic } from 'vitest';
import type { CommFlowMock } from '../../facade/commflow-mock.js';
import type { MockTenantHandle } from '../../facade/tenant-handle.js';
import { testClient, testMock, testTenant, type CommFlowTestOptions } from './fixture.js';
import { matchers } from './matchers.js';
import type { CommFlowMatchers } from './matcher-types.js';
import { unawaitedError, watchMatchers, type EventualAssertion } from './unawaited.js';

/**
 * Fails the current test, when it passed, if `assertion` is still pending as it ends: it was not
 * awaited (vitest tracks its own async assertions, not those of `expect.extend`). Outside a test
 * (a `beforeAll`) there is no test to fail.
 */
function checkAtTestEnd(assertion: EventualAssertion): void {
  try {
    onTestFinished(({ task }) => {
      const error = unawaitedError([assertion]);
      if (error !== undefined && task.result?.state !== 'fail') throw error;
    });
  } catch {
    // Not in a test: nothing to check at its end.
  }
}

vitestExpect.extend(watchMatchers(matchers, checkAtTestEnd));

/**
 * vitest's assertion on `T`, with the mock's matchers, under `.not` too.
 *
 * @example
 * ```ts
 * const assertion: CommFlowAssertion<CommFlowMock> = expect(mock);
 * ```
 */
export type CommFlowAssertion<T> = Assertion<void, T> &
  CommFlowMatchers<void, T> & { readonly not: CommFlowAssertion<T> };

/**
 * vitest's `expect`, whose assertions have the mock's matchers.
 *
 * @example
 * ```ts
 * const check: CommFlowExpect = expect;
 * ```
 */
export type CommFlowExpect = (<T>(actual: T, message?: string) => CommFlowAssertion<T>) & ExpectStatic;

/**
 * vitest's `expect`, the same object, typed with the matchers this module registered on it.
 *
 * @example
 * ```ts
 * expect(mock).toHaveReceived('contacts.create', { body: { firstName: 'Ada' } });
 * await expect(mock).toHaveEmitted('sms.sent', { within: 2000 });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the matchers were registered on this very object above, and CommFlowExpect types exactly them
export const expect: CommFlowExpect = vitestExpect as CommFlowExpect;

/** The options of a suite that overrides none: the defaults of {@link CommFlowTestOptions}. */
const NO_OPTIONS: CommFlowTestOptions = {};

/**
 * vitest's `test`, with four fixtures: `commflow` (the options, override it per suite with
 * `test.override('commflow', {…})`), `mock` (a fresh mock per test, closed after it), `tenant`
 * (the handle of the options' tenant on that mock, `mock.tenant(id)`: every assertion on it is
 * about that tenant alone) and `client` (a `CommFlow` SDK client bound to that mock, for the
 * tenant and user of the options). No `beforeEach` needed.
 *
 * @example
 * ```ts
 * test('creates a contact', async ({ tenant, client }) => {
 *   await client.contacts.create({ firstName: 'Ada' });
 *   expect(tenant).toHaveReceivedTimes('contacts.create', 1);
 *   tenant.requests({ operationId: 'contacts.create' })[0]?.request.body?.firstName; // 'Ada'
 * });
 * ```
 */
export const test = baseTest
  .extend('commflow', NO_OPTIONS)
  .extend('mock', async ({ commflow }, { onCleanup }): Promise<CommFlowMock> => {
    const mock = testMock(commflow);
    onCleanup(() => mock.close());
    return Promise.resolve(mock);
  })
  .extend('tenant', ({ mock, commflow }): MockTenantHandle => testTenant(mock, commflow))
  .extend('client', ({ mock, commflow }) => testClient(mock, commflow));

// The matchers entry's exports, not `export * from './matchers-entry.js'`: an entry that other
// entries import becomes a chunk of its own, with no code in it (tsup: "Generated an empty chunk").
export { matchers } from './matchers.js';
export type * from './matcher-types.js';
export { DEMO_ACTING_USER, testClient, testMock, testTenant, type CommFlowTestOptions } from './fixture.js';
