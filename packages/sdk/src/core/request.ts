import {
  Email,
  expandPath,
  HEADERS,
  IdempotencyKey,
  IdInput,
  isSafeToRetry,
  isUserScoped,
  takesIdempotencyKey,
  type OperationDefinition,
  type Pagination,
  type ValidationIssue,
} from '@commflow/contract';
import { TimeoutError, type KyInstance } from 'ky';
import * as z from 'zod';
import type { RateLimitInfo, WithResponse } from './api-promise.js';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  CommFlowError,
  makeAPIError,
  ValidationError,
} from './errors.js';
import type { LevelLogger } from '../internal/logger.js';
import { abortable, numericHeader, retryAfterMs, sleep, uuidv4 } from '../internal/utils.js';

/**
 * Options of one call, overriding the client's for that call only.
 *
 * @example
 * ```ts
 * await client.contacts.create(
 *   { firstName: 'Ann' },
 *   { userEmail: 'bob@example.com', idempotencyKey: 'import-42', timeout: 5_000, maxRetries: 5 },
 * );
 * ```
 */
export interface RequestOptions {
  /** The acting user (`X-User-Email`) of a user-scoped operation. */
  userEmail?: string | undefined;
  /** The tenant (`X-Tenant-Id`): an account (`cfa_`) key may access several. */
  tenantId?: string | undefined;
  /** The `Idempotency-Key` of an operation that takes one. Default: a new UUID v4 per call, reused by its retries. */
  idempotencyKey?: string | undefined;
  /** Aborts the call, including its retries and backoff waits. An aborted call rejects with {@link APIUserAbortError}. */
  signal?: AbortSignal | undefined;
  /** Milliseconds each attempt may take. */
  timeout?: number | undefined;
  /** How many times a failed attempt may be retried. */
  maxRetries?: number | undefined;
  /** Extra request headers. */
  headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * The client configuration the request core reads. Kept in a private field of the client, so the
 * key it holds never shows in `inspect` output.
 *
 * @internal
 */
export interface ClientState {
  readonly ky: KyInstance;
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly tenantId: string;
  readonly userEmail: string | undefined;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly maxRetryAfter: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly log: LevelLogger;
}

/**
 * The arguments of a call, before validation.
 *
 * @internal
 */
export interface CallInput {
  path?: Readonly<Record<string, unknown>> | undefined;
  query?: Readonly<Record<string, unknown>> | undefined;
  body?: unknown;
}

/**
 * A success, with the `meta` of its envelope.
 *
 * @internal
 */
export interface RawResult<T> extends WithResponse<T> {
  pagination: Pagination | undefined;
}

const INITIAL_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 8_000;
const ERROR_TEXT_LIMIT = 200;

function issuesOf(where: string, error: z.core.$ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({ path: [where, ...issue.path.map(String)], message: issue.message }));
}

function check<T>(operation: string, where: string, schema: z.core.$ZodType<T>, value: unknown): T {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new ValidationError(operation, issuesOf(where, result.error));
  return result.data;
}

/** Validates the arguments and builds everything an attempt sends. */
function prepare(state: ClientState, op: OperationDefinition, input: CallInput, options: RequestOptions) {
  const tenantId =
    options.tenantId === undefined ? state.tenantId : check(op.id, 'options.tenantId', IdInput, options.tenantId);
  const userEmail =
    options.userEmail === undefined ? state.userEmail : check(op.id, 'options.userEmail', Email, options.userEmail);
  if (isUserScoped(op) && userEmail === undefined) {
    throw new ValidationError(op.id, [
      {
        path: ['options', 'userEmail'],
        message: `${op.id} acts on behalf of a user: set userEmail on the client, use client.withUser(email), or pass { userEmail } with the call`,
      },
    ]);
  }

  let path: string = op.path;
  if (op.pathParams) {
    path = expandPath(op.path, check(op.id, 'path', op.pathParams, input.path ?? {}) as Record<string, string>);
  }
  let searchParams: Record<string, string | undefined> | undefined;
  if (op.query && input.query) {
    const encoded = z.safeEncode(op.query, input.query);
    if (!encoded.success) throw new ValidationError(op.id, issuesOf('query', encoded.error));
    searchParams = encoded.data;
  }
  let body: string | undefined;
  if (op.body) body = JSON.stringify(check(op.id, 'body', op.body, input.body));

  // A plain record with lower-case names: ky builds the one Headers object of the request from it.
  const headers: Record<string, string> = { ...state.headers };
  if (options.headers) for (const [name, value] of Object.entries(options.headers)) headers[name.toLowerCase()] = value;
  headers.accept = 'application/json';
  headers.authorization = `Bearer ${state.apiKey}`;
  headers['x-tenant-id'] = tenantId;
  if (userEmail !== undefined && isUserScoped(op)) headers['x-user-email'] = userEmail;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (takesIdempotencyKey(op)) {
    // Made once per call: every retry of this call sends the same key, so the service acts once.
    const key = options.idempotencyKey ?? headers['idempotency-key'] ?? uuidv4();
    headers['idempotency-key'] = check(op.id, 'options.idempotencyKey', IdempotencyKey, key);
  }
  return { url: state.baseUrl + path, path, headers, searchParams, body };
}

function rateLimitOf(headers: Headers): RateLimitInfo {
  return {
    limit: numericHeader(headers, HEADERS.rateLimitLimit),
    remaining: numericHeader(headers, HEADERS.rateLimitRemaining),
    resetSeconds: numericHeader(headers, HEADERS.rateLimitReset),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Maps an error response to its {@link APIError} subclass, whatever its body. */
function errorFromResponse(response: Response, text: string): APIError {
  const json = parseJson(text);
  const error = isRecord(json) && isRecord(json.error) ? json.error : undefined;
  const meta = isRecord(json) && isRecord(json.meta) ? json.meta : undefined;
  const code = typeof error?.code === 'string' ? error.code : null;
  const snippet = text.length > ERROR_TEXT_LIMIT ? `${text.slice(0, ERROR_TEXT_LIMIT)}…` : text;
  const described = typeof error?.message === 'string' ? error.message : snippet.trim() || '(empty body)';
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  const message = code ? `${response.status} ${code}: ${described}` : `${response.status}${statusText}: ${described}`;
  const requestId =
    response.headers.get(HEADERS.requestId) ?? (typeof meta?.requestId === 'string' ? meta.requestId : null);
  const details = error?.details;
  let retryAfterSeconds: number | null = null;
  if (response.status === 429) {
    const fromHeader = retryAfterMs(response.headers);
    const fromDetails =
      isRecord(details) && typeof details.retryAfterSeconds === 'number' ? details.retryAfterSeconds : null;
    retryAfterSeconds =
      fromHeader !== null
        ? Math.ceil(fromHeader / 1000)
        : (fromDetails ?? numericHeader(response.headers, HEADERS.rateLimitReset));
  }
  return makeAPIError(
    { status: response.status, code, message, details, requestId, headers: response.headers },
    retryAfterSeconds,
  );
}

/** Reads a body within the attempt's remaining time. */
async function readText(response: Response, ms: number): Promise<string> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        void response.body?.cancel().catch(() => undefined);
        reject(new APITimeoutError('Timed out reading the response body.'));
      },
      Math.max(ms, 1),
    );
  });
  try {
    return await Promise.race([response.text(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The wait before the next attempt, or `null` when this error must not be retried. */
function retryDelay(state: ClientState, op: OperationDefinition, error: unknown, retry: number): number | null {
  if (!isSafeToRetry(op)) return null;
  if (error instanceof APIError) {
    const { status } = error;
    const retryable =
      status === 408 || status === 429 || status >= 500 || (status === 409 && error.code === 'IDEMPOTENCY_IN_PROGRESS');
    if (!retryable) return null;
    const asked =
      retryAfterMs(error.headers) ??
      (status === 429 ? (numericHeader(error.headers, HEADERS.rateLimitReset) ?? NaN) * 1000 : NaN);
    if (!Number.isNaN(asked)) return asked > state.maxRetryAfter ? null : asked;
  } else if (!(error instanceof APIConnectionError)) {
    return null;
  }
  // Exponential backoff with full jitter: uniform in [0, min(cap, initial × 2^retry)).
  return Math.random() * Math.min(MAX_RETRY_DELAY_MS, INITIAL_RETRY_DELAY_MS * 2 ** retry);
}

/** The underlying failure of a ky error, without ky's `request` (whose headers hold the key). */
function causeOf(error: unknown): unknown {
  if (error instanceof Error && error.name === 'NetworkError' && 'cause' in error) return error.cause;
  return error;
}

/**
 * Runs one call: validate, send, retry what may be retried, unwrap or map the error.
 *
 * @internal
 */
export async function execute<T>(
  state: ClientState,
  op: OperationDefinition,
  input: CallInput,
  options: RequestOptions = {},
): Promise<RawResult<T>> {
  const { signal } = options;
  if (signal?.aborted) throw new APIUserAbortError({ cause: signal.reason });
  const request = prepare(state, op, input, options);
  const maxRetries = options.maxRetries ?? state.maxRetries;
  const timeout = options.timeout ?? state.timeout;
  const { log } = state;

  for (let retry = 0; ; retry++) {
    let failure: unknown;
    const started = Date.now();
    try {
      if (log.enabled('debug'))
        log.log('debug', `${op.id}: ${op.method} ${request.path}${retry ? ` (retry ${retry})` : ''}`);
      const response = await abortable(
        state.ky(request.url, {
          method: op.method,
          headers: request.headers,
          ...(request.searchParams && { searchParams: request.searchParams }),
          body: request.body ?? null,
          timeout,
          signal: signal ?? null,
        }),
        signal,
      );
      const text = await abortable(readText(response, timeout - (Date.now() - started)), signal);
      if (log.enabled('debug')) log.log('debug', `${op.id}: ${response.status} in ${Date.now() - started} ms`);
      if (response.ok) return unwrap<T>(op, response, text);
      failure = errorFromResponse(response, text);
    } catch (error) {
      if (signal?.aborted) throw new APIUserAbortError({ cause: signal.reason });
      if (error instanceof CommFlowError) failure = error;
      else if (error instanceof TimeoutError) failure = new APITimeoutError(`Request timed out after ${timeout} ms.`);
      else
        failure = new APIConnectionError(
          `Connection error: ${String((causeOf(error) as Error | undefined)?.message ?? error)}`,
          { cause: causeOf(error) },
        );
    }

    const delay = retry < maxRetries ? retryDelay(state, op, failure, retry) : null;
    if (delay === null) throw failure;
    log.log(
      'info',
      `${op.id}: ${(failure as Error).message}; retry ${retry + 1} of ${maxRetries} in ${Math.round(delay)} ms`,
    );
    try {
      await sleep(delay, signal);
    } catch {
      throw new APIUserAbortError({ cause: signal?.reason });
    }
  }
}

function unwrap<T>(op: OperationDefinition, response: Response, text: string): RawResult<T> {
  const json = parseJson(text);
  if (!isRecord(json) || !isRecord(json.data)) {
    throw new APIError({
      status: response.status,
      code: null,
      message: `${response.status}: the response of ${op.id} is not a CommFlow envelope`,
      details: text.slice(0, ERROR_TEXT_LIMIT),
      requestId: response.headers.get(HEADERS.requestId),
      headers: response.headers,
    });
  }
  const meta = isRecord(json.meta) ? json.meta : undefined;
  const data = (op.resultKey === undefined ? json.data : json.data[op.resultKey]) as T;
  return {
    data,
    response,
    requestId: response.headers.get(HEADERS.requestId),
    rateLimit: rateLimitOf(response.headers),
    pagination: isRecord(meta?.pagination) ? (meta.pagination as Pagination) : undefined,
  };
}
