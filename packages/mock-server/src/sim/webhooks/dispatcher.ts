import type { WebhookEvent } from '@commflow/contract';
import { ApiError, notFound } from '../../lib/api-error.js';
import { DeliveryTable } from '../../state/webhooks/deliveries.js';
import {
  deliveryView,
  type DeliveryAttempt,
  type DeliveryFilter,
  type DeliveryRecord,
  type WebhookDelivery,
} from '../../state/webhooks/delivery-types.js';
import { SubscriptionStore } from '../../state/webhooks/subscriptions.js';
import { dueInOrder, type WebhookTimestampClock } from './attempt-time.js';
import { attemptDelivery } from './attempt.js';
import { nextRetryDelay, RETRY_SCHEDULE_MS } from './retry-schedule.js';
import { buildWebhookMessage, DEFAULT_DELIVERY_TIMEOUT_MS, type WebhookMessage } from './transport.js';
import { RetryTimer } from './retry-timer.js';
import { Work } from './work.js';
import type { WebhookDispatcherOptions } from './dispatcher-options.js';

export type { WebhookDispatcherOptions };

/** Guards every drain loop: far more rounds than a test or a mock ever needs. */
const MAX_DRAIN_ROUNDS = 10_000;

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
  /** The subscriptions deliveries go to (state: the dispatcher only reads them). */
  readonly subscriptions: SubscriptionStore;
  /**
   * The deliveries (state: the dispatcher moves them along, holding no table of its own).
   *
   * @internal
   */
  readonly table: DeliveryTable;

  readonly #nowFor: (tenantId: string) => number;
  readonly #timeoutMs: number;
  readonly #schedule: readonly number[];
  readonly #realTimers: boolean;
  readonly #fetch: typeof fetch | undefined;
  readonly #timestampClock: WebhookTimestampClock;
  readonly #unsubscribe: (() => void)[] = [];

  /** First attempts waiting for their macrotask, attempts in flight, their abort controllers. */
  readonly #work = new Work();
  readonly #timer: RetryTimer;
  #closed = false;

  /** @internal The runtime builds the mock's dispatcher; `mock.webhooks` is the one to use. */
  constructor(options: WebhookDispatcherOptions) {
    const timeoutMs = options.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new RangeError('timeoutMs must be a finite number > 0');
    this.#timer = new RetryTimer(options.clock, () => this.runDue());
    const clock = options.clock;
    this.#nowFor = options.nowFor ?? (() => clock.now());
    this.#timeoutMs = timeoutMs;
    this.#schedule = options.retryScheduleMs ?? RETRY_SCHEDULE_MS;
    // Stryker disable next-line all: a default the runtime never uses (it says whether its clock follows the wall)
    this.#realTimers = options.realTimers ?? true;
    this.#fetch = options.fetch;
    this.#timestampClock = options.webhookTimestamp ?? 'wall';
    this.subscriptions = options.subscriptions ?? new SubscriptionStore({ clock: options.clock });
    // Stryker disable next-line ObjectLiteral: a default the runtime never uses (it passes the world's table)
    this.table = options.deliveries ?? new DeliveryTable({ nowFor: this.#nowFor, limit: options.deliveryLimit });
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
      this.table.create({ event, subscriptionId, payload, retries: true, replayOf: undefined, now }),
    );
    this.#kickoff(records);
    return records.map(deliveryView);
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
    const original = this.table.find(deliveryId);
    const target = this.subscriptions.target(original.subscriptionId);
    if (target === undefined) throw notFound('Webhook subscription');
    if (!target.enabled) {
      throw ApiError.custom(409, 'WEBHOOK_DISABLED', 'The webhook subscription is disabled; enable it to replay.');
    }
    const record = this.table.create({
      event: { id: original.eventId, type: original.eventType, tenantId: original.tenantId },
      subscriptionId: original.subscriptionId,
      payload: original.payload,
      retries: false,
      replayOf: original.id,
      now: this.#nowFor(original.tenantId),
    });
    this.#kickoff([record]);
    return deliveryView(record);
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
    return this.table.list(filter);
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
    return deliveryView(this.table.find(id));
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
    const record = this.table.find(id);
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
    const due = dueInOrder(this.table.waiting(), (record) => this.#nowFor(record.tenantId));
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
    await this.#work.idle(MAX_DRAIN_ROUNDS);
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
    this.table.clear();
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
    this.table.forgetTenant(tenantId);
    this.#armTimer();
  }

  /**
   * Starts over on the deliveries the table holds now (after a restore loaded it): work in
   * flight is aborted and its results dropped, as in {@link WebhookDispatcher.reset}; pending
   * deliveries wait for their time on the clock, and those already due start at once.
   *
   * @internal
   */
  restart(): void {
    this.#cancelWork();
    this.runDue();
  }

  /** Starts the first attempts on a macrotask, so the emitting request finishes first. */
  #kickoff(records: DeliveryRecord[]): void {
    this.#work.soon(() => {
      for (const record of records) {
        if (record.status === 'pending' && !record.inFlight) this.#start(record, this.#nowFor(record.tenantId));
      }
    });
  }

  /** Starts an attempt that counts as made at `atMs` on the mock clock. */
  #start(record: DeliveryRecord, atMs: number): void {
    this.table.start(record);
    this.#work.track(this.#attempt(record, atMs));
  }

  async #attempt(record: DeliveryRecord, atMs: number): Promise<void> {
    const generation = this.#work.generation;
    const { signal, release } = this.#work.controller();
    const started = performance.now();
    const settings = { timestampClock: this.#timestampClock, timeoutMs: this.#timeoutMs, fetch: this.#fetch, signal };
    const { outcome, final } = await attemptDelivery(
      record,
      this.subscriptions.target(record.subscriptionId),
      atMs,
      settings,
    ).finally(release);
    // A reset or close during the attempt: the delivery is gone or frozen; drop the result.
    if (generation !== this.#work.generation) return;
    // Its tenant was reset or deleted during the attempt: the delivery is gone.
    if (!this.table.holds(record)) return;

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
    this.table.wait(record, atMs + delay);
    this.runDue(); // starts it at once when a clock jump already passed its time; else re-arms
  }

  /** (Re-)arms the real timer for the earliest due retry, when real timers are on. */
  #armTimer(): void {
    if (!this.#realTimers || this.#closed) {
      this.#timer.disarm();
      return;
    }
    // The soonest retry, in real ms from now (each delivery's time is its tenant's).
    let soonest: number | undefined;
    for (const record of this.table.waiting()) {
      if (record.nextAttemptAt === undefined) continue;
      const wait = record.nextAttemptAt - this.#nowFor(record.tenantId);
      if (soonest === undefined || wait < soonest) soonest = wait;
    }
    this.#timer.arm(soonest);
  }

  #cancelWork(): void {
    this.#work.cancel();
    this.#timer.disarm();
  }
}
