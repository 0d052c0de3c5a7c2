/**
 * Un-awaited eventual assertions, caught at the test that forgot the `await`. An eventual
 * assertion (`within`, or any on a remote mock) is a promise; an awaited one has settled by the
 * time its test ends. One still pending then was never awaited: the framework's end-of-test hook
 * (vitest's `onTestFinished`, the Playwright fixture's teardown) fails that test, naming the
 * matcher, and abandons the assertion so that its late failure blames no later test.
 *
 * Framework-neutral: the surfaces wrap the matchers with {@link watchMatchers} and check at the
 * end of each test with {@link unawaitedError}.
 */
import type { MatcherResult, MaybePromise } from './matcher-types.js';

/** One eventual assertion: what names it, whether it settled, and how to end it early. */
export interface EventualAssertion {
  /** `expect(…).not.toHaveReceived('sms.send', …)`. */
  readonly label: string;
  /** Where the assertion was made: its stack, for the error that names it. */
  readonly stack: string | undefined;
  settled: boolean;
  /** Resolves the assertion as passed (its test already failed for the missing `await`). */
  readonly abandon: () => void;
}

/**
 * A matcher as `expect.extend` takes it, on any framework's matcher context (`never`: each
 * framework's context fits; the wrapper reads only `isNot`).
 */
type Matcher = (this: never, received: unknown, ...args: never[]) => MaybePromise<MatcherResult>;

/** The part of a framework's matcher context the wrapper reads. */
interface NegationContext {
  readonly isNot?: boolean;
}

/** `expect(…).toHaveReceived('sms.send', …)`: the matcher and its first argument, as the test wrote them. */
function labelOf(name: string, isNot: boolean | undefined, args: readonly unknown[]): string {
  const [first] = args;
  const shown = typeof first === 'string' ? `'${first}'` : '';
  const rest = args.length > 1 ? ', …' : '';
  return `expect(…).${isNot === true ? 'not.' : ''}${name}(${shown}${rest})`;
}

/**
 * The matchers, each eventual result handed to `onEventual` before the framework sees it: the
 * result the framework gets settles with the matcher's, or as a pass once abandoned.
 */
export function watchMatchers<M extends Readonly<Record<string, Matcher>>>(
  matchers: M,
  onEventual: (assertion: EventualAssertion) => void,
): M {
  const watched: Record<string, unknown> = {};
  for (const [name, matcher] of Object.entries(matchers)) {
    const wrapper = function (this: NegationContext, ...all: unknown[]): unknown {
      const result: unknown = Reflect.apply(matcher, this, all);
      if (!(result instanceof Promise)) return result;
      // The stack from the caller of this wrapper down: the test's line, not the matchers' own frames.
      const made: { stack?: string } = {};
      Error.captureStackTrace(made, wrapper);
      let abandon = (): void => undefined;
      const abandoned = new Promise<MatcherResult>((resolve) => {
        abandon = () => {
          resolve({ pass: this.isNot !== true, message: () => 'abandoned: the test ended first' });
        };
      });
      const assertion: EventualAssertion = {
        label: labelOf(name, this.isNot, all.slice(1)),
        stack: made.stack,
        settled: false,
        abandon,
      };
      const settled = result.finally(() => {
        assertion.settled = true;
      });
      onEventual(assertion);
      return Promise.race([settled, abandoned]);
    };
    watched[name] = wrapper;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- one wrapper per matcher of `matchers`, each passing its arguments and `this` through and returning the matcher's result
  return watched as M;
}

/**
 * The error for the assertions still pending when their test ended, or `undefined` when every
 * one settled. The pending ones are abandoned: they pass late, so no later test is blamed.
 */
export function unawaitedError(assertions: Iterable<EventualAssertion>): Error | undefined {
  const pending = [...assertions].filter((assertion) => !assertion.settled);
  for (const assertion of pending) assertion.abandon();
  const [first] = pending;
  if (first === undefined) return undefined;
  const names = pending.map((assertion) => assertion.label).join(', ');
  const error = new Error(
    `${names} ${pending.length === 1 ? 'was' : 'were'} not awaited: the test ended while it was still checking. ` +
      'An assertion with `within`, or on a remote mock, is a promise: `await expect(…)…`. ' +
      'The lint rule @typescript-eslint/no-floating-promises catches a missing await.',
  );
  // The stack of the assertion that was not awaited, so that the report points at its line.
  if (first.stack !== undefined) error.stack = first.stack.replace(/^[^\n]*/, `Error: ${error.message}`);
  return error;
}
