import type { WebhookEvent } from '@commflow/contract';
import { ApiError, notFound } from '../service/api-error.js';
import type { MockClock } from '../sim/clock.js';
import type { EventLog } from '../state/events/event-log.js';
import { trimOldest } from '../history/bounded.js';
import { newId } from '../lib/ids.js';
import { dueInOrder, signatureTimestampSeconds, type WebhookTimestampClock } from './attempt-time.js';
import type { DeliveryAttempt, DeliveryFilter, DeliveryStatus, WebhookDelivery } from './delivery.js';
import { nextRetryDelay, RETRY_SCHEDULE_MS } from './retry-schedule.js';
import { SubscriptionStore } from './subscription-store.js';
import {
  type AttemptOutcome,
  buildWebhookMessage,
  DEFAULT_DELIVERY_TIMEOUT_MS,
  sendInProcess,
  sendOverHttp,
  type WebhookMessage,
} from './transport.js';

/**
 * Options of a {@link WebhookDispatcher}.
 *
 * @example
 * ```ts
 * const options: WebhookDispatcherOptions = { events, clock, realTimers: false, timeoutMs: 50 };
 * ```
 */
export interface WebhookDispatcherOptions {
  /** The mock's event log; every emitted event is delivered. */
  events: EventLog;
  /** The mock's clock: attempt timestamps and retry times are on it. */
  clock: MockClock;
  /** The subscriptions to deliver to. Default: a new store on `clock`. */
  subscriptions?: SubscriptionStore;
  /** Per-attempt timeout in real milliseconds. Default 15 000 (decisions §10). */
  timeoutMs?: number;
  /** Delays between attempts. Default {@link RETRY_SCHEDULE_MS}. */
  retryScheduleMs?: readonly number[];
  /**
   * Also run due retries from a real (unref'd) timer, for a clock that follows wall time
   * (standalone mode). Pass `false` with a frozen clock: only `clock.advance()` drives retries
   * then. Default true; a timer that finds the clock standing still stops re-arming by itself.
   */
  realTimers?: boolean;
  /** The fetch for HTTP subscriptions. Default: the global fetch at call time. */
  fetch?: typeof fetch;
  /** The clock of `webhook-timestamp`. Default `'wall'`: see {@link WebhookTimestampClock}. */
  webhookTimestamp?: WebhookTimestampClock;
  /** How many deliveries are kept; past it the oldest finished ones are forgotten. Default 10 000. */
  deliveryLimit?: number;
  /**
   * Each tenant's time, when tenants have clocks of their own: a delivery's attempts and retries
   * run on its tenant's clock. Default: `clock` for every tenant.
   */
  nowFor?: (tenantId: string) => number;
}

/**
 * A delivery as plain data, as a snapshot holds it. An attempt in flight when the snapshot was
 * taken is due again at once after a restore (`nextAttemptAt` = the snapshot's time).
 */
export interface DeliveryData {
  id: string;
  eventId: string;
  eventType: string;
  tenantId: string;
  subscriptionId: string;
  createdAt: string;
  replayOf: string | null;
  payload: string;
  retries: boolean;
  attempts: DeliveryAttempt[];
  status: DeliveryStatus;
  nextAttemptAt: number | null;
}

interface DeliveryRecord {
  readonly id: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly tenantId: string;
  readonly subscriptionId: string;
  readonly createdAt: string;
  readonly replayOf: string | undefined;
  /** The exact JSON bytes sent on every attempt: serialised once, never again. */
  readonly payload: string;
  /** Replays make one attempt; deliveries of new events follow the schedule. */
  readonly retries: boolean;
  readonly attempts: DeliveryAttempt[];
  status: DeliveryStatus;
  /** Mock-clock ms when the next attempt is due, while pending and not in flight. */
  nextAttemptAt: number | undefined;
  inFlight: boolean;
}

/** Guards every drain loop: far more rounds than a test or a mock ever needs. */
const MAX_DRAIN_ROUNDS = 10_000;
/** setTimeout's limit; longer delays are re-armed when the timer fires. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Delivers the events of an {@link EventLog} to the matching subscriptions, signed, with
 * retries on the mock clock.
 *
 * - Emitting never waits: the listener only records `pending` deliveries, and the first attempt
 *   starts on a later macrotask.
 * - A failed attempt is retried at (its start + the next delay of {@link RETRY_SCHEDULE_MS}) on
 *   the mock clock. `clock.advance()` runs every retry that falls due in the interval, in order,
 *   each at its own scheduled time (one 10-day jump walks the whole schedule), and in standalone
 *   mode an unref'd real timer does. After the 8th failure the delivery is `failed`.
 * - `webhook-timestamp` is the wall-clock time of the attempt unless `webhookTimestamp: 'mock'`
 *   (see {@link WebhookTimestampClock}); the event's `timestamp` is always the mock's.
 * - {@link WebhookDispatcher.replay} re-sends a delivery as a new, linked delivery (Svix-style
 *   "resend"): same event, same `webhook-id`, fresh timestamp and signature, one attempt.
 * - {@link WebhookDispatcher.idle} waits for every attempt in flight;
 *   {@link WebhookDispatcher.close} cancels timers and aborts requests.
 *
 * @example
 * ```ts
 * const clock = new MockClock({ frozen: true });
 * const events = new EventLog(clock);
 * const webhooks = new WebhookDispatcher({ events, clock, realTimers: false });
 * webhooks.subscriptions.create({ tenantId, url: 'http://127.0.0.1:4000/hooks', events: ['*'] });
 * events.emit(tenantId, 'call.started', data);
 * await webhooks.idle();          // first attempt done
 * clock.advance(5_000);           // the first retry is due: it starts now
 * await webhooks.idle();
 * webhooks.deliveries({ status: 'failed' });
 * await webhooks.close();
 * ```
 */
export class WebhookDispatcher {
  /** The subscriptions deliveries go to. */
  readonly subscriptions: SubscriptionStore;

  readonly #clock: MockClock;
  readonly #nowFor: (tenantId: string) => number;
  readonly #timeoutMs: number;
  readonly #schedule: readonly number[];
  readonly #realTimers: boolean;
  readonly #fetch: typeof fetch | undefined;
  readonly #timestampClock: WebhookTimestampClock;
  readonly #deliveryLimit: number;
  readonly #unsubscribe: (() => void)[] = [];

  readonly #deliveries = new Map<string, DeliveryRecord>();
  /** Pending deliveries waiting for a retry time (not in flight). */
  readonly #scheduled = new Set<DeliveryRecord>();
  /** Every unfinished piece of work: first-attempt macrotasks and attempts in flight. */
  readonly #busy = new Set<Promise<void>>();
  /** First-attempt macrotasks not yet run, so close() can cancel them. */
  readonly #kickoffs = new Map<NodeJS.Immediate, () => void>();
  /** One per attempt in flight, so close() and reset() can abort the requests. */
  readonly #controllers = new Set<AbortController>();

  #timer: NodeJS.Timeout | undefined;
  /** Bumped by reset() and close(): attempts of an older generation drop their results. */
  #generation = 0;
  #closed = false;

  constructor(options: WebhookDispatcherOptions) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError('timeoutMs must be a finite number > 0');
    this.#clock = options.clock;
    const clock = options.clock;
    this.#nowFor = options.nowFor ?? (() => clock.now());
    this.#timeoutMs = timeoutMs;
    this.#schedule = options.retryScheduleMs ?? RETRY_SCHEDULE_MS;
    this.#realTimers = options.realTimers ?? true;
    this.#fetch = options.fetch;
    this.#timestampClock = options.webhookTimestamp ?? 'wall';
    this.#deliveryLimit = options.deliveryLimit ?? 10_000;
    this.subscriptions = options.subscriptions ?? new SubscriptionStore({ clock: options.clock });
    this.#unsubscribe.push(
      options.events.subscribe((event) => {
        this.dispatch(event);
      }),
      options.clock.onAdvance(() => {
        this.runDue();
      }),
    );
  }

  /**
   * Records a `pending` delivery for every enabled subscription of the event's tenant whose
   * filter matches, and schedules their first attempts on a macrotask. Returns at once: the
   * event log calls this inside the API request that emitted the event.
   *
   * @example
   * ```ts
   * const deliveries = dispatcher.dispatch(event); // also what the event-log subscription does
   * ```
   */
  dispatch(event: WebhookEvent): WebhookDelivery[] {
    if (this.#closed) return [];
    const subscriptionIds = this.subscriptions.matching(event.tenantId, event.type);
    if (subscriptionIds.length === 0) return [];
    const payload = JSON.stringify(event);
    const now = this.#nowFor(event.tenantId);
    const records = subscriptionIds.map((subscriptionId) =>
      this.#record({ event, subscriptionId, payload, retries: true, replayOf: undefined, now }),
    );
    this.#kickoff(records);
    return records.map((record) => this.#view(record));
  }

  /**
   * Re-sends a delivery's event to its subscription as a new delivery linked by `replayOf`: the
   * same payload bytes and `webhook-id`, a fresh `webhook-timestamp` and signature (with the
   * subscription's current secrets), one attempt without retries. The original delivery keeps
   * its history and status. Any delivery may be replayed, whatever its status.
   *
   * @throws `ApiError` `NOT_FOUND` for an unknown delivery or a deleted subscription, 409
   *   `WEBHOOK_DISABLED` when the subscription is disabled.
   * @example
   * ```ts
   * const replay = dispatcher.replay(failedDeliveryId);
   * await dispatcher.idle();
   * dispatcher.delivery(replay.id).status; // 'succeeded'
   * ```
   */
  replay(deliveryId: string): WebhookDelivery {
    if (this.#closed) throw new Error('The webhook dispatcher is closed.');
    const original = this.#find(deliveryId);
    const target = this.subscriptions.target(original.subscriptionId);
    if (target === undefined) throw notFound('Webhook subscription');
    if (!target.enabled) {
      throw ApiError.custom(409, 'WEBHOOK_DISABLED', 'The webhook subscription is disabled; enable it to replay.');
    }
    const record = this.#record({
      event: { id: original.eventId, type: original.eventType, tenantId: original.tenantId },
      subscriptionId: original.subscriptionId,
      payload: original.payload,
      retries: false,
      replayOf: original.id,
      now: this.#nowFor(original.tenantId),
    });
    this.#kickoff([record]);
    return this.#view(record);
  }

  /**
   * The deliveries, oldest first, filtered by status, subscription, event or tenant.
   *
   * @example
   * ```ts
   * dispatcher.deliveries({ status: 'pending' }).map((d) => d.nextAttemptAt);
   * ```
   */
  deliveries(filter: DeliveryFilter = {}): WebhookDelivery[] {
    const views: WebhookDelivery[] = [];
    for (const record of this.#deliveries.values()) {
      if (
        (filter.status === undefined || record.status === filter.status) &&
        (filter.subscriptionId === undefined || record.subscriptionId === filter.subscriptionId) &&
        (filter.eventId === undefined || record.eventId === filter.eventId) &&
        (filter.tenantId === undefined || record.tenantId === filter.tenantId)
      ) {
        views.push(this.#view(record));
      }
    }
    return views;
  }

  /**
   * One delivery.
   *
   * @throws `ApiError` `NOT_FOUND` when there is none.
   * @example
   * ```ts
   * dispatcher.delivery(id).attempts.length;
   * ```
   */
  delivery(id: string): WebhookDelivery {
    return this.#view(this.#find(id));
  }

  /**
   * The request of a delivery's latest attempt (or of the next one, before any), rebuilt: the
   * exact payload, and the headers signed with the subscription's secrets as they are now.
   * What the console shows to inspect a delivery.
   *
   * @throws `ApiError` `NOT_FOUND` for an unknown delivery or a deleted subscription.
   * @example
   * ```ts
   * const { body, headers } = await dispatcher.request(id);
   * ```
   */
  async request(id: string): Promise<WebhookMessage> {
    const record = this.#find(id);
    const target = this.subscriptions.target(record.subscriptionId);
    if (target === undefined) throw notFound('Webhook subscription');
    const at = record.attempts.at(-1)?.at;
    return buildWebhookMessage({
      url: target.url,
      eventId: record.eventId,
      payload: record.payload,
      secrets: target.secrets,
      timestampSeconds: Math.floor((at === undefined ? this.#nowFor(record.tenantId) : Date.parse(at)) / 1000),
    });
  }

  /**
   * Starts every attempt that is due on the mock clock; returns how many started. The clock's
   * `onAdvance` calls this, so tests rarely need to.
   *
   * @example
   * ```ts
   * clock.advance(5_000); // runs dispatcher.runDue()
   * ```
   */
  runDue(): number {
    if (this.#closed) return 0;
    // Each due retry runs at its own scheduled time, earliest first; a failure whose next retry
    // is already due (a clock jump) runs that one too, so one jump walks the whole schedule.
    const due = dueInOrder(this.#scheduled, (record) => this.#nowFor(record.tenantId));
    for (const record of due) this.#start(record, record.nextAttemptAt);
    this.#armTimer();
    return due.length;
  }

  /**
   * Resolves once no attempt is in flight or about to start (retries waiting for the clock do
   * not count). Deterministic for tests: emit, `await idle()`, then assert.
   *
   * @example
   * ```ts
   * events.emit(tenantId, 'sms.sent', data);
   * await dispatcher.idle();
   * ```
   */
  async idle(): Promise<void> {
    for (let round = 0; round < MAX_DRAIN_ROUNDS && this.#busy.size > 0; round++) {
      await Promise.allSettled([...this.#busy]);
    }
  }

  /**
   * The same as {@link WebhookDispatcher.idle}.
   *
   * @example
   * ```ts
   * await dispatcher.flush();
   * ```
   */
  flush(): Promise<void> {
    return this.idle();
  }

  /**
   * Forgets every delivery, cancels timers and aborts attempts in flight (their results are
   * dropped), and by default forgets the subscriptions too (the mock's reset re-loads its
   * scenario). The dispatcher keeps listening to the event log.
   *
   * @example
   * ```ts
   * dispatcher.reset({ keepSubscriptions: true });
   * ```
   */
  reset(options: { keepSubscriptions?: boolean } = {}): void {
    this.#cancelWork();
    this.#deliveries.clear();
    this.#scheduled.clear();
    if (options.keepSubscriptions !== true) this.subscriptions.clear();
  }

  /**
   * Stops for good: unsubscribes from the event log and the clock, cancels the retry timer and
   * pending first attempts, aborts requests in flight, and resolves once they have settled. No
   * timer or socket of the dispatcher outlives it. Deliveries stay readable.
   *
   * @example
   * ```ts
   * afterEach(() => dispatcher.close());
   * ```
   */
  async close(): Promise<void> {
    if (!this.#closed) {
      this.#closed = true;
      for (const unsubscribe of this.#unsubscribe.splice(0)) unsubscribe();
      this.#cancelWork();
    }
    await this.idle();
  }

  /**
   * Forgets a tenant's deliveries (its reset or deletion): pending retries are dropped; an
   * attempt in flight finishes, and its result is dropped with the delivery.
   *
   * @internal
   */
  forgetTenant(tenantId: string): void {
    for (const [id, record] of this.#deliveries) {
      if (record.tenantId !== tenantId) continue;
      this.#deliveries.delete(id);
      this.#scheduled.delete(record);
    }
    this.#armTimer();
  }

  /**
   * Every delivery as plain data, oldest first.
   *
   * @internal
   */
  dumpDeliveries(): DeliveryData[] {
    return [...this.#deliveries.values()].map((record) => ({
      id: record.id,
      eventId: record.eventId,
      eventType: record.eventType,
      tenantId: record.tenantId,
      subscriptionId: record.subscriptionId,
      createdAt: record.createdAt,
      replayOf: record.replayOf ?? null,
      payload: record.payload,
      retries: record.retries,
      attempts: record.attempts.map((attempt) => ({ ...attempt })),
      status: record.status,
      nextAttemptAt:
        record.status !== 'pending'
          ? null
          : record.inFlight
            ? this.#nowFor(record.tenantId)
            : (record.nextAttemptAt ?? this.#nowFor(record.tenantId)),
    }));
  }

  /**
   * Replaces every delivery (a restore): work in flight is aborted and its results dropped, as
   * in {@link WebhookDispatcher.reset}; pending deliveries wait for their time on the clock, and
   * those already due start at once.
   *
   * @internal
   */
  replaceDeliveries(deliveries: readonly DeliveryData[]): void {
    this.#cancelWork();
    this.#deliveries.clear();
    this.#scheduled.clear();
    for (const data of deliveries) {
      const record: DeliveryRecord = {
        ...data,
        replayOf: data.replayOf ?? undefined,
        attempts: data.attempts.map((attempt) => ({ ...attempt })),
        nextAttemptAt: data.status === 'pending' ? (data.nextAttemptAt ?? this.#nowFor(data.tenantId)) : undefined,
        inFlight: false,
      };
      this.#deliveries.set(record.id, record);
      if (record.status === 'pending') this.#scheduled.add(record);
    }
    // This mock's cap, which may be lower than the one the snapshot was taken under.
    trimOldest(this.#deliveries, this.#deliveryLimit, (old) => old.status !== 'pending');
    this.runDue();
  }

  #record(input: {
    event: { id: string; type: string; tenantId: string };
    subscriptionId: string;
    payload: string;
    retries: boolean;
    replayOf: string | undefined;
    now: number;
  }): DeliveryRecord {
    const record: DeliveryRecord = {
      id: newId(),
      eventId: input.event.id,
      eventType: input.event.type,
      tenantId: input.event.tenantId,
      subscriptionId: input.subscriptionId,
      createdAt: new Date(input.now).toISOString(),
      replayOf: input.replayOf,
      payload: input.payload,
      retries: input.retries,
      attempts: [],
      status: 'pending',
      nextAttemptAt: input.now,
      inFlight: false,
    };
    this.#deliveries.set(record.id, record);
    trimOldest(this.#deliveries, this.#deliveryLimit, (old) => old.status !== 'pending');
    return record;
  }

  /** Starts the first attempts on a macrotask, so the emitting request finishes first. */
  #kickoff(records: DeliveryRecord[]): void {
    const generation = this.#generation;
    let done: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    const handle = setImmediate(() => {
      this.#kickoffs.delete(handle);
      if (generation === this.#generation) {
        for (const record of records) {
          if (record.status === 'pending' && !record.inFlight) this.#start(record, this.#nowFor(record.tenantId));
        }
      }
      done();
    });
    this.#kickoffs.set(handle, done);
    this.#track(finished);
  }

  #track(work: Promise<void>): void {
    this.#busy.add(work);
    void work.finally(() => this.#busy.delete(work));
  }

  /** Starts an attempt that counts as made at `atMs` on the mock clock. */
  #start(record: DeliveryRecord, atMs: number): void {
    record.inFlight = true;
    record.nextAttemptAt = undefined;
    this.#scheduled.delete(record);
    this.#track(this.#attempt(record, atMs));
  }

  async #attempt(record: DeliveryRecord, atMs: number): Promise<void> {
    const generation = this.#generation;
    const controller = new AbortController();
    this.#controllers.add(controller);
    const started = performance.now();
    let outcome: AttemptOutcome;
    let final = !record.retries;
    try {
      const target = this.subscriptions.target(record.subscriptionId);
      if (target === undefined) {
        outcome = { ok: false, error: 'the subscription was deleted' };
        final = true;
      } else if (!target.enabled) {
        outcome = { ok: false, error: 'the subscription is disabled' };
        final = true;
      } else {
        const message = await buildWebhookMessage({
          url: target.url,
          eventId: record.eventId,
          payload: record.payload,
          secrets: target.secrets,
          timestampSeconds: signatureTimestampSeconds(this.#timestampClock, atMs),
        });
        const options = { timeoutMs: this.#timeoutMs, signal: controller.signal, fetch: this.#fetch };
        outcome =
          target.callback === undefined
            ? await sendOverHttp(message, options)
            : await sendInProcess(message, target.callback, options);
      }
    } catch (error) {
      // The transports never throw; this is signing gone wrong (a corrupt secret).
      outcome = { ok: false, error: `could not sign: ${error instanceof Error ? error.message : String(error)}` };
    } finally {
      this.#controllers.delete(controller);
    }
    // A reset or close during the attempt: the delivery is gone or frozen; drop the result.
    if (generation !== this.#generation) return;
    // Its tenant was reset or deleted during the attempt: the delivery is gone.
    if (this.#deliveries.get(record.id) !== record) return;

    const attempt: DeliveryAttempt = {
      at: new Date(atMs).toISOString(),
      durationMs: Math.round(performance.now() - started),
    };
    if (outcome.status !== undefined) attempt.status = outcome.status;
    if (outcome.error !== undefined) attempt.error = outcome.error;
    record.attempts.push(attempt);
    record.inFlight = false;

    if (outcome.ok) {
      record.status = 'succeeded';
      return;
    }
    const delay = final ? undefined : nextRetryDelay(record.attempts.length, this.#schedule);
    if (delay === undefined) {
      record.status = 'failed';
      return;
    }
    record.nextAttemptAt = atMs + delay;
    this.#scheduled.add(record);
    this.runDue(); // starts it at once when a clock jump already passed its time; else re-arms
  }

  /** (Re-)arms the real timer for the earliest due retry, when real timers are on. */
  #armTimer(): void {
    this.#disarm();
    if (!this.#realTimers || this.#closed) return;
    // The soonest retry, in real ms from now (each delivery's time is its tenant's).
    let soonest: number | undefined;
    for (const record of this.#scheduled) {
      if (record.nextAttemptAt === undefined) continue;
      const wait = record.nextAttemptAt - this.#nowFor(record.tenantId);
      if (soonest === undefined || wait < soonest) soonest = wait;
    }
    if (soonest === undefined) return;
    const armedAt = this.#clock.now();
    const delay = Math.min(Math.max(soonest, 0), MAX_TIMER_MS);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const started = this.runDue(); // re-arms for the next retry
      // A frozen clock did not move while real time passed: only advance() can drive it, and
      // onAdvance re-arms, so stop waking up for nothing.
      if (started === 0 && delay > 0 && this.#clock.now() === armedAt) this.#disarm();
    }, delay);
    this.#timer.unref();
  }

  #disarm(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #cancelWork(): void {
    this.#generation++;
    this.#disarm();
    for (const [handle, done] of this.#kickoffs) {
      clearImmediate(handle);
      done();
    }
    this.#kickoffs.clear();
    for (const controller of this.#controllers) controller.abort();
    this.#controllers.clear();
  }

  #find(id: string): DeliveryRecord {
    const record = this.#deliveries.get(id);
    if (record === undefined) throw notFound('Webhook delivery');
    return record;
  }

  #view(record: DeliveryRecord): WebhookDelivery {
    const view: WebhookDelivery = {
      id: record.id,
      eventId: record.eventId,
      eventType: record.eventType,
      tenantId: record.tenantId,
      subscriptionId: record.subscriptionId,
      status: record.status,
      attempts: record.attempts.map((attempt) => ({ ...attempt })),
      createdAt: record.createdAt,
    };
    if (record.status === 'pending' && record.nextAttemptAt !== undefined) {
      view.nextAttemptAt = new Date(record.nextAttemptAt).toISOString();
    }
    if (record.replayOf !== undefined) view.replayOf = record.replayOf;
    return view;
  }
}
