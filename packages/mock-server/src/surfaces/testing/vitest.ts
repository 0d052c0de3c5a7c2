/**
 * `@commflow/mock-server/vitest`: the mock's matchers on vitest's `expect`, typed, and a `test`
 * whose context holds a fresh mock and an SDK client bound to it.
 *
 * ```ts
 * import { expect } from 'vitest';
 * import { test } from '@commflow/mock-server/vitest';
 *
 * test('sends the reminder', async ({ mock, client }) => {
 *   await client.contacts.create({ firstName: 'Ada' });
 *   expect(mock).toHaveReceived('contacts.create', { body: { firstName: 'Ada' } });
 * });
 * ```
 *
 * @module vitest
 */
import { expect, test as baseTest } from 'vitest';
import type { CommFlowMock } from '../../facade/commflow-mock.js';
import { testClient, testMock, type CommFlowTestOptions } from './fixture.js';
import { matchers, type CommFlowMatchers } from './matchers.js';

expect.extend(matchers);

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unused-vars -- an augmentation: its type parameters must be vitest's
  interface Matchers<R, T> extends CommFlowMatchers<R> {}
}

/**
 * vitest's `test`, with three fixtures: `commflow` (the options, override it per suite with
 * `test.override('commflow', {…})`), `mock` (a fresh mock per test, closed after it) and
 * `client` (a `CommFlow` SDK client bound to that mock, for the tenant and user of the options).
 * No `beforeEach` needed.
 *
 * @example
 * ```ts
 * test('creates a contact', async ({ mock, client }) => {
 *   await client.contacts.create({ firstName: 'Ada' });
 *   expect(mock).toHaveReceivedTimes('contacts.create', 1);
 * });
 * ```
 */
export const test = baseTest
  .extend('commflow', {} as CommFlowTestOptions)
  .extend('mock', async ({ commflow }, { onCleanup }): Promise<CommFlowMock> => {
    const mock = testMock(commflow);
    onCleanup(() => mock.close());
    return Promise.resolve(mock);
  })
  .extend('client', ({ mock, commflow }) => testClient(mock, commflow));

export * from './neutral.js';
export { DEMO_ACTING_USER, testClient, testMock, type CommFlowTestOptions } from './fixture.js';
