// Loaded with the client: the constructor and every call check maxRetries and timeout by these rules.

/** The longest timeout a timer takes (2^31 - 1 ms): a longer one would fire at once. */
export const MAX_TIMEOUT = 2_147_483_647;

/** The numeric options a client and a call share, checked by one rule each. */
type NumericOption = 'maxRetries' | 'timeout';

/**
 * What is wrong with `maxRetries` or `timeout`, as a clause (`must be an integer >= 0`), or
 * `undefined` when nothing is: the client's constructor and every call use this one rule.
 *
 * @internal
 */
export function numericOptionProblem(name: NumericOption, value: number): string | undefined {
  if (name === 'maxRetries') return Number.isInteger(value) && value >= 0 ? undefined : 'must be an integer >= 0';
  return Number.isInteger(value) && value > 0 && value <= MAX_TIMEOUT
    ? undefined
    : `must be an integer number of milliseconds in 1..${MAX_TIMEOUT}`;
}
