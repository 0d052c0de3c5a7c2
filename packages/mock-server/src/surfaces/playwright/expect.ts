/**
 * Playwright's `expect` with the mock's matchers, typed: the matchers on a remote handle are
 * promises, and the asymmetric matchers (`expect.stringContaining('x')`) are typed as what they
 * are, objects with `asymmetricMatch`, so that they fit anywhere in a match.
 */
import { expect as baseExpect, type ExpectMatcherState } from '@playwright/test';
import { matchers } from '../testing/matchers.js';
import type { CommFlowMatchers, MatcherContextLike, MatcherResult } from '../testing/matcher-types.js';
import { unawaitedError, watchMatchers, type EventualAssertion } from '../testing/unawaited.js';

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
 * What Playwright's asymmetric matchers build: an object with `asymmetricMatch`. It fits any
 * field of a match, and still fits where Playwright takes a record (`toMatchObject`).
 *
 * @example
 * ```ts
 * const startsWithA: PlaywrightAsymmetricMatcher = expect.stringMatching(/^A/);
 * ```
 */
// A type, not an interface: an object type fits an index signature (`Record<string, unknown>`), an interface does not.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- see above
export type PlaywrightAsymmetricMatcher = { asymmetricMatch(other: unknown): boolean };

/**
 * Playwright's asymmetric matchers, typed by what they build (Playwright's own types say
 * `Record<string, any>`, which no typed field of a match accepts).
 *
 * @example
 * ```ts
 * const contains: CommFlowAsymmetricMatchers['stringContaining'] = expect.stringContaining;
 * ```
 */
// The names are those of Playwright's own asymmetric matchers: `any`, `anything` and those under `expect.not`.
export type CommFlowAsymmetricMatchers = {
  readonly [Name in keyof (typeof baseExpect)['not'] | 'any' | 'anything']: (
    ...args: Parameters<(typeof baseExpect)[Name]>
  ) => PlaywrightAsymmetricMatcher;
};

/**
 * Playwright's `expect`, with the mock's matchers and typed asymmetric matchers.
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
  CommFlowAsymmetricMatchers & {
    readonly not: Omit<CommFlowAsymmetricMatchers, 'any' | 'anything'>;
  } & Omit<typeof baseExpect, keyof CommFlowAsymmetricMatchers | 'not'>;

/**
 * The eventual assertions made since the last test ended, in this worker (a worker runs one test
 * at a time): the fixture's teardown checks them with {@link endOfTestCheck}.
 */
const eventualAssertions = new Set<EventualAssertion>();

/**
 * The error naming the eventual assertions the test that just ended left un-awaited (they are
 * abandoned), or `undefined`; either way the next test starts with none.
 */
export function endOfTestCheck(): Error | undefined {
  const error = unawaitedError(eventualAssertions);
  eventualAssertions.clear();
  return error;
}

/**
 * Playwright's `expect` with the mock's matchers: `await expect(tenant).toHaveReceived(…)`.
 * Asymmetric matchers fit in a match: `{ body: { firstName: expect.stringContaining('A') } }`.
 *
 * @example
 * ```ts
 * await expect(tenant).toHaveReceived('sms.send', { within: 5000 });
 * ```
 */
// Playwright types `extend` by the matcher object it is given, which is typed loosely here (below).
// eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the matchers registered are exactly those CommFlowPlaywrightExpect declares (CommFlowMatchers), and Playwright's asymmetric matchers are objects with asymmetricMatch
export const expect = baseExpect.extend(
  watchMatchers(forPlaywright(matchers), (assertion) => eventualAssertions.add(assertion)),
) as unknown as CommFlowPlaywrightExpect;

/**
 * The matchers on Playwright's matcher state: its `isNot` and `utils`, never its `equals`, which
 * throws by design (the matchers then compare with their own deep equality).
 */
function forPlaywright(
  table: typeof matchers,
): Record<
  string,
  (this: ExpectMatcherState, received: unknown, ...args: unknown[]) => MatcherResult | Promise<MatcherResult>
> {
  return Object.fromEntries(
    Object.entries(table).map(([name, matcher]) => [
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
