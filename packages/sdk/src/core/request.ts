import {
  Email,
  HEADERS,
  IdempotencyKey,
  IdInput,
  isSafeToRetry,
  isUserScoped,
  takesIdempotencyKey,
  type OperationRequest,
  type Pagination,
} from '@commflow/contract';
import ky, { NetworkError, TimeoutError, type KyInstance, type Options } from 'ky';
import * as z from 'zod/mini';
import type { ResponseResult } from './api-promise.js';
import {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  CommFlowError,
  HookError,
  makeAPIError,
  ValidationError,
} from './errors.js';
import type { HeaderList } from './headers.js';
import {
  hooksProblem,
  type HookContext,
  type HookName,
  type Hooks,
  type HooksOption,
  type WaitReason,
} from './hooks.js';
import type { Throttle } from './throttle.js';
import { DEFER_MESSAGES, describe, InvalidArguments } from './invalid-arguments.js';
import { rememberSignal } from './signals.js';
import type { LevelLogger } from '../internal/logger.js';
import { kindOf, unknownKeyIssues, unknownKeys } from '../internal/known-keys.js';
import { abortable, numericHeader, retryAfterMs, sleep, uuidv4 } from '../internal/utils.js';

/**
 * Options of one call, overriding the client's for that call only. A key that is not one of these
 * (from JavaScript, a typo such as `retries`) rejects the call with a `ValidationError` naming it
 * and the option it probably meant; nothing is sent.
 *
 * @example
 * ```ts
 * await client.contacts.create(
 *   { firstName: 'Ann' },
 *   { userEmail: 'bob.stone@acme.test', idempotencyKey: 'import-42', timeout: 5_000, maxRetries: 5 },
 * );
 * // { retries: 5 } rejects: Invalid arguments for contacts.create: options.retries: unknown option (did you mean "maxRetries"?)
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
  /** Milliseconds each attempt may take: an integer in 1..2147483647. */
  timeout?: number | undefined;
  /** How many times a failed attempt may be retried: an integer >= 0. */
  maxRetries?: number | undefined;
  /** Extra request headers. */
  headers?: Readonly<Record<string, string>> | undefined;
  /** Hooks of this call only: they run after the client's (see {@link Hooks}). */
  hooks?: HooksOption | undefined;
}

/**
 * Every call option's name, once: `satisfies` makes TypeScript refuse a name
 * {@link RequestOptions} lacks and an option this map forgets, so the check cannot drift.
 */
const CALL_OPTION_NAMES = {
  userEmail: true,
  tenantId: true,
  idempotencyKey: true,
  signal: true,
  timeout: true,
  maxRetries: true,
  headers: true,
  hooks: true,
} as const satisfies Record<keyof RequestOptions, true>;

/**
 * Refuses call options that are not an object, unknown ones (`retries`) and a `hooks` that is not
 * hooks, which plain JavaScript would otherwise have ignored. A handful of `in` checks per call.
 */
function checkCallOptions(op: OperationRequest, options: unknown): asserts options is RequestOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ValidationError(op.id, [{ path: ['options'], message: `must be an object, got ${kindOf(options)}` }]);
  }
  const unknown = unknownKeys(options, CALL_OPTION_NAMES);
  if (unknown) {
    throw new ValidationError(
      op.id,
      unknownKeyIssues(unknown, CALL_OPTION_NAMES, ['options'], 'option', "a call's options are"),
    );
  }
  const { hooks } = options as RequestOptions;
  const problem = hooks === undefined ? undefined : hooksProblem(hooks);
  if (problem !== undefined) throw new ValidationError(op.id, [{ path: ['options', 'hooks'], message: problem }]);
}

/**
 * The keys of a call's input, once: `satisfies` makes TypeScript refuse a key {@link CallInput}
 * lacks and one this map forgets.
 */
const INPUT_NAMES = { path: true, query: true, body: true } as const satisfies Record<keyof CallInput, true>;

/**
 * Refuses an unknown key in the input of `request()` or `paginate()` (`qurey`, `params`), which
 * plain JavaScript would otherwise have dropped, sending the call without it.
 */
function checkCallInput(op: OperationRequest, input: CallInput): void {
  const unknown = unknownKeys(input, INPUT_NAMES);
  if (unknown) {
    throw new ValidationError(op.id, unknownKeyIssues(unknown, INPUT_NAMES, [], 'key', "a call's input holds"));
  }
}

/**
 * How a client paces its calls (`rateLimit`, `maxConcurrency`), and the queues it shares with its
 * copies: one per key, tenant and settings.
 *
 * @internal
 */
export interface Throttling {
  readonly auto: boolean;
  readonly maxConcurrency: number;
  readonly queues: Map<string, unknown>;
}

/**
 * The client configuration the request core reads. Kept in a private field of the client, so the
 * key it holds never shows in `inspect` output. Built once per client: the ky instance carries
 * everything static (no retries, no HTTP errors, the timeout, the fetch), and the headers every
 * call sends are prepared here, so a call only adds what is its own.
 *
 * @internal
 */
export interface ClientState {
  /**
   * The client's ky instance, made by its first call (ky is loaded with the request core, on the
   * first call of any client): no retries (the SDK runs its own loop), no HTTP errors (the SDK maps
   * them), the client's per-attempt timeout.
   */
  readonly ky: { instance?: KyInstance };
  /** The fetch requests go out with: the client's `fetch` option, else the global one. */
  readonly fetch: (request: Request, init?: RequestInit) => Promise<Response>;
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly tenantId: string;
  readonly userEmail: string | undefined;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly maxRetryAfter: number;
  /** The client's own `headers`, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** `headers` plus accept, authorization and x-tenant-id: what a plain call sends. */
  readonly baseHeaders: HeaderList;
  /** `baseHeaders` plus x-user-email, when the client has a user: what a plain user-scoped call sends. */
  readonly userHeaders: HeaderList | undefined;
  readonly log: LevelLogger;
  /** The client's hooks, its parent's first; `undefined` when there are none, so a call pays nothing for them. */
  readonly hooks: readonly Hooks[] | undefined;
  /** `undefined` unless `rateLimit: 'auto'` or `maxConcurrency` is set. */
  readonly throttling: Throttling | undefined;
}

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
class CallerFault {
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
function fetchWith(
  state: ClientState,
  headers: HeaderList | Headers,
): (input: unknown, init?: RequestInit) => Promise<Response> {
  return (input, init) => {
    let response: Promise<Response>;
    try {
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
    if (typeof (response as Partial<Promise<Response>> | null)?.then !== 'function') {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- unwrapped by execute
      return Promise.reject(new CallerFault(new TypeError('fetch must return a promise')));
    }
    return response;
  };
}

/** ky's promise of a response; what ky throws before sending (an option it rejects) is a mistake. */
function send(ky: KyInstance, url: string, init: Options): Promise<Response> {
  try {
    return ky(url, init);
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- unwrapped by execute
    throw new CallerFault(error);
  }
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
 * A success: the unwrapped data, its response, and the `meta.pagination` of its envelope. The
 * request id and rate-limit state are read from the response only when `.withResponse()` asks.
 *
 * @internal
 */
export interface RawResult<T> extends ResponseResult<T> {
  pagination: Pagination | undefined;
}

/**
 * What the SDK knows of one operation, worked out on its first call and reused by every later
 * one: the path template split at its parameters, which headers apply, whether it may be retried,
 * and the query string an empty query encodes to.
 */
interface OperationPlan {
  readonly method: OperationRequest['method'];
  readonly userScoped: boolean;
  readonly idempotent: boolean;
  readonly safeToRetry: boolean;
  /** Literal segments and parameter names, alternating: `['/api/v1/sms/', 'id', '/messages']`. */
  readonly pathParts: readonly string[] | undefined;
  /** The encoded empty query (`''`) when `{}` is a valid query that encodes to nothing, else `undefined`. */
  readonly emptyQuery: string | undefined;
}

const plans = new WeakMap<OperationRequest, OperationPlan>();
const PATH_PARAM = /\{(\w+)\}/;

function planOf(op: OperationRequest): OperationPlan {
  let plan = plans.get(op);
  if (plan === undefined) {
    let emptyQuery: string | undefined;
    if (op.query === undefined) emptyQuery = '';
    else {
      const encoded = z.safeEncode(op.query, {});
      if (encoded.success && Object.values(encoded.data).every((value) => value === undefined)) emptyQuery = '';
    }
    plan = {
      method: op.method,
      userScoped: isUserScoped(op),
      idempotent: takesIdempotencyKey(op),
      safeToRetry: isSafeToRetry(op),
      pathParts: op.pathParams ? op.path.split(PATH_PARAM) : undefined,
      emptyQuery,
    };
    plans.set(op, plan);
  }
  return plan;
}

function isEmpty(record: Readonly<Record<string, unknown>>): boolean {
  for (const _ in record) return false;
  return true;
}

const INITIAL_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 8_000;
const ERROR_TEXT_LIMIT = 200;

// Where each checked value was, as the path of its issues begins (hoisted: a call allocates none).
const AT_BODY = ['body'];
const AT_PATH = ['path'];
const AT_QUERY = ['query'];
const AT_TENANT = ['options', 'tenantId'];
const AT_USER = ['options', 'userEmail'];
const AT_IDEMPOTENCY_KEY = ['options', 'idempotencyKey'];

// Messages are written in English, whatever zod locale the app configured (or none: zod/mini
// carries no messages), by describe() when the call fails: a valid call never loads them.
function check<T>(operation: string, where: readonly string[], schema: z.core.$ZodType<T>, value: unknown): T {
  const result = z.safeParse(schema, value, DEFER_MESSAGES);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- described by execute before the call rejects
  if (!result.success) throw new InvalidArguments(operation, where, result.error.issues);
  return result.data;
}

/** Fills a split path template (see {@link OperationPlan.pathParts}) with URI-encoded values. */
function fillPath(parts: readonly string[], params: Readonly<Record<string, unknown>>): string {
  let path = parts[0] ?? '';
  for (let i = 1; i < parts.length; i += 2) {
    path += encodeURIComponent(String(params[parts[i] ?? ''])) + (parts[i + 1] ?? '');
  }
  return path;
}

/** A query string (without `?`) from an encoded query; `undefined` values are left out. */
function queryString(encoded: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const name in encoded) {
    const value = encoded[name];
    if (value !== undefined) params.append(name, value);
  }
  return params.toString();
}

/** What one call sends on every attempt. */
interface Prepared {
  /** The absolute URL, query included: ky gets it as is (no prefix or searchParams merging). */
  readonly url: string;
  /** The path without the query, for the debug log (a query may hold search terms). */
  readonly path: string;
  /** ky's options: only the keys this call needs, since ky merges every key on every call. */
  readonly init: Options;
  /** The headers the call sends (hooks get a `Headers` of them per attempt). */
  readonly headers: HeaderList;
  readonly tenantId: string;
}

/** Validates the arguments and builds everything an attempt sends. */
function prepare(
  state: ClientState,
  op: OperationRequest,
  plan: OperationPlan,
  input: CallInput,
  options: RequestOptions,
  timeout: number,
): Prepared {
  const tenantId = options.tenantId === undefined ? state.tenantId : check(op.id, AT_TENANT, IdInput, options.tenantId);
  const userEmail = options.userEmail === undefined ? state.userEmail : check(op.id, AT_USER, Email, options.userEmail);
  if (plan.userScoped && userEmail === undefined) {
    throw new ValidationError(op.id, [
      {
        path: ['options', 'userEmail'],
        message: `${op.id} acts on behalf of a user: set userEmail on the client, use client.withUser(email), or pass { userEmail } with the call`,
      },
    ]);
  }

  let path: string = op.path;
  if (plan.pathParts && op.pathParams) {
    path = fillPath(plan.pathParts, check(op.id, AT_PATH, op.pathParams, input.path ?? {}));
  }
  let search = '';
  const { query } = input;
  if (op.query && !(plan.emptyQuery !== undefined && (query === undefined || isEmpty(query)))) {
    const encoded = z.safeEncode(op.query, query ?? {}, DEFER_MESSAGES);
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- described by execute before the call rejects
    if (!encoded.success) throw new InvalidArguments(op.id, AT_QUERY, encoded.error.issues);
    search = queryString(encoded.data);
  }
  let body: string | undefined;
  if (op.body) body = JSON.stringify(check(op.id, AT_BODY, op.body, input.body));

  // Names in lower case, set on the request by the call's fetch (see fetchWith). A call with nothing
  // of its own sends the client's prepared list as is.
  let headers: HeaderList;
  if (
    options.headers === undefined &&
    options.tenantId === undefined &&
    options.userEmail === undefined &&
    body === undefined &&
    !plan.idempotent
  ) {
    headers = (plan.userScoped ? state.userHeaders : undefined) ?? state.baseHeaders;
  } else {
    const own: Record<string, string> = { ...state.headers };
    if (options.headers) for (const [name, value] of Object.entries(options.headers)) own[name.toLowerCase()] = value;
    own.accept = 'application/json';
    own.authorization = `Bearer ${state.apiKey}`;
    own['x-tenant-id'] = tenantId;
    if (userEmail !== undefined && plan.userScoped) own['x-user-email'] = userEmail;
    if (body !== undefined) own['content-type'] = 'application/json';
    if (plan.idempotent) {
      // Made once per call: every retry of this call sends the same key, so the service acts once.
      const given = options.idempotencyKey ?? own['idempotency-key'];
      own['idempotency-key'] = given === undefined ? uuidv4() : check(op.id, AT_IDEMPOTENCY_KEY, IdempotencyKey, given);
    }
    headers = Object.entries(own);
  }

  // The instance already holds the method's default (GET) and the client's timeout.
  const init: Options = { fetch: fetchWith(state, headers) };
  if (plan.method !== 'GET') init.method = plan.method;
  if (body !== undefined) init.body = body;
  if (timeout !== state.timeout) init.timeout = timeout;
  if (options.signal) init.signal = options.signal;
  return { url: search ? `${state.baseUrl}${path}?${search}` : state.baseUrl + path, path, init, headers, tenantId };
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

/** Reads a body within the attempt's remaining time: one timer and one promise, no race. */
function readText(response: Response, ms: number): Promise<string> {
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

/** The wait before the next attempt and why, or `null` when this error must not be retried. */
function retryDelay(
  state: ClientState,
  plan: OperationPlan,
  error: unknown,
  retry: number,
): [ms: number, reason: WaitReason] | null {
  if (!plan.safeToRetry) return null;
  if (error instanceof APIError) {
    const { status } = error;
    const retryable =
      status === 408 || status === 429 || status >= 500 || (status === 409 && error.code === 'IDEMPOTENCY_IN_PROGRESS');
    if (!retryable) return null;
    const asked =
      retryAfterMs(error.headers) ??
      (status === 429 ? (numericHeader(error.headers, HEADERS.rateLimitReset) ?? NaN) * 1000 : NaN);
    if (!Number.isNaN(asked)) return asked > state.maxRetryAfter ? null : [asked, 'retry-after'];
  } else if (!(error instanceof APIConnectionError)) {
    return null;
  }
  // Exponential backoff with full jitter: uniform in [0, min(cap, initial × 2^retry)).
  return [Math.random() * Math.min(MAX_RETRY_DELAY_MS, INITIAL_RETRY_DELAY_MS * 2 ** retry), 'backoff'];
}

/**
 * What a thrown error becomes: a timeout, a connection error (a network failure: ky's
 * `NetworkError`, or the `TypeError` a fetch rejects with), or the error itself, unchanged, when it
 * is anything else (a bug in a custom fetch, a mistake ky reports), which is never retried.
 */
function failureOf(error: unknown, timeout: number): CommFlowError {
  if (error instanceof CommFlowError) return error;
  if (error instanceof TimeoutError) return new APITimeoutError(`Request timed out after ${timeout} ms.`);
  if (error instanceof CallerFault) throw error.error;
  // ky's NetworkError carries ky's `request` (whose headers hold the key): keep only its cause.
  const cause = error instanceof NetworkError ? error.cause : error;
  if (cause instanceof TypeError) return new APIConnectionError(`Connection error: ${cause.message}`, { cause });
  throw error;
}

const MAX_TIMEOUT = 2_147_483_647;

function invalidOption(op: OperationRequest, name: string, message: string): never {
  throw new ValidationError(op.id, [{ path: ['options', name], message }]);
}

/** Runs one hook of every set, in order; the first that throws fails the call, naming itself. */
async function run<N extends HookName>(
  hooks: readonly Hooks[],
  name: N,
  context: Parameters<NonNullable<Hooks[N]>>[0],
): Promise<void> {
  let failure: HookError | undefined;
  for (const set of hooks) {
    const hook = set[name] as ((context: HookContext) => unknown) | undefined;
    if (hook === undefined) continue;
    try {
      await hook(context);
    } catch (error) {
      failure ??= new HookError(name, context.operationId, error);
      // Every onError runs, so that each set (a tracer closing its span) hears of the failure.
      if (name !== 'onError') break;
    }
  }
  if (failure) throw failure;
}

/** The client's hooks followed by the call's. */
function withCallHooks(own: readonly Hooks[] | undefined, call: HooksOption): readonly Hooks[] {
  return (own ?? []).concat(call);
}

/** The headers of the context before the first attempt, which no hook sees. */
const EMPTY = new Headers();

let throttleModule: Promise<typeof import('./throttle.js')> | undefined;

/**
 * The queue of the call's key and tenant, shared by every copy of the client. The queue's code is
 * loaded by the first call of a client with `rateLimit` or `maxConcurrency`: a client without
 * them never loads it.
 */
async function throttleOf(throttling: Throttling, apiKey: string, tenantId: string): Promise<Throttle> {
  const id = `${apiKey} ${tenantId}`;
  let throttle = throttling.queues.get(id) as Throttle | undefined;
  if (throttle === undefined) {
    const { Throttle } = await (throttleModule ??= import('./throttle.js'));
    // Another call may have made it while this one waited for the module.
    throttle =
      (throttling.queues.get(id) as Throttle | undefined) ?? new Throttle(throttling.auto, throttling.maxConcurrency);
    throttling.queues.set(id, throttle);
  }
  return throttle;
}

/**
 * Runs one call: validate, send, retry what may be retried, unwrap or map the error.
 *
 * @internal
 */
export async function execute<T>(
  state: ClientState,
  op: OperationRequest,
  input: CallInput,
  options: RequestOptions = {},
): Promise<RawResult<T>> {
  checkCallOptions(op, options);
  checkCallInput(op, input);
  const { signal } = options;
  if (signal?.aborted) throw new APIUserAbortError({ cause: signal.reason });
  const plan = planOf(op);
  let { maxRetries, timeout } = state;
  if (options.maxRetries !== undefined) {
    maxRetries = options.maxRetries;
    if (!Number.isInteger(maxRetries) || maxRetries < 0) invalidOption(op, 'maxRetries', 'must be an integer >= 0');
  }
  if (options.timeout !== undefined) {
    timeout = options.timeout;
    if (!Number.isInteger(timeout) || timeout <= 0 || timeout > MAX_TIMEOUT) {
      invalidOption(op, 'timeout', `must be an integer number of milliseconds in 1..${MAX_TIMEOUT}`);
    }
  }
  let request: Prepared;
  try {
    request = prepare(state, op, plan, input, options, timeout);
  } catch (error) {
    throw error instanceof InvalidArguments ? await describe(error) : error;
  }
  const hooks = options.hooks === undefined ? state.hooks : withCallHooks(state.hooks, options.hooks);
  if (hooks === undefined || hooks.length === 0)
    return attempts<T>(state, op, plan, request, signal, maxRetries, timeout);
  // The current attempt's context: attempts() replaces it as each attempt starts, so that onError
  // hears the attempt that failed.
  const live: { context: HookContext } = {
    context: {
      call: {},
      operationId: op.id as HookContext['operationId'],
      method: op.method,
      url: request.url,
      tenantId: request.tenantId,
      attempt: 0,
      // Replaced by each attempt's own before any hook sees it.
      headers: EMPTY,
    },
  };
  try {
    return await attempts<T>(state, op, plan, request, signal, maxRetries, timeout, hooks, live);
  } catch (error) {
    if (error instanceof CommFlowError && !(error instanceof HookError && error.hook === 'onError')) {
      await run(hooks, 'onError', { ...live.context, error });
    }
    throw error;
  }
}

/**
 * The attempts of a call. With hooks, `live.context` is the current attempt's (number and
 * headers): the hooks get copies of it with their own fields added.
 */
async function attempts<T>(
  state: ClientState,
  op: OperationRequest,
  plan: OperationPlan,
  request: Prepared,
  signal: AbortSignal | undefined,
  maxRetries: number,
  timeout: number,
  hooks?: readonly Hooks[],
  live?: { context: HookContext },
): Promise<RawResult<T>> {
  const { log, throttling } = state;
  const client = (state.ky.instance ??= ky.create({ retry: 0, throwHttpErrors: false, timeout: state.timeout }));
  const throttle = throttling && (await throttleOf(throttling, state.apiKey, request.tenantId));

  for (let retry = 0; ; retry++) {
    const context = live && {
      ...live.context,
      attempt: retry + 1,
      headers: new Headers(request.headers as [string, string][]),
    };
    if (live && context) live.context = context;
    if (throttle) {
      await throttle.wait(
        op.id,
        signal,
        timeout,
        log,
        hooks && context && ((waitMs) => run(hooks, 'onWait', { ...context, reason: 'rate-limit', waitMs })),
      );
    }

    let failure: CommFlowError | undefined;
    let response: Response | undefined;
    let text = '';
    let result: RawResult<T> | undefined;
    try {
      let { init } = request;
      if (hooks && context) {
        await run(hooks, 'beforeRequest', context);
        init = { ...init, fetch: fetchWith(state, context.headers) };
      }
      const started = Date.now();
      try {
        if (log.enabled('debug'))
          log.log('debug', `${op.id}: ${op.method} ${request.path}${retry ? ` (retry ${retry})` : ''}`);
        response = await abortable(send(client, request.url, init), signal);
        text = await abortable(readText(response, timeout - (Date.now() - started)), signal);
        if (log.enabled('debug')) log.log('debug', `${op.id}: ${response.status} in ${Date.now() - started} ms`);
        if (response.ok) {
          if (signal) rememberSignal(response, signal);
          result = unwrap<T>(op, response, text);
        } else failure = errorFromResponse(response, text);
      } catch (error) {
        if (signal?.aborted) throw new APIUserAbortError({ cause: signal.reason });
        failure = failureOf(error, timeout);
      }
    } finally {
      throttle?.release(response?.headers);
    }
    if (hooks && context && response) {
      const { status, statusText, headers } = response;
      // `null` for an empty body: a 204 may have no other.
      const copy = new Response(text || null, { status, statusText, headers });
      await run(hooks, 'afterResponse', { ...context, response: copy });
    }
    if (result) return result;
    failure ??= new CommFlowError(`${op.id}: no response`);

    const wait = retry < maxRetries ? retryDelay(state, plan, failure, retry) : null;
    if (wait === null) throw failure;
    // Whole milliseconds: what the hooks and the log report is exactly what the SDK waits.
    const delayMs = Math.round(wait[0]);
    const reason = wait[1];
    log.log(...retryLine(op.id, failure.message, retry + 1, maxRetries, delayMs));
    if (hooks && context) {
      await run(hooks, 'onRetry', { ...context, error: failure, delayMs });
      await run(hooks, 'onWait', { ...context, reason, waitMs: delayMs });
    }
    try {
      await sleep(delayMs, signal);
    } catch {
      throw new APIUserAbortError({ cause: signal?.reason });
    }
  }
}

function unwrap<T>(op: OperationRequest, response: Response, text: string): RawResult<T> {
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
  return { data, response, pagination: isRecord(meta?.pagination) ? (meta.pagination as Pagination) : undefined };
}

/** Waits longer than this are never silent: a stalled test otherwise looks like a plain timeout. */
const LONG_WAIT_MS = 2_000;

/**
 * A last sentence of the error's message that says when to retry (the service's `Retry in 60 s.`):
 * the log line says when the SDK retries, so it is said once.
 */
const RETRY_HINT = /(?<=[.!?])\s+(?:retry|try again)\b(?:[^.!?]|\.\d)*[.!?]?\s*$/i;

/**
 * The log line before a retry: `contacts.list: 429 RATE_LIMITED: Rate limit of 600 requests
 * exceeded. Retry 1 of 2 in 60 s.` A wait over 2 s is a warning, with how to change it; a short
 * one is `info`.
 */
function retryLine(
  operation: string,
  reason: string,
  attempt: number,
  maxRetries: number,
  delayMs: number,
): ['warn' | 'info', string] {
  const wait = delayMs < 1e3 ? `${String(Math.round(delayMs))} ms` : `${String(Math.round(delayMs / 100) / 10)} s`;
  const line = `${operation}: ${reason.replace(RETRY_HINT, '').replace(/[.\s]+$/, '')}. Retry ${String(attempt)} of ${String(maxRetries)} in ${wait}.`;
  if (delayMs <= LONG_WAIT_MS) return ['info', line];
  return ['warn', `${line} (maxRetries: 0 fails at once.)`];
}
