import type { KyInstance, Options } from 'ky';
import { APITimeoutError } from './errors.js';
import type { HeaderList } from './headers.js';
import type { ClientState } from './state.js';
import { isRecord } from '../internal/known-keys.js';

/** Whether ky handed over leftover options (it passes `{}` when there are none). */
function hasKeys(init: RequestInit | undefined): init is RequestInit {
  if (init !== undefined) for (const _ in init) return true;
  return false;
}

/**
 * A failure that is the caller's (or ky's) mistake, not the network's: a fetch that is not a
 * function, throws synchronously or returns no promise, a header value `Headers` refuses, an option
 * ky rejects. Carried through ky and unwrapped by {@link execute}, which throws the original error
 * unchanged and never retries it.
 */
export class CallerFault {
  readonly error: unknown;
  constructor(error: unknown) {
    this.error = error;
  }
}

/**
 * The `fetch` ky calls for one call: it puts the call's headers on the `Request` ky built and
 * hands that request to the client's fetch. ky gets no `headers` option: merging them would cost
 * it three `Headers` objects and a copy into the `Request` on every call (the largest part of its
 * per-call cost in a CPU profile), where setting them on the request's own `Headers` is one pass.
 */
export function fetchWith(
  state: ClientState,
  headers: HeaderList | Headers,
): (input: unknown, init?: RequestInit) => Promise<Response> {
  return (input, init) => {
    let response: Promise<Response>;
    try {
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- ky calls its fetch with the Request it built (ky's Ky.#fetch); its option's type admits any fetch input
      const request = input as Request;
      const target = request.headers;
      for (const [name, value] of headers) target.set(name, value);
      // Without an empty `init`, which would make a fetch copy the request.
      response = hasKeys(init) ? state.fetch(request, init) : state.fetch(request);
    } catch (error) {
      // A network failure rejects the fetch's promise; a synchronous throw is a mistake.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- unwrapped by execute
      return Promise.reject(new CallerFault(error));
    }
    // Typed a promise; a custom fetch from plain JavaScript may return anything.
    const returned: unknown = response;
    if (!isRecord(returned) || typeof returned.then !== 'function') {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- unwrapped by execute
      return Promise.reject(new CallerFault(new TypeError('fetch must return a promise')));
    }
    return response;
  };
}

/** ky's promise of a response; what ky throws before sending (an option it rejects) is a mistake. */
export function send(ky: KyInstance, url: string, init: Options): Promise<Response> {
  try {
    return ky(url, init);
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- unwrapped by execute
    throw new CallerFault(error);
  }
}

/** Reads a body within the attempt's remaining time: one timer and one promise, no race. */
export function readText(response: Response, ms: number): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => {
        void response.body?.cancel().catch(() => undefined);
        reject(new APITimeoutError('Timed out reading the response body.'));
      },
      Math.max(ms, 1),
    );
    response.text().then(
      (text) => {
        clearTimeout(timer);
        resolve(text);
      },
      (error: unknown) => {
        clearTimeout(timer);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the body's own failure, passed on unchanged
        reject(error);
      },
    );
  });
}
