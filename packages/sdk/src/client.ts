import type { OperationId, Pagination } from '@commflow/contract';
import { checkOptions, QUEUES, resolveState, type ClientOptions, type Internal } from './client-options.js';
import { APIPromise } from './core/api-promise.js';
import { loadEngine as importEngine } from './core/deferred.js';
import { Page, PagePromise } from './core/pagination.js';
import type { ResourceClient } from './core/resource.js';
import type { ClientState } from './core/state.js';
import type { ListItem, OperationArgs, OperationResult, PagedOperationId } from './core/types.js';
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

export type { ClientOptions, Fetch } from './client-options.js';

const inspect = Symbol.for('nodejs.util.inspect.custom');

type Engine = Awaited<ReturnType<typeof importEngine>>;
let engine: Engine | undefined;
let engineLoading: Promise<Engine> | undefined;

/** Loads the request core and the registry (see core/engine.ts), once per process. */
function loadEngine(): Promise<Engine> {
  engineLoading ??= importEngine().then(
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
export class CommFlow implements ResourceClient {
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
