/**
 * The abort signal of the call a successful response answers, for the pagination walks (which
 * must stop between items of a page already fetched). Set only for calls that have a signal.
 */
const signals = new WeakMap<Response, AbortSignal>();

/**
 * The `signal` of the call that `response` answered, if it had one.
 *
 * @internal
 */
export function signalOf(response: Response): AbortSignal | undefined {
  return signals.get(response);
}

/**
 * Records the `signal` of the call that `response` answered.
 *
 * @internal
 */
export function rememberSignal(response: Response, signal: AbortSignal): void {
  signals.set(response, signal);
}
