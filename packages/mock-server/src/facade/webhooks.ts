import { parseInput } from '../lib/api-error.js';
import { RotateSecretOptionsSchema } from '../runtime/control-inputs.js';
import type { MockRuntime } from '../runtime/mock-runtime.js';
import {
  deleteWebhook,
  replayWebhookDelivery,
  rotateWebhookSecret,
  setWebhookEnabled,
  subscribeWebhook,
  webhookDeliveries,
  webhookDelivery,
  webhookDeliveryRequest,
  webhooksIdle,
  webhookSubscription,
  webhookSubscriptions,
  type WebhookMessage,
} from '../runtime/webhooks.js';
import type { DeliveryFilter, WebhookDelivery } from '../state/webhooks/delivery-types.js';
import type {
  CreatedWebhookSubscription,
  CreateWebhookSubscriptionInput,
  RotatedWebhookSecret,
  WebhookSubscriptionView,
} from '../state/webhooks/subscription-types.js';

/**
 * Which subscriptions {@link MockWebhooks.list} answers: those of one tenant, or all.
 *
 * @example
 * ```ts
 * const filter: WebhookSubscriptionFilter = { tenantId: DEMO_TENANTS.sandbox };
 * ```
 */
export interface WebhookSubscriptionFilter {
  /** The tenant's id, in any case. */
  tenantId?: string | undefined;
}

/**
 * How {@link MockWebhooks.rotateSecret} rotates: the new secret (generated when left out), and how
 * long the old one keeps signing beside it.
 *
 * @example
 * ```ts
 * const options: RotateWebhookSecretOptions = { windowMs: 60_000 };
 * ```
 */
export interface RotateWebhookSecretOptions {
  /** The new `whsec_` secret; a fresh one is generated when left out. */
  secret?: string | undefined;
  /** How long the old secret keeps signing, in mock milliseconds. Default 24 h. */
  windowMs?: number | undefined;
}

/**
 * A mock's webhooks, in process (`mock.webhooks`): subscriptions and their deliveries, what a
 * test subscribes, reads back, replays and waits for. The remote handle's `remote.webhooks` has
 * the same methods, each a promise.
 *
 * @example
 * ```ts
 * const seen: Request[] = [];
 * const { id } = mock.webhooks.subscribe({ tenantId, events: ['sms.sent'], callback: (request) => { seen.push(request); } });
 * await client.sms.send({ to: '+14155550100', body: 'Hi' });
 * await mock.webhooks.idle();
 * mock.webhooks.deliveries({ subscriptionId: id }); // one, succeeded
 * ```
 */
export interface MockWebhooks {
  /**
   * Subscribes to a tenant's events: an HTTP endpoint (`url`), or in-process a `callback` that
   * receives the same `Request` (bytes and headers) an endpoint would. A `whsec_` secret is
   * generated when none is given; the answer is the only place it appears.
   *
   * @throws ApiError `VALIDATION_ERROR` naming the bad field (an unknown tenant included), 409
   *   `WEBHOOK_EXISTS` for a taken `id`.
   * @example
   * ```ts
   * const { id, secret } = mock.webhooks.subscribe({ tenantId, url: 'http://127.0.0.1:4000/hooks', events: ['sms.sent'] });
   * ```
   */
  subscribe(input: CreateWebhookSubscriptionInput): CreatedWebhookSubscription;

  /**
   * The subscriptions, oldest first, optionally of one tenant; secrets are masked.
   *
   * @throws ApiError `VALIDATION_ERROR` for a `tenantId` no tenant has, naming the closest tenants.
   * @example
   * ```ts
   * mock.webhooks.list({ tenantId }).map((subscription) => subscription.url);
   * ```
   */
  list(filter?: WebhookSubscriptionFilter): WebhookSubscriptionView[];

  /**
   * One subscription, its secret masked.
   *
   * @throws ApiError `NOT_FOUND` for an unknown subscription.
   * @example
   * ```ts
   * mock.webhooks.get(id).enabled; // true
   * ```
   */
  get(id: string): WebhookSubscriptionView;

  /**
   * Enables a disabled subscription: events from now on are delivered to it again.
   *
   * @throws ApiError `NOT_FOUND` for an unknown subscription.
   * @example
   * ```ts
   * mock.webhooks.enable(id);
   * ```
   */
  enable(id: string): WebhookSubscriptionView;

  /**
   * Disables a subscription: it receives nothing, and its pending retries fail at their next
   * attempt (replay them once it is enabled again).
   *
   * @throws ApiError `NOT_FOUND` for an unknown subscription.
   * @example
   * ```ts
   * mock.webhooks.disable(id);
   * ```
   */
  disable(id: string): WebhookSubscriptionView;

  /**
   * Deletes a subscription: nothing more is sent to it, and its pending retries fail.
   *
   * @throws ApiError `NOT_FOUND` for an unknown subscription.
   * @example
   * ```ts
   * mock.webhooks.delete(id);
   * ```
   */
  delete(id: string): void;

  /**
   * Gives a subscription a new secret (generated, or `secret`), shown this once. The old one keeps
   * signing next to it (two signatures per request) for `windowMs` of mock time, 24 h by default.
   *
   * @throws ApiError `NOT_FOUND` for an unknown subscription, `VALIDATION_ERROR` for a bad secret
   *   or window.
   * @example
   * ```ts
   * const { secret, previousSecretExpiresAt } = mock.webhooks.rotateSecret(id, { windowMs: 60_000 });
   * ```
   */
  rotateSecret(id: string, options?: RotateWebhookSecretOptions): RotatedWebhookSecret;

  /**
   * The deliveries, oldest first, each with every attempt; filter by status, subscription, event
   * or tenant. Call {@link MockWebhooks.idle} first to see the outcome of attempts in flight.
   *
   * @throws ApiError `VALIDATION_ERROR` for a `tenantId` no tenant has, naming the closest tenants.
   * @example
   * ```ts
   * await mock.webhooks.idle();
   * mock.webhooks.deliveries({ status: 'failed' });
   * ```
   */
  deliveries(filter?: DeliveryFilter): WebhookDelivery[];

  /**
   * One delivery, with every attempt.
   *
   * @throws ApiError `NOT_FOUND` for an unknown delivery.
   * @example
   * ```ts
   * mock.webhooks.delivery(id).attempts.length; // 1
   * ```
   */
  delivery(id: string): WebhookDelivery;

  /**
   * Sends a delivery's event again, as a new delivery linked by `replayOf`: the same payload and
   * `webhook-id`, a fresh timestamp and signature, one attempt.
   *
   * @throws ApiError `NOT_FOUND` for an unknown delivery or a deleted subscription, 409
   *   `WEBHOOK_DISABLED` for a disabled one.
   * @example
   * ```ts
   * const [failed] = mock.webhooks.deliveries({ status: 'failed' });
   * const replay = mock.webhooks.replay(failed.id);
   * await mock.webhooks.idle();
   * ```
   */
  replay(id: string): WebhookDelivery;

  /**
   * The request of a delivery's latest attempt (or of its next one, before any), rebuilt: the
   * exact body, and the headers signed with the subscription's secrets as they are now. What a
   * receiver's signature check can be tested against.
   *
   * @throws ApiError `NOT_FOUND` for an unknown delivery or a deleted subscription.
   * @example
   * ```ts
   * const { body, headers } = await mock.webhooks.deliveryRequest(id);
   * ```
   */
  deliveryRequest(id: string): Promise<WebhookMessage>;

  /**
   * Resolves once no delivery attempt is in flight or about to start (retries waiting for the
   * clock do not count). Emit, `await mock.webhooks.idle()`, then assert. `mock.idle()` waits
   * for the same, and for whatever else the mock may come to run in the background.
   *
   * @example
   * ```ts
   * await client.contacts.create({ firstName: 'Ada' });
   * await mock.webhooks.idle();
   * ```
   */
  idle(): Promise<void>;
}

/**
 * `mock.webhooks`: each method one runtime function, as the control routes call them.
 *
 * @internal Typed as {@link MockWebhooks}; the facade builds it.
 */
export class RuntimeWebhooks implements MockWebhooks {
  readonly #runtime: MockRuntime;

  constructor(runtime: MockRuntime) {
    this.#runtime = runtime;
  }

  subscribe(input: CreateWebhookSubscriptionInput): CreatedWebhookSubscription {
    // Problems are named under `input`, the parameter, as the other in-process controls name theirs.
    return subscribeWebhook(this.#runtime, input, ['input']);
  }

  list(filter: WebhookSubscriptionFilter = {}): WebhookSubscriptionView[] {
    return webhookSubscriptions(this.#runtime, filter, ['filter', 'tenantId']);
  }

  get(id: string): WebhookSubscriptionView {
    return webhookSubscription(this.#runtime, id);
  }

  enable(id: string): WebhookSubscriptionView {
    return setWebhookEnabled(this.#runtime, id, true);
  }

  disable(id: string): WebhookSubscriptionView {
    return setWebhookEnabled(this.#runtime, id, false);
  }

  delete(id: string): void {
    deleteWebhook(this.#runtime, id);
  }

  rotateSecret(id: string, options: RotateWebhookSecretOptions = {}): RotatedWebhookSecret {
    // Names only (the store checks the values): HTTP's `windowSeconds` given here is refused.
    parseInput(RotateSecretOptionsSchema, options, ['options']);
    return rotateWebhookSecret(this.#runtime, id, options);
  }

  deliveries(filter: DeliveryFilter = {}): WebhookDelivery[] {
    return webhookDeliveries(this.#runtime, filter, ['filter', 'tenantId']);
  }

  delivery(id: string): WebhookDelivery {
    return webhookDelivery(this.#runtime, id);
  }

  replay(id: string): WebhookDelivery {
    return replayWebhookDelivery(this.#runtime, id);
  }

  deliveryRequest(id: string): Promise<WebhookMessage> {
    return webhookDeliveryRequest(this.#runtime, id);
  }

  idle(): Promise<void> {
    return webhooksIdle(this.#runtime);
  }
}
