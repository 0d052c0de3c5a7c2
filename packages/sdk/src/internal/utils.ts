/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the signal's reason, passed on unchanged (an AbortError unless the caller gave another)
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the signal's reason, passed on unchanged (an AbortError unless the caller gave another)
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Settles with `promise`, or rejects with the signal's reason as soon as it aborts: a custom
 * `fetch` (or a mock) may ignore the signal, and the caller must not wait for it.
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the signal's reason, passed on unchanged (an AbortError unless the caller gave another)
      reject(signal.reason);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', onAbort);
    });
  });
}

/** A header as a non-negative number, or `null` when absent or not a number. */
export function numericHeader(headers: Headers, name: string): number | null {
  const text = headers.get(name);
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/** `Retry-After` in milliseconds: delta seconds or an HTTP date; `null` when absent or unreadable. */
export function retryAfterMs(headers: Headers): number | null {
  const seconds = numericHeader(headers, 'Retry-After');
  if (seconds !== null) return seconds * 1000;
  const text = headers.get('Retry-After');
  if (text === null) return null;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** The environment variables, where the runtime has `process.env` and lets us read it. */
export function readEnv(name: string): string | undefined {
  try {
    // Less than @types/node declares: a browser or an edge runtime has no `process`.
    const g: { process?: { env?: Record<string, string | undefined> } } = globalThis;
    const value = g.process?.env?.[name]?.trim();
    return value === '' ? undefined : value;
  } catch {
    // Deno without --allow-env throws on access.
    return undefined;
  }
}
