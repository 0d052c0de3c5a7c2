import type {
  OperationBody,
  OperationId,
  OperationPathParams,
  OperationQuery,
  Operations,
  Pagination,
} from '@commflow/contract';
import { API_PREFIX } from '@commflow/contract/paths';
import { ApiKey, Email, IdInput } from '@commflow/contract/primitives';
import * as z from 'zod/mini';
import { APIPromise } from './core/api-promise.js';
import { CommFlowError } from './core/errors.js';
import { Page, PagePromise } from './core/pagination.js';
import { baseHeadersOf } from './core/headers.js';
import { hooksProblem, type Hooks, type HooksOption } from './core/hooks.js';
import type { RequestOptions } from './core/option-checks.js';
import { numericOptionProblem } from './core/option-rules.js';
import type { ClientState, Throttling } from './core/state.js';
import type { ListItem, OperationResult, PagedOperationId } from './core/types.js';
import { isLogLevel, LevelLogger, type Logger, type LogLevel } from './internal/logger.js';
import { optionsProblem } from './internal/known-keys.js';
import { readEnv } from './internal/utils.js';
import { Ai } from './resources/ai.js';
import { Calendar } from './resources/calendar.js';
import { Cdr } from './resources/cdr.js';
import { Chat } from './resources/chat.js';
import { Contacts } from './resources/contacts.js';
import { FaxResource } from './resources/fax.js';
import { Files } from './resources/files.js';
import { PresenceResource } from './resources/presence.js';
import { Pricing } from './resources/pricing.js';
import { Sms } from './resources/sms.js';
import { Users } from './resources/users.js';
import { Voice } from './resources/voice.js';
import { Webhooks } from './resources/webhooks.js';

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
   * know are allowed). Default `false`; the schemas load with the first answer of a client that
   * turns it on, so a client without it pays nothing. For tests and staging against a new service
   * version.
   */
  validateResponses?: boolean | undefined;
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
function checkOptions(options: unknown, where: string): asserts options is ClientOptions {
  const wrong = optionsProblem(options, OPTION_NAMES, where);
  if (wrong !== undefined) fail(wrong);
  const { hooks } = options as ClientOptions;
  const problem = hooks === undefined ? undefined : hooksProblem(hooks);
  if (problem !== undefined) fail(`${where}: ${problem}.`);
}

/** Where a client keeps the queues its copies share (not an option: carried by withOptions). */
const QUEUES = Symbol('queues');
type Internal = ClientOptions & { [QUEUES]?: Map<string, unknown> | undefined };

/** One set of hooks or several, as a list; `undefined` for none. */
function hookList(hooks: HooksOption | undefined): readonly Hooks[] | undefined {
  const list = hooks === undefined ? [] : ([] as readonly Hooks[]).concat(hooks);
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

function resolveState(options: ClientOptions): ClientState {
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

  const { rateLimit = 'auto', maxConcurrency = Infinity } = options;
  if (rateLimit !== 'auto' && (rateLimit as string) !== 'off') fail("rateLimit must be 'auto' or 'off'.");
  if (!(maxConcurrency === Infinity || (Number.isInteger(maxConcurrency) && maxConcurrency > 0))) {
    fail('maxConcurrency must be an integer > 0.');
  }
  const throttling: Throttling | undefined =
    rateLimit === 'auto' || maxConcurrency !== Infinity
      ? {
          auto: rateLimit === 'auto',
          maxConcurrency,
          queues: (options as Internal)[QUEUES] ?? new Map<string, unknown>(),
        }
      : undefined;

  const { validateResponses = false } = options;
  if (typeof validateResponses !== 'boolean') fail('validateResponses must be true or false.');

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
    validateResponses,
    throttling,
  };
}

/**
 * The arguments of {@link CommFlow.request} for one operation: `path` when the operation has path
 * parameters, `body` when it takes one, and `query` (required when the query has required fields).
 * What an operation does not take cannot be passed.
 *
 * @example
 * ```ts
 * const input: OperationInput<'sms.send'> = { path: { id: conversationId }, body: { body: 'Hi' } };
 * ```
 */
export type OperationInput<Id extends OperationId> = (Operations[Id]['pathParams'] extends z.core.$ZodType
  ? { path: OperationPathParams<Id> }
  : { path?: undefined }) &
  (Operations[Id]['query'] extends z.core.$ZodType
    ? object extends OperationQuery<Id>
      ? { query?: OperationQuery<Id> }
      : { query: OperationQuery<Id> }
    : { query?: undefined }) &
  (Operations[Id]['body'] extends z.core.$ZodType ? { body: OperationBody<Id> } : { body?: undefined });

/**
 * The arguments after the operation id: the input may be left out when nothing in it is required.
 *
 * @example
 * ```ts
 * const args: OperationArgs<'users.list'> = [{ query: { search: 'ann' } }, { timeout: 5_000 }];
 * ```
 */
export type OperationArgs<Id extends OperationId> =
  object extends OperationInput<Id>
    ? [input?: OperationInput<Id>, options?: RequestOptions]
    : [input: OperationInput<Id>, options?: RequestOptions];

const inspect = Symbol.for('nodejs.util.inspect.custom');

type Engine = typeof import('./core/engine.js');
let engine: Engine | undefined;
let engineLoading: Promise<Engine> | undefined;

/** Loads the request core and the registry (see core/engine.ts), once per process. */
function loadEngine(): Promise<Engine> {
  engineLoading ??= import('./core/engine.js').then(
    (module) => (engine = module),
    (error: unknown) => {
      engineLoading = undefined; // let a later call try again
      throw error;
    },
  );
  return engineLoading;
}

/**
 * Runs `use` with the request core and the registry, waiting for them only on the first call of
 * the process; later calls run it at once, without waiting a turn.
 */
function withEngine<T>(use: (loaded: Engine) => Promise<T>): Promise<T> {
  return engine ? use(engine) : loadEngine().then(use);
}

/**
 * The CommFlow API client. Every operation of the service is a method of a resource namespace
 * (`client.contacts.create`, `client.sms.send`, …), validated against the contract before it is
 * sent, retried when that is safe, and typed by the contract.
 *
 * @example
 * ```ts
 * import { CommFlow } from '@commflow/sdk';
 *
 * const client = new CommFlow({ apiKey: process.env.COMMFLOW_API_KEY, tenantId, baseUrl: 'https://api.commflow.example' });
 * const ann = client.withUser('ann.lee@acme.test');
 * const contact = await ann.contacts.create({ firstName: 'Bob', phoneMobile: '+14155550100' });
 * for await (const c of client.contacts.list({ search: 'bob' })) console.log(c.id);
 * ```
 */
export class CommFlow {
  readonly #options: ClientOptions;
  readonly #state: ClientState;

  /** `client.users`: the users of the tenant. */
  readonly users: Users;
  /** `client.contacts`: CRM contacts. */
  readonly contacts: Contacts;
  /** `client.voice`: click-to-dial. */
  readonly voice: Voice;
  /** `client.cdr`: call detail records. */
  readonly cdr: Cdr;
  /** `client.chat`: team chat conversations and messages. */
  readonly chat: Chat;
  /** `client.sms`: SMS conversations, messages and sending. */
  readonly sms: Sms;
  /** `client.ai`: AI agents. */
  readonly ai: Ai;
  /** `client.pricing`: subscription quotes. */
  readonly pricing: Pricing;
  /** `client.files`: files. */
  readonly files: Files;
  /** `client.calendar`: the acting user's calendar. */
  readonly calendar: Calendar;
  /** `client.presence`: user presence. */
  readonly presence: PresenceResource;
  /** `client.fax`: fax listings. */
  readonly fax: FaxResource;
  /** `client.webhooks`: webhook verification and signing. */
  readonly webhooks: Webhooks;

  /**
   * Creates a client. `apiKey`, `tenantId` and `baseUrl` fall back to `COMMFLOW_API_KEY`,
   * `COMMFLOW_TENANT_ID` and `COMMFLOW_BASE_URL` where `process.env` exists.
   *
   * @throws {@link CommFlowError} when an option is missing, malformed or unknown (the message names
   * the option it probably meant), or when `baseUrl` ends with `/api/v1`; no request is sent.
   * @example
   * ```ts
   * const client = new CommFlow({ baseUrl: 'http://127.0.0.1:4010', fetch: mock.fetch }); // key and tenant from the environment
   * // new CommFlow({ retries: 5 }) throws: CommFlow client: new CommFlow(): unknown option "retries" (did you mean "maxRetries"?).
   * ```
   */
  constructor(options: ClientOptions = {}) {
    checkOptions(options, 'new CommFlow()');
    this.#state = resolveState(options);
    // Start loading what calls need as soon as there is a client, so the first call rarely waits;
    // a failure here is the first call's to report.
    if (!engine) loadEngine().catch(() => undefined);
    const options_: Internal = {
      ...options,
      apiKey: this.#state.apiKey,
      tenantId: this.#state.tenantId,
      baseUrl: this.#state.baseUrl,
    };
    // The queues go to every copy; a copy with other settings or another key gets queues of its own.
    if (this.#state.throttling) options_[QUEUES] = this.#state.throttling.queues;
    this.#options = options_;
    this.users = new Users(this);
    this.contacts = new Contacts(this);
    this.voice = new Voice(this);
    this.cdr = new Cdr(this);
    this.chat = new Chat(this);
    this.sms = new Sms(this);
    this.ai = new Ai(this);
    this.pricing = new Pricing(this);
    this.files = new Files(this);
    this.calendar = new Calendar(this);
    this.presence = new PresenceResource(this);
    this.fax = new FaxResource(this);
    this.webhooks = new Webhooks(this);
  }

  /**
   * Loads what calls need (the request core, the contract's registry and schemas, ky), which the
   * SDK otherwise loads on the first call of the process so that importing it stays cheap. Await it
   * where the first call must not wait for a module to load: before faking timers in a test that
   * counts requests as it advances time, or during a serverless function's initialisation.
   *
   * @example
   * ```ts
   * await CommFlow.preload();
   * vi.useFakeTimers();
   * ```
   */
  static async preload(): Promise<void> {
    await loadEngine();
  }

  /** The base address requests go to. */
  get baseUrl(): string {
    return this.#state.baseUrl;
  }

  /** The tenant of this client's calls. */
  get tenantId(): string {
    return this.#state.tenantId;
  }

  /** The acting user of this client's user-scoped calls, if any. */
  get userEmail(): string | undefined {
    return this.#state.userEmail;
  }

  /**
   * A client like this one whose calls act as `email` (`X-User-Email`).
   *
   * @example
   * ```ts
   * const ann = client.withUser('ann.lee@acme.test');
   * await ann.voice.click2dial({ destination: '+14155550100' });
   * ```
   */
  withUser(email: string): CommFlow {
    return this.withOptions({ userEmail: email });
  }

  /**
   * A client like this one for another tenant: an account (`cfa_`) key may access several.
   *
   * @example
   * ```ts
   * for (const tenantId of tenantIds) console.log(await client.withTenant(tenantId).presence.list());
   * ```
   */
  withTenant(tenantId: string): CommFlow {
    return this.withOptions({ tenantId });
  }

  /**
   * A client like this one with some options changed. The key, base URL, fetch and the rest
   * carry over; `hooks` are added after this client's. The copy shares this client's rate-limit
   * and concurrency queues unless it changes `apiKey`, `rateLimit` or `maxConcurrency`.
   *
   * @throws {@link CommFlowError} when an option is unknown or invalid, as the constructor does.
   * @example
   * ```ts
   * const patient = client.withOptions({ timeout: 120_000, maxRetries: 5 });
   * ```
   */
  withOptions(options: ClientOptions): CommFlow {
    checkOptions(options, 'withOptions()');
    // An option given as `undefined` keeps this client's value instead of reaching for the
    // environment: a derived client never changes what it talks to by omission.
    const defined: Internal = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
    if (options.hooks !== undefined) defined.hooks = (this.#state.hooks ?? []).concat(options.hooks);
    if (options.apiKey !== undefined || options.rateLimit !== undefined || options.maxConcurrency !== undefined) {
      defined[QUEUES] = undefined;
    }
    return new CommFlow({ ...this.#options, ...defined });
  }

  /**
   * Calls any operation of the registry by id. The resource methods are thin wrappers of this.
   * An input key other than `path`, `query` and `body` (from JavaScript, a `qurey`) rejects the
   * call with a {@link ValidationError} naming it; nothing is sent.
   *
   * @example
   * ```ts
   * const agent = await client.request('ai.agents.get', { path: { id: agentId } });
   * ```
   */
  request<Id extends OperationId>(id: Id, ...[input, options]: OperationArgs<Id>): APIPromise<OperationResult<Id>> {
    const state = this.#state;
    return new APIPromise(
      withEngine((loaded) => loaded.execute<OperationResult<Id>>(state, loaded.operations[id], input ?? {}, options)),
    );
  }

  /**
   * Calls a paged list operation by id, returning its first page as a {@link PagePromise}. Its
   * input is checked as {@link CommFlow.request}'s is.
   *
   * @example
   * ```ts
   * for await (const record of client.paginate('cdr.list', { query: { limit: 100 } })) console.log(record.id);
   * ```
   */
  paginate<Id extends PagedOperationId>(id: Id, ...[input, options]: OperationArgs<Id>): PagePromise<ListItem<Id>> {
    type Item = ListItem<Id>;
    const state = this.#state;
    const fetchPage = (query: Readonly<Record<string, unknown>>): PagePromise<Item> =>
      new PagePromise(
        withEngine(async (loaded) => {
          const op = loaded.operations[id];
          // The input's other keys go along, so that the request core refuses an unknown one.
          const raw = await loaded.execute<Item[]>(state, op, { ...input, query }, options);
          const items = Array.isArray(raw.data) ? raw.data : [];
          const pagination: Pagination = raw.pagination ?? {
            limit: items.length,
            offset: 0,
            hasMore: false,
            nextCursor: null,
          };
          return { ...raw, data: new Page<Item>(items, pagination, raw.response, query, op.pagination, fetchPage) };
        }),
      );
    return fetchPage(input?.query ?? {});
  }

  /** A description without secrets. */
  toString(): string {
    const user = this.userEmail === undefined ? '' : `, userEmail: ${this.userEmail}`;
    return `CommFlow { baseUrl: ${this.baseUrl}, tenantId: ${this.tenantId}${user} }`;
  }

  /** What `JSON.stringify` shows: no key. */
  toJSON(): { baseUrl: string; tenantId: string; userEmail: string | undefined } {
    return { baseUrl: this.baseUrl, tenantId: this.tenantId, userEmail: this.userEmail };
  }

  /** What Node's `util.inspect` and `console.log` show: no key. */
  [inspect](): string {
    return this.toString();
  }
}
