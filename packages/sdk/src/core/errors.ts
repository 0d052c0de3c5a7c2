import type { ErrorCode, ValidationIssue } from '@commflow/contract';
import type { HookName } from '../internal/hook-names.js';

/**
 * The base class of every error the SDK throws, so one `instanceof` check catches them all.
 *
 * @example
 * ```ts
 * try {
 *   await client.contacts.list();
 * } catch (err) {
 *   if (err instanceof CommFlowError) console.error(err.message);
 * }
 * ```
 */
export class CommFlowError extends Error {
  override name = 'CommFlowError';
}

/**
 * A call's arguments failed the contract's schemas, so no request was sent. `issues` lists
 * every problem; each `path` starts with where the value was (`path`, `query`, `body`,
 * `options`), like the service's own `VALIDATION_ERROR` details.
 *
 * @example
 * ```ts
 * try {
 *   await client.contacts.create({ firstName: 'Ann', phoneMobile: '555' });
 * } catch (err) {
 *   if (err instanceof ValidationError) console.log(err.code, err.field); // 'VALIDATION_ERROR' 'body.phoneMobile'
 * }
 * ```
 */
export class ValidationError extends CommFlowError {
  override name = 'ValidationError';
  /**
   * `VALIDATION_ERROR`, the code the service gives the same mistake, so `err.code` logging and
   * `switch (err.code)` treat a refusal before sending like the service's own 400.
   */
  readonly code = 'VALIDATION_ERROR' as const;
  /** The id of the operation that was called. */
  readonly operation: string;
  /** Every problem found, in schema order. */
  readonly issues: readonly ValidationIssue[];

  constructor(operation: string, issues: readonly ValidationIssue[]) {
    super(`Invalid arguments for ${operation}: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    this.operation = operation;
    this.issues = issues;
  }

  /** The dotted path of the first invalid value, such as `body.phoneMobile`. */
  get field(): string {
    return this.issues[0]?.path.join('.') ?? '';
  }
}

/**
 * The fields every {@link APIError} is built from.
 *
 * @example
 * ```ts
 * const init: APIErrorInit = { status: 404, code: 'NOT_FOUND', message: 'No such agent', details: undefined, requestId: 'req_1', headers: new Headers() };
 * ```
 */
export interface APIErrorInit {
  status: number;
  code: ErrorCode | (string & {}) | null;
  message: string;
  details: unknown;
  requestId: string | null;
  headers: Headers;
}

/**
 * The service answered with an error status. `code` is the catalogue's code, or `null` when the
 * body was not a CommFlow error (a proxy's HTML page, say); `message` then quotes the start of the
 * body. `code` is typed as the catalogue's codes plus `string`, so comparisons autocomplete and
 * codes the service adds later still compare; `err.hasCode('NO_EXTENSION')` narrows `code` to
 * exactly that code (TypeScript cannot narrow an open string union by `===`).
 *
 * @example
 * ```ts
 * try {
 *   await client.withUser('ann.lee@acme.test').voice.click2dial({ destination: '+14155550100' });
 * } catch (err) {
 *   if (err instanceof APIError && err.code === 'NO_EXTENSION') console.log('Provision an extension first');
 *   else throw err;
 * }
 * ```
 */
export class APIError extends CommFlowError {
  override name = 'APIError';
  /** The HTTP status. */
  readonly status: number;
  /** The catalogue code from `error.code`, or `null` when the body carried none. */
  readonly code: ErrorCode | (string & {}) | null;
  /** `error.details`: for `VALIDATION_ERROR`, an array of `{ path, message }`. */
  readonly details: unknown;
  /** The `X-Request-Id` of the response: quote it when you contact support. */
  readonly requestId: string | null;
  /** The response headers. */
  readonly headers: Headers;

  constructor(init: APIErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.headers = init.headers;
  }

  /**
   * Whether the error carries a catalogue code; narrows `code` to it.
   *
   * @example
   * ```ts
   * if (err instanceof APIError && err.hasCode('RATE_LIMITED')) {
   *   const code: 'RATE_LIMITED' = err.code;
   * }
   * ```
   */
  hasCode<C extends ErrorCode>(code: C): this is this & { readonly code: C } {
    return this.code === code;
  }
}

/**
 * 400: the service rejected the request (`VALIDATION_ERROR`, `INVALID_JSON`, `INVALID_CURSOR`).
 *
 * @example
 * ```ts
 * if (err instanceof BadRequestError && err.code === 'INVALID_CURSOR') restartListing();
 * ```
 */
export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}

/**
 * 401: the API key is missing, malformed, unknown or revoked (`UNAUTHENTICATED`).
 *
 * @example
 * ```ts
 * if (err instanceof AuthenticationError) console.error('Check COMMFLOW_API_KEY');
 * ```
 */
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}

/**
 * 403: the key, tenant or acting user may not do this (`PERMISSION_DENIED`, `MODULE_DISABLED`,
 * `CAPABILITY_DENIED`, `TENANT_ACCESS_DENIED`, `UNKNOWN_USER`).
 *
 * @example
 * ```ts
 * if (err instanceof PermissionDeniedError && err.code === 'MODULE_DISABLED') showUpsell();
 * ```
 */
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}

/**
 * 404: no such route, or an id that does not exist under the tenant (or that the acting user may
 * not access).
 *
 * @example
 * ```ts
 * const agent = await client.ai.agents.get(id).catch((err: unknown) => (err instanceof NotFoundError ? null : Promise.reject(err)));
 * ```
 */
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}

/**
 * 409: `NO_EXTENSION`, `IDEMPOTENCY_KEY_REUSED`, or `IDEMPOTENCY_IN_PROGRESS` once retries are
 * spent.
 *
 * @example
 * ```ts
 * if (err instanceof ConflictError && err.code === 'IDEMPOTENCY_KEY_REUSED') console.error('Use a fresh key per request');
 * ```
 */
export class ConflictError extends APIError {
  override name = 'ConflictError';
}

/**
 * 429: the key's rate-limit window is spent, and retrying did not help (or the service asked
 * for a longer wait than `maxRetryAfter` allows).
 *
 * @example
 * ```ts
 * if (err instanceof RateLimitError) await sleep((err.retryAfterSeconds ?? 1) * 1000);
 * ```
 */
export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  /** Seconds until the window resets: `Retry-After`, else `details.retryAfterSeconds`, else `RateLimit-Reset`. */
  readonly retryAfterSeconds: number | null;

  constructor(init: APIErrorInit & { retryAfterSeconds: number | null }) {
    super(init);
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/**
 * 5xx: the service failed. The SDK retries these before giving up.
 *
 * @example
 * ```ts
 * if (err instanceof InternalServerError) console.error('CommFlow is having trouble', err.requestId);
 * ```
 */
export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

/**
 * A success response whose `data` is not what the contract documents: the operation's key is
 * missing (always checked), or, with `validateResponses: true`, a value does not match the
 * contract's response schema. `operation` names the call, `paths` where the answer is wrong
 * (`data.contacts[0].email`). Never retried: asking again gets the same answer.
 *
 * @example
 * ```ts
 * if (err instanceof UnexpectedResponseError) console.error(err.operation, err.paths, err.requestId);
 * ```
 */
export class UnexpectedResponseError extends APIError {
  override name = 'UnexpectedResponseError';
  /** The id of the operation that was called. */
  readonly operation: string;
  /** Where the response differs from the contract, such as `data.contacts`. */
  readonly paths: readonly string[];

  constructor(operation: string, paths: readonly string[], init: APIErrorInit) {
    super(init);
    this.operation = operation;
    this.paths = paths;
  }
}

/**
 * No response arrived: DNS, refused or reset connection, or a `fetch` that threw. `cause` is
 * the underlying error.
 *
 * @example
 * ```ts
 * if (err instanceof APIConnectionError) console.error('Network trouble:', err.cause);
 * ```
 */
export class APIConnectionError extends CommFlowError {
  override name = 'APIConnectionError';

  constructor(message = 'Connection error.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * An attempt took longer than `timeout`, and retries did not help.
 *
 * @example
 * ```ts
 * if (err instanceof APITimeoutError) console.error('CommFlow did not answer in time');
 * ```
 */
export class APITimeoutError extends APIConnectionError {
  override name = 'APITimeoutError';

  constructor(message = 'Request timed out.') {
    super(message);
  }
}

/**
 * The caller's `AbortSignal` fired. Never retried. Its `name` is `'AbortError'`, like a
 * fetch abort, and `cause` holds the signal's reason.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const call = client.contacts.list({}, { signal: controller.signal });
 * controller.abort();
 * await call.catch((err: unknown) => console.log(err instanceof APIUserAbortError)); // true
 * ```
 */
export class APIUserAbortError extends CommFlowError {
  override name = 'AbortError';

  constructor(options?: { cause?: unknown }) {
    super('Request was aborted.', options);
  }
}

/**
 * A hook (see {@link Hooks}) threw or rejected, so the call failed. `hook` names it, `operation`
 * the call's operation, and `cause` holds what it threw. Never retried.
 *
 * @example
 * ```ts
 * try {
 *   await client.users.list();
 * } catch (err) {
 *   if (err instanceof HookError) console.error(`fix the ${err.hook} hook:`, err.cause);
 * }
 * ```
 */
export class HookError extends CommFlowError {
  override name = 'HookError';
  /** The hook that threw, such as `beforeRequest`. */
  readonly hook: HookName;
  /** The id of the operation that was called. */
  readonly operation: string;

  constructor(hook: HookName, operation: string, cause: unknown) {
    super(`The ${hook} hook of ${operation} threw: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.hook = hook;
    this.operation = operation;
  }
}

/**
 * Builds the {@link APIError} subclass that matches a status.
 *
 * @internal
 */
export function makeAPIError(init: APIErrorInit, retryAfterSeconds: number | null): APIError {
  const { status } = init;
  if (status === 400) return new BadRequestError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new PermissionDeniedError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 409) return new ConflictError(init);
  if (status === 429) return new RateLimitError({ ...init, retryAfterSeconds });
  if (status >= 500) return new InternalServerError(init);
  return new APIError(init);
}
