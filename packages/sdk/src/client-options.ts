// The client's options and the state built from them, once per client (the constructor's half
// of client.ts, apart so that each file reads in one sitting).
import { API_PREFIX } from '@commflow/contract/paths';
import { ApiKey, Email, IdInput } from '@commflow/contract/primitives';
import * as z from 'zod/mini';
import { CommFlowError } from './core/errors.js';
import { baseHeadersOf } from './core/headers.js';
import type { Hooks, HooksOption } from './core/hooks.js';
import { numericOptionProblem } from './core/option-rules.js';
import type { ClientState, ResponseValidator, Throttling } from './core/state.js';
import type { Throttle } from './core/throttle.js';
import { isLogLevel, LevelLogger, type Logger, type LogLevel } from './internal/logger.js';
import { hooksProblem, optionsProblem } from './internal/option-problems.js';
import { readEnv } from './internal/utils.js';

/**
 * A `fetch` function: the global one, a framework's, or a mock's (`mock.fetch`).
 *
 * @example
 * ```ts
 * const logged: Fetch = async (request, init) => { console.log(request.url); return fetch(request, init); };
 * ```
 */
export type Fetch = (input: Request, init?: RequestInit) => Promise<Response>;

/**
 * Options of {@link CommFlow}. A key that is not one of these (from JavaScript, a typo such as
 * `retries` or `api_key`) throws a {@link CommFlowError} naming it and the option it probably meant.
 *
 * @example
 * ```ts
 * const options: ClientOptions = { apiKey: 'cf_live_…', tenantId, baseUrl: 'https://api.example.com', maxRetries: 3 };
 * ```
 */
export interface ClientOptions {
  /** The API key (`cf_…` for one tenant, `cfa_…` for an account). Default: `COMMFLOW_API_KEY`. */
  apiKey?: string | undefined;
  /** The tenant (`X-Tenant-Id`, a UUID). Default: `COMMFLOW_TENANT_ID`. */
  tenantId?: string | undefined;
  /**
   * The service's base address, such as `https://api.commflow.example`, without `/api/v1` (the SDK
   * adds it to every path; a base address that ends with it throws). Default: `COMMFLOW_BASE_URL`.
   */
  baseUrl?: string | undefined;
  /** The acting user (`X-User-Email`) of user-scoped operations. */
  userEmail?: string | undefined;
  /** Retries of a failed attempt. Default 2. */
  maxRetries?: number | undefined;
  /** Milliseconds each attempt may take. Default 60 000. */
  timeout?: number | undefined;
  /**
   * The longest `Retry-After` (or `RateLimit-Reset` on a 429) the SDK waits before retrying, in
   * milliseconds. A longer wait fails at once with the error instead of hanging. Default 60 000.
   */
  maxRetryAfter?: number | undefined;
  /** The `fetch` to send requests with. Default: the global `fetch`. */
  fetch?: Fetch | undefined;
  /** Headers sent with every request. */
  headers?: Readonly<Record<string, string>> | undefined;
  /** Where diagnostics go. Default: `console`. */
  logger?: Logger | undefined;
  /** How much is logged. Default: `COMMFLOW_LOG`, else `warn`. */
  logLevel?: LogLevel | undefined;
  /**
   * Functions called as each call runs (see {@link Hooks}); an array composes several sets. A
   * client made by `withOptions({ hooks })` runs its parent's hooks, then its own.
   */
  hooks?: HooksOption | undefined;
  /**
   * `'auto'` paces calls by the `RateLimit-Remaining` and `RateLimit-Reset` headers: a call that
   * would exceed the window waits in a queue (shared by this client's `withUser`/`withTenant`
   * copies, one per key and tenant) until the window resets, instead of being sent into a 429.
   * Default `'auto'` (see docs/decisions.md). `'off'` sends calls at once; a 429 is then retried
   * after the wait the service asks for plus a random extra of up to 5 s.
   */
  rateLimit?: 'auto' | 'off' | undefined;
  /** How many calls of one key and tenant may be in flight at once; the rest queue. Default: no bound. */
  maxConcurrency?: number | undefined;
  /**
   * Checks every success's `data` against the contract's response schema, and rejects the call
   * with an `UnexpectedResponseError` naming the paths that differ (fields the contract does not
   * know are allowed). Pass `responseValidator` from `@commflow/sdk/validate`: only an app that
   * imports it bundles the response schemas, so a client without it pays nothing. Default: off.
   * For tests and staging against a new service version.
   */
  validateResponses?: ResponseValidator | false | undefined;
}

/**
 * Every option's name, once: `satisfies` makes TypeScript refuse a name {@link ClientOptions}
 * lacks and an option this map forgets, so the unknown-option check cannot drift from the type.
 */
const OPTION_NAMES = {
  apiKey: true,
  tenantId: true,
  baseUrl: true,
  userEmail: true,
  maxRetries: true,
  timeout: true,
  maxRetryAfter: true,
  fetch: true,
  headers: true,
  logger: true,
  logLevel: true,
  hooks: true,
  rateLimit: true,
  maxConcurrency: true,
  validateResponses: true,
} as const satisfies Record<keyof ClientOptions, true>;

/**
 * Refuses options that are not an object, an unknown option (`retries`, `api_key`), and a `hooks`
 * that is not hooks, naming the option meant: from plain JavaScript they would otherwise be
 * ignored, or end in "no API key" without a word about the key that was given.
 */
export function checkOptions(options: ClientOptions, where: string): void {
  const wrong = optionsProblem(options, OPTION_NAMES, where);
  if (wrong !== undefined) fail(wrong);
  const { hooks } = options;
  const problem = hooks === undefined ? undefined : hooksProblem(hooks);
  if (problem !== undefined) fail(`${where}: ${problem}.`);
}

/** Where a client keeps the queues its copies share (not an option: carried by withOptions). */
export const QUEUES = Symbol('queues');
export type Internal = ClientOptions & { [QUEUES]?: Map<string, Throttle> | undefined };

/** One set of hooks or several, as a list; `undefined` for none. */
function hookList(hooks: HooksOption | undefined): readonly Hooks[] | undefined {
  const none: readonly Hooks[] = [];
  const list = hooks === undefined ? none : none.concat(hooks);
  return list.length > 0 ? list : undefined;
}

function lowerCaseKeys(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (headers) for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

/** The caller's fetch, or the global one as it is at call time (so that a later patch, like msw's, applies). */
function fetchFor(custom: Fetch | undefined): Fetch {
  if (custom !== undefined && typeof custom !== 'function') fail('fetch must be a function.');
  return custom ?? ((request, init) => globalThis.fetch(request, init));
}

function fail(message: string): never {
  throw new CommFlowError(`CommFlow client: ${message}`);
}

export function resolveState(options: Internal): ClientState {
  const apiKey = options.apiKey ?? readEnv('COMMFLOW_API_KEY');
  const tenantId = options.tenantId ?? readEnv('COMMFLOW_TENANT_ID');
  const baseUrl = options.baseUrl ?? readEnv('COMMFLOW_BASE_URL');
  if (apiKey === undefined) fail('no API key. Pass { apiKey } or set COMMFLOW_API_KEY.');
  // Never quote the key: a malformed one may still be a real secret.
  if (!z.safeParse(ApiKey, apiKey).success) {
    fail('the API key is malformed: it must be cf_ or cfa_ followed by at least 24 of [A-Za-z0-9_].');
  }
  if (tenantId === undefined) fail('no tenant. Pass { tenantId } or set COMMFLOW_TENANT_ID.');
  if (!z.safeParse(IdInput, tenantId).success) fail(`tenantId must be a UUID, got "${tenantId}".`);
  if (baseUrl === undefined) fail('no base URL. Pass { baseUrl } or set COMMFLOW_BASE_URL.');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    fail(`baseUrl must be an absolute http(s) URL, got "${baseUrl}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    fail(`baseUrl must be an absolute http(s) URL, got "${baseUrl}".`);
  }
  if (url.search || url.hash) fail('baseUrl must not have a query or a fragment.');
  // Every operation's path starts with the prefix: a base URL that ends with it would request
  // /api/v1/api/v1/… and get a 404 that says nothing of why.
  const path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(API_PREFIX)) {
    const without = url.href.slice(0, url.href.length - url.pathname.length) + path.slice(0, -API_PREFIX.length);
    const name = options.baseUrl === undefined ? 'COMMFLOW_BASE_URL' : 'baseUrl';
    fail(
      `${name} "${baseUrl}" ends with ${API_PREFIX}, which the SDK adds to every path: drop ${API_PREFIX} and use "${without}".`,
    );
  }
  const { userEmail } = options;
  if (userEmail !== undefined && !z.safeParse(Email, userEmail).success) {
    fail(`userEmail must be an email address, got "${userEmail}".`);
  }
  const maxRetries = options.maxRetries ?? 2;
  const timeout = options.timeout ?? 60_000;
  for (const [name, value] of [['maxRetries', maxRetries] as const, ['timeout', timeout] as const]) {
    const wrong = numericOptionProblem(name, value);
    if (wrong !== undefined) fail(`${name} ${wrong}.`);
  }
  const maxRetryAfter = options.maxRetryAfter ?? 60_000;
  if (!(maxRetryAfter >= 0)) fail('maxRetryAfter must be a number of milliseconds >= 0.');
  const logLevel = options.logLevel ?? readEnv('COMMFLOW_LOG') ?? 'warn';
  if (!isLogLevel(logLevel)) fail('logLevel (or COMMFLOW_LOG) must be one of off, error, warn, info, debug.');

  const { maxConcurrency = Infinity } = options;
  // Read as `unknown`: from plain JavaScript it may be anything.
  const rateLimit: unknown = options.rateLimit ?? 'auto';
  if (rateLimit !== 'auto' && rateLimit !== 'off') fail("rateLimit must be 'auto' or 'off'.");
  if (!(maxConcurrency === Infinity || (Number.isInteger(maxConcurrency) && maxConcurrency > 0))) {
    fail('maxConcurrency must be an integer > 0.');
  }
  const throttling: Throttling | undefined =
    rateLimit === 'auto' || maxConcurrency !== Infinity
      ? {
          auto: rateLimit === 'auto',
          maxConcurrency,
          queues: options[QUEUES] ?? new Map<string, Throttle>(),
        }
      : undefined;

  const { validateResponses } = options;
  if (validateResponses !== undefined && validateResponses !== false && typeof validateResponses !== 'function') {
    fail(
      "validateResponses takes the validator: import { responseValidator } from '@commflow/sdk/validate' and pass validateResponses: responseValidator.",
    );
  }

  const headers = lowerCaseKeys(options.headers);
  return {
    // One ky instance per client, with everything static baked in, so a call passes only its own
    // options (ky merges every key of every call). The SDK runs its own retry loop (see README,
    // "Retries"): ky sends one attempt, bounded by the per-attempt timeout, and reports. ky is
    // loaded by the first call (see core/engine.ts), which makes the instance.
    ky: {},
    fetch: fetchFor(options.fetch),
    apiKey,
    baseUrl: url.href.replace(/\/+$/, ''),
    tenantId,
    userEmail,
    maxRetries,
    timeout,
    maxRetryAfter,
    headers,
    ...baseHeadersOf(headers, apiKey, tenantId, userEmail),
    log: new LevelLogger(options.logger ?? console, logLevel),
    hooks: hookList(options.hooks),
    validateResponses: validateResponses === false ? undefined : validateResponses,
    throttling,
  };
}
