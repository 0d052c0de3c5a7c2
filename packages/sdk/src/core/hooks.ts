import type { OperationId } from '@commflow/contract';
import type { CommFlowError } from './errors.js';
import type { HookName } from '../internal/hook-names.js';

export type { HookName };

/**
 * What every hook is told about the attempt at hand.
 *
 * @example
 * ```ts
 * const hooks: Hooks = { beforeRequest: (ctx: HookContext) => console.log(ctx.operationId, ctx.attempt) };
 * ```
 */
export interface HookContext {
  /** An object unique to this call, the same in each of its hooks: a `WeakMap` key to carry state from hook to hook. */
  readonly call: object;
  /** The operation's id, such as `contacts.create`. */
  readonly operationId: OperationId;
  /** The HTTP method. */
  readonly method: string;
  /** The request's absolute URL, query included. The key is never in it (it travels in `Authorization`). */
  readonly url: string;
  /** The tenant (`X-Tenant-Id`) of the call. */
  readonly tenantId: string;
  /** The attempt: 1 for the first try, 2 for the first retry, and so on. */
  readonly attempt: number;
  /**
   * The attempt's request headers. `beforeRequest` may set or add headers here, and the attempt
   * sends them; later hooks see what was sent.
   */
  readonly headers: Headers;
}

/**
 * `afterResponse`: a response arrived. For a success, after its envelope was read, so the call
 * resolves with it; for an error status, before the SDK retries or fails.
 *
 * @example
 * ```ts
 * const hooks: Hooks = { afterResponse: ({ operationId, response }: AfterResponseContext) => console.log(operationId, response.status) };
 * ```
 */
export interface AfterResponseContext extends HookContext {
  /** A copy of the response, its body readable: changing or reading it affects neither the call nor its retries. */
  readonly response: Response;
}

/**
 * `onRetry`: an attempt failed and will be retried after `delayMs`.
 *
 * @example
 * ```ts
 * const hooks: Hooks = { onRetry: ({ error, delayMs }: RetryContext) => console.log(`${error.message}; again in ${delayMs} ms`) };
 * ```
 */
export interface RetryContext extends HookContext {
  /** Why the attempt failed: an `APIError` (a 429, a 5xx…) or an `APIConnectionError`. */
  readonly error: CommFlowError;
  /** Milliseconds until the next attempt, a whole number: the SDK waits exactly this long. */
  readonly delayMs: number;
}

/**
 * `onError`: the call failed with `error`, the error it rejects with. Not called for a call whose
 * arguments are invalid (a `ValidationError` before any request: there is no attempt).
 *
 * @example
 * ```ts
 * const hooks: Hooks = { onError: ({ operationId, error }: ErrorContext) => console.error(operationId, error) };
 * ```
 */
export interface ErrorContext extends HookContext {
  /** The typed error the call rejects with. */
  readonly error: CommFlowError;
}

/**
 * Why the SDK waits before an attempt: `retry-after`, the service said how long (`Retry-After`,
 * or `RateLimit-Reset` on a 429); `backoff`, a retry after a failure that named no time;
 * `rate-limit`, the client-side queue of `rateLimit: 'auto'` holds the call until the window resets.
 *
 * @example
 * ```ts
 * const reason: WaitReason = 'rate-limit';
 * ```
 */
export type WaitReason = 'retry-after' | 'backoff' | 'rate-limit';

/**
 * `onWait`: the SDK is about to wait `segmentMs` before an attempt. It reports one segment of a
 * call's waiting, not the call's total: a call may wait several times (in the rate-limit queue,
 * before each retry), and `onWait` fires once per segment. Sum `segmentMs` per `call` for a
 * call's total.
 *
 * @example
 * ```ts
 * const hooks: Hooks = { onWait: ({ operationId, reason, segmentMs }: WaitContext) => metrics.histogram('commflow.wait_segment', segmentMs, { operationId, reason }) };
 * ```
 */
export interface WaitContext extends HookContext {
  /** Why the SDK waits. */
  readonly reason: WaitReason;
  /** How long this one segment lasts, in whole milliseconds (a queue's wait is rounded up); not the call's total. */
  readonly segmentMs: number;
}

/**
 * What a hook may return: anything (ignored), or a promise the SDK waits for. Not `void`, so that
 * `({ headers }) => headers.set(…)` or `(ctx) => seen.push(ctx)` are hooks as written.
 *
 * @example
 * ```ts
 * const onError = async ({ error }: ErrorContext): HookResult => { await reportError(error); };
 * ```
 */
export type HookResult = unknown;

/**
 * Functions the SDK calls as a call runs, given on the client (`hooks`) and per call (the
 * `hooks` request option). Each gets one context object; each may be async (the call waits for
 * it). A hook that throws fails the call with a {@link HookError} naming it. Several sets compose:
 * pass an array, and a derived client's hooks (`withOptions({ hooks })`) run after its parent's;
 * a call's hooks run after its client's. A name that is not a hook (`onwait`), or a hook that is
 * not a function, is refused where the hooks are given: by the constructor, `withOptions()` or the
 * call. `delayMs` and `segmentMs` are whole milliseconds.
 *
 * @example
 * ```ts
 * const client = new CommFlow({
 *   hooks: {
 *     beforeRequest: ({ headers }) => headers.set('x-request-source', 'billing-job'),
 *     afterResponse: ({ operationId, response }) => console.log(operationId, response.status),
 *     onRetry: ({ operationId, attempt, delayMs }) => console.log(`${operationId}: attempt ${attempt} failed, retry in ${delayMs} ms`),
 *     onError: ({ operationId, error }) => console.error(operationId, error.message),
 *     onWait: ({ operationId, reason, segmentMs }) => console.log(`${operationId} waits ${segmentMs} ms (${reason})`),
 *   },
 * });
 * ```
 */
export interface Hooks {
  /** Before each attempt is sent: add headers (a trace context, a signature) to `headers`. */
  beforeRequest?: ((context: HookContext) => HookResult) | undefined;
  /** After each response, with a copy of it. */
  afterResponse?: ((context: AfterResponseContext) => HookResult) | undefined;
  /** Before the wait that precedes a retry. */
  onRetry?: ((context: RetryContext) => HookResult) | undefined;
  /** When the call fails, with the error it rejects with. */
  onError?: ((context: ErrorContext) => HookResult) | undefined;
  /** Before every wait segment: a retry's delay, or the rate-limit queue (once per segment, not per call). */
  onWait?: ((context: WaitContext) => HookResult) | undefined;
}

/**
 * One set of hooks or several (they run in order).
 *
 * @example
 * ```ts
 * const hooks: HooksOption = [openTelemetry(), { onWait: ({ segmentMs }) => console.log(segmentMs) }];
 * ```
 */
export type HooksOption = Hooks | readonly Hooks[];
