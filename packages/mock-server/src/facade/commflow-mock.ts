import { createOpenApiDocument, OPENAPI_PATH, type WebhookEvent } from '@commflow/contract';
import { scriptedResponder, type AiResponder } from '../sim/ai-responder.js';
import { ApiError, notFound } from '../service/api-error.js';
import { RecordingCarrier, type CarrierAdapter, type CarrierMessage, type CarrierResult } from '../sim/carrier.js';
import { MockClock, type ClockOptions } from '../sim/clock.js';
import { controlSurface } from '../surfaces/control/http.js';
import { receiveSms } from '../service/domains/sms.js';
import { applyCallAction, progressCalls, type CallAction } from '../service/domains/voice.js';
import { toSmsMessage } from '../service/domains/format.js';
import { EventLog, type EventListener } from '../state/events/index.js';
import { FaultStore, type FaultInput } from '../state/faults.js';
import { answerWithHead } from '../service/http/head.js';
import { resolveHistoryLimits, type HistoryLimits } from '../history/limits.js';
import { IdempotencyStore } from '../state/idempotency-store.js';
import { Journal, type JournalEntry } from '../state/journal.js';
import {
  generateKeySecret,
  hashKey,
  keyHint,
  KeyStore,
  keyView,
  type ApiKeyView,
  type RateLimit,
} from '../state/keys.js';
import { requestIdOf } from '../service/pipeline/request-id.js';
import { runPipeline } from '../service/pipeline/index.js';
import { RateLimiter } from '../state/rate-limiter.js';
import { buildPlans, buildTenants, loadKeys } from '../scenario/build.js';
import { demoScenario } from '../scenario/demo.js';
import { exportScenario } from '../scenario/export.js';
import { parseScenario, type ResolvedScenario } from '../scenario/parse.js';
import type { ScenarioInput } from '../scenario/schema.js';
import type { CallRecord } from '../state/records.js';
import {
  SubscriptionStore,
  WebhookDispatcher,
  type CreatedWebhookSubscription,
  type CreateWebhookSubscriptionInput,
  type DeliveryFilter,
  type RotatedWebhookSecret,
  type WebhookDelivery,
  type WebhookSubscriptionView,
  type WebhookTimestampClock,
} from '../webhooks/index.js';
import type { World } from '../state/world.js';
import type { CallStatus, SmsMessage } from '@commflow/contract';

/**
 * How to create a mock.
 *
 * @example
 * ```ts
 * const mock = createMock('demo', { clock: { frozen: true, start: '2026-01-01T00:00:00Z' } });
 * ```
 */
export interface MockOptions extends HistoryLimits {
  /** The clock: frozen or following the wall clock, and where it starts. */
  clock?: ClockOptions;
  /** Serve the control surface over HTTP under `/__mock`. Default: true. */
  control?: boolean;
  /** The AI agents' responder. Default: {@link scriptedResponder}. */
  aiResponder?: AiResponder;
  /** The carrier of live tenants. Default: a recording carrier driven by `/__mock/carrier`. */
  carrier?: CarrierAdapter;
  /** The base URL `mock.fetch` resolves relative paths against. Default: `http://commflow.mock`. */
  baseUrl?: string;
  /**
   * The clock of deliveries' `webhook-timestamp`. Default `'wall'`: the real time of each
   * attempt, so receivers verify with their own clock after a test advanced the mock's.
   * `'mock'`: the attempt's time on the mock clock, for deterministic signatures and snapshots.
   * The event's `timestamp` field is on the mock clock either way.
   */
  webhookTimestamp?: WebhookTimestampClock;
}

/**
 * A call as the control surface shows it.
 *
 * @example
 * ```ts
 * const [call] = mock.calls();
 * call?.status; // 'initiated'
 * ```
 */
export interface CallView {
  callId: string;
  tenantId: string;
  userEmail: string;
  from: string;
  destination: string;
  status: CallStatus;
  createdAt: string;
  history: { status: CallStatus; at: string }[];
}

/**
 * A key created through the control surface. `key` is the secret, shown this once.
 *
 * @example
 * ```ts
 * const { key } = mock.createApiKey({ tenantIds: [tenantId] });
 * ```
 */
export interface CreatedApiKey {
  key: string;
  hint: string;
  tenantIds: string[];
  permissions: string[];
  rateLimit: RateLimit | null;
}

/**
 * What the carrier adapter has seen, and how it is set.
 *
 * @example
 * ```ts
 * const { mode, messages } = mock.carrier();
 * ```
 */
export interface CarrierState {
  mode: 'accept' | 'reject';
  reason: string;
  messages: (CarrierMessage & { result: CarrierResult })[];
}

const toCallView = (call: CallRecord): CallView => ({
  callId: call.id,
  tenantId: call.tenantId,
  userEmail: call.userEmail,
  from: call.fromExtension,
  destination: call.destination,
  status: call.status,
  createdAt: new Date(call.createdAt).toISOString(),
  history: call.history.map((step) => ({ status: step.status, at: new Date(step.at).toISOString() })),
});

let openApiBody: string | undefined;

/**
 * An in-memory CommFlow service. `fetch` answers standard `Request`s through the same pipeline
 * for every adapter; the other methods are the control surface, typed.
 *
 * @example
 * ```ts
 * const mock = new CommFlowMock('demo');
 * const res = await mock.fetch('/api/v1/users', { headers: { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox } });
 * ```
 */
export class CommFlowMock {
  readonly clock: MockClock;
  /**
   * Webhook delivery: subscriptions, deliveries, retries and replays. The methods below
   * (`subscribeWebhook`, `deliveries`, `replayDelivery`, `idle`, …) cover the usual needs; this
   * is the full dispatcher, for `subscriptions.disable(id)` and the like.
   */
  readonly webhooks: WebhookDispatcher;
  readonly #world: World;
  readonly #journal: Journal;
  readonly #control: boolean;
  readonly #baseUrl: string;
  #scenario: ResolvedScenario;
  /** When the scenario was loaded: records without a createdAt are staggered before it, the same on every reset. */
  #loadedAt = 0;

  constructor(scenario: ScenarioInput | ResolvedScenario | 'demo' = 'demo', options: MockOptions = {}) {
    this.#scenario = parseScenario(scenario === 'demo' ? demoScenario : scenario);
    this.clock = new MockClock(options.clock);
    this.#control = options.control ?? true;
    this.#baseUrl = options.baseUrl ?? 'http://commflow.mock';
    const limits = resolveHistoryLimits(options);
    this.#journal = new Journal(limits.journalLimit);
    const recordingCarrier = new RecordingCarrier({ limit: limits.carrierMessageLimit });
    const world: World = {
      clock: this.clock,
      events: new EventLog(this.clock, limits.eventLimit),
      keys: new KeyStore(),
      limiter: new RateLimiter(this.clock),
      idempotency: new IdempotencyStore(this.clock, limits.idempotencyLimit),
      faults: new FaultStore(),
      recordingCarrier,
      carrier: options.carrier ?? recordingCarrier,
      aiResponder: options.aiResponder ?? scriptedResponder,
      defaultRateLimit: this.#scenario.rateLimit,
      tenants: new Map(),
      plans: new Map(),
      activeCalls: new Set(),
      endedCalls: new Set(),
      limits,
    };
    this.#world = world;
    this.clock.onAdvance((now) => {
      progressCalls(world, now);
    });
    // A frozen clock only moves when a test advances it, and that drives due retries; a clock
    // that follows the wall (standalone mode) also needs real, unref'd timers for them.
    this.webhooks = new WebhookDispatcher({
      events: world.events,
      clock: this.clock,
      realTimers: options.clock?.frozen !== true,
      webhookTimestamp: options.webhookTimestamp ?? 'wall',
      deliveryLimit: limits.deliveryLimit,
      subscriptions: new SubscriptionStore({
        clock: this.clock,
        tenantExists: (tenantId) => world.tenants.has(tenantId.toLowerCase()),
      }),
    });
    this.#loadedAt = this.clock.now();
    this.#load();
  }

  #load(): void {
    const world = this.#world;
    world.tenants = buildTenants(this.#scenario, this.#loadedAt);
    world.plans = buildPlans(this.#scenario);
    world.defaultRateLimit = this.#scenario.rateLimit;
    (world as { keys: KeyStore }).keys = new KeyStore();
    loadKeys(this.#scenario, world.keys);
    world.activeCalls.clear();
    world.endedCalls.clear();
    world.events.clear();
    world.limiter.clear();
    world.idempotency.clear();
    world.faults.clear();
    world.recordingCarrier.reset();
    this.#journal.clear();
    this.webhooks.reset();
    this.#scenario.tenants.forEach((tenant, t) => {
      tenant.webhooks.forEach((webhook, w) => {
        this.webhooks.subscriptions.create({ ...webhook, tenantId: tenant.id.toLowerCase() }, [
          'tenants',
          String(t),
          'webhooks',
          String(w),
        ]);
      });
    });
  }

  /**
   * A standard fetch: hands the request straight to the pipeline, with no interception layer.
   * Relative URLs resolve against the mock's base URL. Bound, so `{ fetch: mock.fetch }` works.
   *
   * @example
   * ```ts
   * const client = new CommFlow({ apiKey, tenantId, fetch: mock.fetch });
   * ```
   */
  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request =
      input instanceof Request && init === undefined
        ? input
        : new Request(typeof input === 'string' && input.startsWith('/') ? this.#baseUrl + input : input, init);
    return this.handle(request);
  };

  /**
   * Answers a `Request`: the OpenAPI document, the control surface, or the service pipeline.
   * HEAD is answered wherever GET is, with the same status and headers and no body. A client that
   * goes away mid-request gets status 499 in the journal, never a 500.
   *
   * @example
   * ```ts
   * const response = await mock.handle(new Request('http://mock/api/v1/openapi.json'));
   * ```
   */
  handle(request: Request): Promise<Response> {
    return answerWithHead(request, (asked, method) => this.#route(asked, method));
  }

  /** Sends `/__mock` to the control surface, the rest to the service. */
  #route(request: Request, method: string): Promise<Response> {
    const url = new URL(request.url);
    if (this.#control && (url.pathname === '/__mock' || url.pathname.startsWith('/__mock/'))) {
      return controlSurface(this, request, url);
    }
    return this.#serve(request, url, method);
  }

  /**
   * Answers a `Request` as the service would: the OpenAPI document or the service pipeline,
   * never the control surface. The Node adapter sends API traffic here, so that only requests
   * that passed its safety checks can reach `/__mock`. HEAD is answered as `handle` answers it.
   *
   * @example
   * ```ts
   * const response = await mock.handleApi(new Request('http://mock/api/v1/openapi.json'));
   * ```
   */
  handleApi(request: Request): Promise<Response> {
    return answerWithHead(request, (asked, method) => this.#serve(asked, new URL(asked.url), method));
  }

  /** Answers `request`; the journal records it under `method` (HEAD for a HEAD answered as a GET). */
  async #serve(request: Request, url: URL, method: string): Promise<Response> {
    if (url.pathname === OPENAPI_PATH && request.method === 'GET') {
      openApiBody ??= JSON.stringify(createOpenApiDocument());
      return new Response(openApiBody, {
        headers: { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestIdOf(request) },
      });
    }
    const outcome = await runPipeline(this.#world, request, url);
    const { context } = outcome;
    this.#journal.record({
      requestId: context.requestId,
      at: this.clock.iso(),
      method,
      path: url.pathname,
      query: url.search,
      operationId: context.op?.id ?? null,
      tenantId: context.tenant?.id ?? null,
      userEmail: context.user?.email ?? null,
      keyHint: context.key?.hint ?? null,
      status: outcome.response.status,
      errorCode: outcome.errorCode,
      replayed: outcome.replayed,
    });
    return outcome.response;
  }

  /** The scenario the mock was loaded with, ids resolved. */
  get scenario(): ResolvedScenario {
    return this.#scenario;
  }

  /**
   * Back to the loaded scenario: same ids, no created records, events, journal, keys or faults.
   * Webhook deliveries are forgotten (attempts in flight are aborted, pending retries dropped)
   * and the subscriptions are the scenario's again. The clock keeps its time.
   *
   * @example
   * ```ts
   * afterEach(() => mock.reset());
   * ```
   */
  reset(): void {
    this.#load();
  }

  /**
   * Loads another scenario and resets to it.
   *
   * @throws ScenarioError naming each bad path.
   * @example
   * ```ts
   * mock.loadScenario({ tenants: [{ id: tenantId, name: 'Empty', mode: 'sandbox' }] });
   * ```
   */
  loadScenario(scenario: ScenarioInput | ResolvedScenario | 'demo'): void {
    this.#scenario = parseScenario(scenario === 'demo' ? demoScenario : scenario);
    this.#loadedAt = this.clock.now();
    this.#load();
  }

  /**
   * Creates an API key. The secret is returned this once; the mock keeps its hash.
   *
   * @example
   * ```ts
   * const { key } = mock.createApiKey({ tenantIds: [DEMO_TENANTS.sandbox], permissions: ['contacts'] });
   * ```
   */
  createApiKey(input: {
    tenantIds: string[];
    permissions?: string[];
    rateLimit?: RateLimit;
    prefix?: 'cf' | 'cfa';
  }): CreatedApiKey {
    const prefix = input.prefix ?? (input.tenantIds.length === 1 ? 'cf' : 'cfa');
    if (prefix === 'cf' && input.tenantIds.length !== 1) {
      throw new TypeError('a cf_ key belongs to exactly one tenant; use prefix "cfa" for several');
    }
    const key = generateKeySecret(prefix);
    const permissions = input.permissions ?? ['*'];
    const tenantIds = input.tenantIds.map((id) => id.toLowerCase());
    this.#world.keys.add({ key, tenantIds, permissions, rateLimit: input.rateLimit });
    return { key, hint: keyHint(key), tenantIds, permissions, rateLimit: input.rateLimit ?? null };
  }

  /**
   * The API keys the mock accepts, revoked ones included, by hint and id; never a secret.
   *
   * @example
   * ```ts
   * mock.apiKeys().map((key) => `${key.hint} ${key.revoked ? 'revoked' : 'active'}`);
   * ```
   */
  apiKeys(): ApiKeyView[] {
    const labels = new Map(this.#scenario.apiKeys.map((key) => [hashKey(key.key), key.label ?? null]));
    return this.#world.keys.list().map((record) => keyView(record, labels.get(record.hash) ?? null));
  }

  /**
   * Revokes a key by the `id` {@link CommFlowMock.apiKeys} lists: its requests get `401` from now on.
   *
   * @throws ApiError `NOT_FOUND` for an unknown id.
   * @example
   * ```ts
   * const [key] = mock.apiKeys();
   * mock.revokeApiKey(key.id);
   * ```
   */
  revokeApiKey(id: string): ApiKeyView {
    const record = this.#world.keys.list().find((candidate) => candidate.hash.startsWith(id.toLowerCase()));
    if (record === undefined || id.length < 16) throw notFound('API key');
    record.revoked = true;
    return this.apiKeys().find((view) => record.hash.startsWith(view.id)) ?? keyView(record);
  }

  /**
   * The current world as a scenario file, to load later or commit as a test fixture. Contacts,
   * endpoint webhook subscriptions and key revocations follow the live state; keys created at
   * run time are left out (their secret is not kept).
   *
   * @example
   * ```ts
   * await writeFile('fixture.json', JSON.stringify(mock.exportScenario(), null, 2));
   * ```
   */
  exportScenario(): ScenarioInput {
    return exportScenario({
      scenario: this.#scenario,
      tenants: this.#world.tenants,
      keys: this.#world.keys,
      subscriptions: this.webhooks.subscriptions,
    });
  }

  /**
   * Calls `listener` with each journal entry as it is recorded; returns the unsubscribe function.
   *
   * @example
   * ```ts
   * const off = mock.onRequest((entry) => console.log(entry.method, entry.path, entry.status));
   * ```
   */
  onRequest(listener: (entry: JournalEntry) => void): () => void {
    return this.#journal.subscribe(listener);
  }

  /** Whether this mock serves the control surface under `/__mock` (the `control` option). */
  get controlEnabled(): boolean {
    return this.#control;
  }

  /**
   * The requests received, oldest first, without secrets.
   *
   * @example
   * ```ts
   * expect(mock.journal().at(-1)?.status).toBe(201);
   * ```
   */
  journal(): JournalEntry[] {
    return this.#journal.list();
  }

  /**
   * The events recorded, oldest first, optionally of one tenant or type.
   *
   * @example
   * ```ts
   * mock.events({ type: 'call.started' }).length; // 1
   * ```
   */
  events(filter: { tenantId?: string; type?: string } = {}): WebhookEvent[] {
    return this.#world.events.list(filter);
  }

  /**
   * Subscribes to every event as it is recorded; returns the unsubscribe function.
   *
   * @example
   * ```ts
   * const off = mock.onEvent((event) => received.push(event));
   * ```
   */
  onEvent(listener: EventListener): () => void {
    return this.#world.events.subscribe(listener);
  }

  /**
   * The click-to-dial calls, oldest first, after letting the clock's progress apply.
   *
   * @example
   * ```ts
   * mock.calls().map((call) => call.status);
   * ```
   */
  calls(filter: { tenantId?: string } = {}): CallView[] {
    progressCalls(this.#world, this.clock.now());
    const calls: CallRecord[] = [];
    for (const tenant of this.#world.tenants.values()) {
      if (filter.tenantId === undefined || tenant.id === filter.tenantId.toLowerCase())
        calls.push(...tenant.calls.values());
    }
    return calls.sort((a, b) => a.createdAt - b.createdAt).map(toCallView);
  }

  /**
   * Drives a call by hand: answer, bridge, hangup, no-answer, busy or fail. The call then leaves
   * its automatic timeline.
   *
   * @throws ApiError `NOT_FOUND` for an unknown call, 409 `INVALID_CALL_TRANSITION` for a move its state forbids.
   * @example
   * ```ts
   * mock.controlCall(callId, 'answer');
   * mock.controlCall(callId, 'bridge');
   * mock.controlCall(callId, 'hangup'); // completed, CDR written
   * ```
   */
  controlCall(callId: string, action: CallAction): CallView {
    for (const tenant of this.#world.tenants.values()) {
      const call = tenant.calls.get(callId.toLowerCase());
      if (call !== undefined) {
        applyCallAction(this.#world, call, action);
        return toCallView(call);
      }
    }
    throw notFound('Call');
  }

  /**
   * What reached the default carrier adapter, and how it is set.
   *
   * @example
   * ```ts
   * mock.carrier().messages.length; // live-tenant sends only
   * ```
   */
  carrier(): CarrierState {
    const carrier = this.#world.recordingCarrier;
    return { mode: carrier.mode, reason: carrier.reason, messages: [...carrier.messages] };
  }

  /**
   * Tells the default carrier to accept or reject live sends.
   *
   * @example
   * ```ts
   * mock.setCarrier({ mode: 'reject', reason: 'Carrier outage' });
   * ```
   */
  setCarrier(settings: { mode: 'accept' | 'reject'; reason?: string }): CarrierState {
    this.#world.recordingCarrier.setMode(settings);
    return this.carrier();
  }

  /**
   * Delivers an inbound SMS to a tenant's number: joins or opens the conversation, stores the
   * message as `inbound` / `RECEIVED`, and emits `sms.received`.
   *
   * @example
   * ```ts
   * mock.receiveSms({ tenantId, to: '+14155550100', from: '+14155550199', body: 'Hello?' });
   * ```
   */
  receiveSms(input: { tenantId: string; to: string; from: string; body: string }): {
    conversationId: string;
    message: SmsMessage;
  } {
    const tenant = this.#world.tenants.get(input.tenantId.toLowerCase());
    if (tenant === undefined) throw notFound('Tenant');
    const { conversation, message } = receiveSms(this.#world, tenant, input);
    return { conversationId: conversation.id, message: toSmsMessage(message) };
  }

  /**
   * Moves the mock clock forward: rate-limit windows, idempotency retention, calls and webhook
   * retries follow: every retry that falls due in the interval runs, in order, each at its own
   * scheduled time (`await mock.idle()` for the outcome).
   *
   * @example
   * ```ts
   * mock.advanceClock(61_000); // a new rate-limit window
   * ```
   */
  advanceClock(ms: number): { now: string; offsetMs: number } {
    this.clock.advance(ms);
    return { now: this.clock.iso(), offsetMs: this.clock.offsetMs };
  }

  /**
   * Makes the next matching requests stall and/or fail, to test client retries.
   *
   * @example
   * ```ts
   * mock.injectFault({ method: 'POST', path: '/api/v1/contacts', status: 503, times: 2 });
   * ```
   */
  injectFault(fault: FaultInput): void {
    this.#world.faults.add(fault);
  }

  /**
   * Replaces the AI agents' responder.
   *
   * @example
   * ```ts
   * mock.setAiResponder(() => 'We open at 9.');
   * ```
   */
  setAiResponder(responder: AiResponder): void {
    this.#world.aiResponder = responder;
  }

  /**
   * Replaces the carrier adapter of live tenants (`undefined`: back to the recording carrier).
   *
   * @example
   * ```ts
   * mock.setCarrierAdapter({ send: () => ({ accepted: true }) });
   * ```
   */
  setCarrierAdapter(adapter: CarrierAdapter | undefined): void {
    this.#world.carrier = adapter ?? this.#world.recordingCarrier;
  }

  /**
   * Subscribes to a tenant's events: an HTTP endpoint (`url`), or in-process a `callback` that
   * receives the same `Request` (bytes and headers) an endpoint would. A `whsec_` secret is
   * generated when none is given; the answer is the only place it appears.
   *
   * @throws ApiError `VALIDATION_ERROR` naming the bad field (an unknown tenant included), 409
   *   `WEBHOOK_EXISTS` for a taken `id`.
   * @example
   * ```ts
   * const { id, secret } = mock.subscribeWebhook({ tenantId, url: 'http://127.0.0.1:4000/hooks', events: ['sms.sent'] });
   * const seen: Request[] = [];
   * mock.subscribeWebhook({ tenantId, events: ['*'], callback: (request) => { seen.push(request); } });
   * ```
   */
  subscribeWebhook(input: CreateWebhookSubscriptionInput): CreatedWebhookSubscription {
    const tenantId: unknown = input.tenantId;
    const normalised = typeof tenantId === 'string' ? { ...input, tenantId: tenantId.toLowerCase() } : input;
    return this.webhooks.subscriptions.create(normalised);
  }

  /**
   * The webhook subscriptions, oldest first, optionally of one tenant; secrets are masked.
   *
   * @example
   * ```ts
   * mock.webhookSubscriptions({ tenantId }).map((subscription) => subscription.url);
   * ```
   */
  webhookSubscriptions(filter: { tenantId?: string } = {}): WebhookSubscriptionView[] {
    return this.webhooks.subscriptions.list({ tenantId: filter.tenantId?.toLowerCase() });
  }

  /**
   * Deletes a webhook subscription: nothing more is sent to it, and its pending retries fail.
   *
   * @throws ApiError `NOT_FOUND` for an unknown subscription.
   * @example
   * ```ts
   * mock.deleteWebhook(id);
   * ```
   */
  deleteWebhook(id: string): void {
    this.webhooks.subscriptions.delete(id);
  }

  /**
   * Gives a subscription a new secret (generated, or `secret`), shown this once. The old one keeps
   * signing next to it (two signatures per request) for `windowMs` of mock time, 24 h by default.
   *
   * @throws ApiError `NOT_FOUND` for an unknown subscription, `VALIDATION_ERROR` for a bad secret.
   * @example
   * ```ts
   * const { secret, previousSecretExpiresAt } = mock.rotateWebhookSecret(id);
   * ```
   */
  rotateWebhookSecret(id: string, options: { secret?: string; windowMs?: number } = {}): RotatedWebhookSecret {
    return this.webhooks.subscriptions.rotateSecret(id, options);
  }

  /**
   * The webhook deliveries, oldest first, each with every attempt; filter by status, subscription,
   * event or tenant. Call {@link CommFlowMock.idle} first to see the outcome of attempts in flight.
   *
   * @example
   * ```ts
   * await mock.idle();
   * mock.deliveries({ status: 'failed' });
   * ```
   */
  deliveries(filter: DeliveryFilter = {}): WebhookDelivery[] {
    return this.webhooks.deliveries(
      filter.tenantId === undefined ? filter : { ...filter, tenantId: filter.tenantId.toLowerCase() },
    );
  }

  /**
   * Sends a delivery's event again, as a new delivery linked by `replayOf`: the same payload and
   * `webhook-id`, a fresh timestamp and signature, one attempt.
   *
   * @throws ApiError `NOT_FOUND` for an unknown delivery or a deleted subscription, 409
   *   `WEBHOOK_DISABLED` for a disabled one.
   * @example
   * ```ts
   * const [failed] = mock.deliveries({ status: 'failed' });
   * const replay = mock.replayDelivery(failed.id);
   * await mock.idle();
   * ```
   */
  replayDelivery(id: string): WebhookDelivery {
    return this.webhooks.replay(id);
  }

  /**
   * Resolves once no webhook attempt is in flight or about to start (retries waiting for the
   * clock do not count). Emit, `await mock.idle()`, then assert.
   *
   * @example
   * ```ts
   * await client.contacts.create({ firstName: 'Ada' });
   * await mock.idle();
   * expect(mock.deliveries({ status: 'succeeded' })).toHaveLength(1);
   * ```
   */
  idle(): Promise<void> {
    return this.webhooks.idle();
  }

  /**
   * Stops webhook delivery for good: cancels retry timers, aborts attempts in flight and waits
   * for them, so the mock leaves no timer or socket behind. The API keeps answering, but events
   * are no longer delivered. Also `await using mock = createMock()`.
   *
   * @example
   * ```ts
   * afterAll(() => mock.close());
   * ```
   */
  close(): Promise<void> {
    return this.webhooks.close();
  }

  /** The same as {@link CommFlowMock.close}, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/**
 * Creates an independent mock from a scenario (default: the built-in `demo`). Cheap: create
 * one per test file, or per test.
 *
 * @example
 * ```ts
 * import { createMock, DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';
 *
 * const mock = createMock('demo');
 * const res = await mock.fetch('/api/v1/contacts', {
 *   headers: { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox },
 * });
 * ```
 */
export function createMock(scenario?: ScenarioInput | ResolvedScenario | 'demo', options?: MockOptions): CommFlowMock {
  return new CommFlowMock(scenario, options);
}

export { ApiError };
