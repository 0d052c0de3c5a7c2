import { HEADERS } from '@commflow/contract/headers';
import { numericHeader } from '../internal/utils.js';

/**
 * The rate-limit state reported with a response. Each field is `null` when the header was absent.
 *
 * @example
 * ```ts
 * const { rateLimit } = await client.users.list().withResponse();
 * if (rateLimit.remaining === 0) console.log(`window resets in ${rateLimit.resetSeconds}s`);
 * ```
 */
export interface RateLimitInfo {
  /** `RateLimit-Limit`: requests allowed per window. */
  limit: number | null;
  /** `RateLimit-Remaining`: requests left in this window. */
  remaining: number | null;
  /** `RateLimit-Reset`: seconds until the window resets. */
  resetSeconds: number | null;
}

/**
 * What `.withResponse()` resolves to: the unwrapped result and the response it came from.
 *
 * @example
 * ```ts
 * const { data: contact, requestId, response } = await client.contacts.create({ firstName: 'Ann' }).withResponse();
 * console.log(response.status, requestId, contact.id);
 * ```
 */
export interface WithResponse<T> {
  /** The result, exactly as awaiting the call gives it. */
  data: T;
  /** The final HTTP response (its body has been read). */
  response: Response;
  /** The response's `X-Request-Id`. */
  requestId: string | null;
  /** The response's rate-limit headers, parsed. */
  rateLimit: RateLimitInfo;
}

/**
 * What a call settles with inside the SDK: the result and its response. The request id and
 * rate-limit state of {@link WithResponse} are read from the response only when asked for.
 *
 * @internal
 */
export interface ResponseResult<T> {
  data: T;
  response: Response;
}

function withResponseOf<T>(result: ResponseResult<T>): WithResponse<T> {
  const { headers } = result.response;
  return {
    data: result.data,
    response: result.response,
    requestId: headers.get(HEADERS.requestId),
    rateLimit: {
      limit: numericHeader(headers, HEADERS.rateLimitLimit),
      remaining: numericHeader(headers, HEADERS.rateLimitRemaining),
      resetSeconds: numericHeader(headers, HEADERS.rateLimitReset),
    },
  };
}

/**
 * The promise every SDK call returns. Await it for the result, or call `.withResponse()` for the
 * result with its response, request id and rate-limit state. The request starts at once, and
 * both ways of reading it share that one request.
 *
 * @example
 * ```ts
 * const contact = await client.contacts.create({ firstName: 'Ann' });
 * const { data, rateLimit } = await client.contacts.create({ firstName: 'Bob' }).withResponse();
 * ```
 */
export class APIPromise<T> extends Promise<T> {
  readonly #result: Promise<ResponseResult<T>>;
  #data: Promise<T> | undefined;
  #withResponse: Promise<WithResponse<T>> | undefined;

  /** @internal */
  constructor(result: Promise<ResponseResult<T>>) {
    // Never settled and never read: `then`, `catch` and `finally` read `#result` instead.
    super(() => undefined);
    this.#result = result;
  }

  // Derived promises (from `then`) are plain promises.
  static override get [Symbol.species]() {
    return Promise;
  }

  /**
   * The result together with the response, its request id and its rate-limit headers.
   *
   * @example
   * ```ts
   * const { data: users, requestId } = await client.users.list().withResponse();
   * ```
   */
  withResponse(): Promise<WithResponse<T>> {
    return (this.#withResponse ??= this.#result.then(withResponseOf));
  }

  #value(): Promise<T> {
    return (this.#data ??= this.#result.then((result) => result.data));
  }

  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#value().then(onfulfilled, onrejected);
  }

  override catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#value().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#value().finally(onfinally);
  }
}
