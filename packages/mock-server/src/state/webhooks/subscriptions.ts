import { generateWebhookSecret } from '@commflow/contract/webhooks';
import { ApiError, invalid, notFound, parseInput } from '../../lib/api-error.js';
import { newId } from '../../lib/ids.js';
import type { ClockReading } from '../clock-reading.js';
import { throwIssues } from '../store.js';
import { storedSubscription, subscriptionData } from './subscription-data.js';
import { CreateWebhookSubscriptionSchema, type SubscriptionData, WebhookSecretSchema } from './subscription-schemas.js';
import {
  type CreatedWebhookSubscription,
  type CreateWebhookSubscriptionInput,
  DEFAULT_ROTATION_WINDOW_MS,
  IN_PROCESS_WEBHOOK_URL,
  normaliseEvents,
  type RotatedWebhookSecret,
  type StoredSubscription,
  type SubscriptionsLoadContext,
  type SubscriptionStoreOptions,
  type WebhookCallback,
  type WebhookSubscriptionView,
  type WebhookTarget,
} from './subscription-types.js';
import { liveOldSecrets, subscriptionView } from './subscription-view.js';

/**
 * The webhook subscriptions of every tenant: create, list, enable or disable, delete and rotate
 * secrets. Inputs are validated with the exported zod schemas and failures are `ApiError`s
 * (`VALIDATION_ERROR` naming the field, `NOT_FOUND`), so the control surface can pass them on.
 *
 * @example
 * ```ts
 * const store = new SubscriptionStore({ clock });
 * const { id, secret } = store.create({ tenantId, url: 'http://127.0.0.1:4000/hooks', events: ['sms.sent'] });
 * store.disable(id);
 * const { secret: next } = store.rotateSecret(id); // both secrets sign for 24 h
 * ```
 */
export class SubscriptionStore {
  readonly #clock: ClockReading;
  readonly #rotationWindowMs: number;
  readonly #tenantExists: ((tenantId: string) => boolean) | undefined;
  #subscriptions = new Map<string, StoredSubscription>();
  readonly #options: SubscriptionStoreOptions;

  /** @internal The runtime builds the mock's store; `mock.webhooks.subscriptions` is the one to use. */
  constructor(options: SubscriptionStoreOptions) {
    const windowMs = options.rotationWindowMs ?? DEFAULT_ROTATION_WINDOW_MS;
    if (!Number.isFinite(windowMs) || windowMs < 0)
      throw new RangeError('rotationWindowMs must be a finite number >= 0');
    this.#options = options;
    this.#clock = options.clock;
    this.#rotationWindowMs = windowMs;
    this.#tenantExists = options.tenantExists;
  }

  /**
   * Creates a subscription. A `whsec_` secret is generated when none is given; the answer is the
   * only place the secret ever appears. `path` prefixes the field names of validation errors
   * (`['body']` on the control surface, `['tenants', '0', 'webhooks', '1']` for a scenario).
   *
   * @example
   * ```ts
   * const { id, secret } = store.create({ tenantId, url: 'https://example.com/hooks', events: ['*'] });
   * const inProcess = store.create({ tenantId, callback: async (request) => { seen.push(await request.text()); } });
   * ```
   */
  create(input: CreateWebhookSubscriptionInput, path: readonly string[] = []): CreatedWebhookSubscription {
    const callback = 'callback' in input ? input.callback : undefined;
    if (callback !== undefined && typeof callback !== 'function') {
      throw invalid([...path, 'callback'], 'must be a function');
    }
    const { callback: _callback, ...data } = { ...input, callback };
    // A callback subscription has no endpoint of its own, so the placeholder URL stands in.
    if (callback !== undefined) data.url ??= IN_PROCESS_WEBHOOK_URL;
    const parsed = parseInput(CreateWebhookSubscriptionSchema, data, path);
    if (this.#tenantExists !== undefined && !this.#tenantExists(parsed.tenantId)) {
      throw invalid([...path, 'tenantId'], `no tenant has id "${parsed.tenantId}"`);
    }
    const id = parsed.id ?? newId();
    if (this.#subscriptions.has(id)) {
      throw ApiError.custom(409, 'WEBHOOK_EXISTS', `A webhook subscription with id "${id}" already exists.`);
    }
    const subscription: StoredSubscription = {
      id,
      tenantId: parsed.tenantId,
      url: parsed.url,
      events: normaliseEvents(parsed.events),
      createdAt: this.#clock.iso(),
      callback,
      enabled: parsed.enabled,
      secret: parsed.secret ?? generateWebhookSecret(),
      previous: [],
    };
    this.#subscriptions.set(id, subscription);
    return { ...this.#view(subscription), secret: subscription.secret };
  }

  /**
   * One subscription, without its secret.
   *
   * @throws `ApiError` `NOT_FOUND` when there is none.
   * @example
   * ```ts
   * store.get(id).enabled;
   * ```
   */
  get(id: string): WebhookSubscriptionView {
    return this.#view(this.#find(id));
  }

  /**
   * The subscriptions, oldest first, optionally of one tenant; never with secrets.
   *
   * @example
   * ```ts
   * store.list({ tenantId }).map((s) => s.url);
   * ```
   */
  list(filter: { tenantId?: string | undefined } = {}): WebhookSubscriptionView[] {
    const views: WebhookSubscriptionView[] = [];
    for (const subscription of this.#subscriptions.values()) {
      if (filter.tenantId === undefined || subscription.tenantId === filter.tenantId)
        views.push(this.#view(subscription));
    }
    return views;
  }

  /**
   * The subscriptions with an endpoint URL, as a scenario would declare them, secrets included:
   * what an export writes. In-process callbacks cannot be written to a file and are left out.
   *
   * @example
   * ```ts
   * store.declarations().map((declared) => declared.url);
   * ```
   */
  declarations(): { id: string; tenantId: string; url: string; events: string[]; secret: string; enabled: boolean }[] {
    return [...this.#subscriptions.values()]
      .filter((subscription) => subscription.callback === undefined)
      .map(({ id, tenantId, url, events, secret, enabled }) => ({
        id,
        tenantId,
        url,
        events: [...events],
        secret,
        enabled,
      }));
  }

  /**
   * Deletes a subscription. Its pending retries fail at their next attempt; nothing more is sent.
   *
   * @throws `ApiError` `NOT_FOUND` when there is none.
   * @example
   * ```ts
   * store.delete(id);
   * ```
   */
  delete(id: string): void {
    this.#find(id);
    this.#subscriptions.delete(id);
  }

  /**
   * Enables or disables a subscription. A disabled one receives nothing, and its pending retries
   * fail at their next attempt (replay them once it is enabled again).
   *
   * @example
   * ```ts
   * store.setEnabled(id, false);
   * ```
   */
  setEnabled(id: string, enabled: boolean): WebhookSubscriptionView {
    const subscription = this.#find(id);
    subscription.enabled = enabled;
    return this.#view(subscription);
  }

  /**
   * Enables a subscription.
   *
   * @example
   * ```ts
   * store.enable(id);
   * ```
   */
  enable(id: string): WebhookSubscriptionView {
    return this.setEnabled(id, true);
  }

  /**
   * Disables a subscription.
   *
   * @example
   * ```ts
   * store.disable(id);
   * ```
   */
  disable(id: string): WebhookSubscriptionView {
    return this.setEnabled(id, false);
  }

  /**
   * Replaces the secret (with `secret`, or a generated one) and returns it, shown this once. The
   * old secret keeps signing every delivery next to the new one for `windowMs` (default: the
   * store's window, 24 h) on the mock clock, so receivers can switch without losing events.
   *
   * @example
   * ```ts
   * const { secret, previousSecretExpiresAt } = store.rotateSecret(id, { windowMs: 3_600_000 });
   * ```
   */
  rotateSecret(
    id: string,
    options: { secret?: string | undefined; windowMs?: number | undefined } = {},
  ): RotatedWebhookSecret {
    const subscription = this.#find(id);
    const windowMs = options.windowMs ?? this.#rotationWindowMs;
    if (!Number.isFinite(windowMs) || windowMs < 0) throw invalid(['windowMs'], 'must be a finite number >= 0');
    const secret =
      options.secret === undefined
        ? generateWebhookSecret()
        : parseInput(WebhookSecretSchema, options.secret, ['secret']);
    const now = this.#clock.now();
    const expiresAt = now + windowMs;
    subscription.previous = [
      { secret: subscription.secret, expiresAt },
      ...subscription.previous.filter((old) => old.expiresAt > now && old.secret !== secret),
    ];
    subscription.secret = secret;
    return { id, secret, previousSecretExpiresAt: new Date(expiresAt).toISOString() };
  }

  /**
   * What the dispatcher needs to deliver to a subscription right now (secrets for the current
   * mock time), or `undefined` once it is deleted.
   *
   * @example
   * ```ts
   * const target = store.target(id);
   * if (target?.enabled) await send(target.url, target.secrets);
   * ```
   */
  target(id: string): WebhookTarget | undefined {
    const subscription = this.#subscriptions.get(id);
    if (subscription === undefined) return undefined;
    const target: WebhookTarget = {
      id: subscription.id,
      tenantId: subscription.tenantId,
      url: subscription.url,
      enabled: subscription.enabled,
      secrets: [subscription.secret, ...liveOldSecrets(subscription, this.#clock.now())],
    };
    if (subscription.callback !== undefined) target.callback = subscription.callback;
    return target;
  }

  /**
   * The ids of the enabled subscriptions of `tenantId` whose filter matches `type`, oldest first.
   *
   * @example
   * ```ts
   * store.matching(event.tenantId, event.type); // ['3f1c…']
   * ```
   */
  matching(tenantId: string, type: string): string[] {
    const ids: string[] = [];
    for (const subscription of this.#subscriptions.values()) {
      if (
        subscription.enabled &&
        subscription.tenantId === tenantId &&
        (subscription.events[0] === '*' || subscription.events.includes(type))
      ) {
        ids.push(subscription.id);
      }
    }
    return ids;
  }

  /**
   * Forgets every subscription (the mock's reset).
   *
   * @example
   * ```ts
   * store.clear();
   * ```
   */
  clear(): void {
    this.#subscriptions.clear();
  }

  /**
   * Deletes every subscription of a tenant (its reset or deletion).
   *
   * @internal
   */
  forgetTenant(tenantId: string): void {
    for (const [id, subscription] of this.#subscriptions) {
      if (subscription.tenantId === tenantId) this.#subscriptions.delete(id);
    }
  }

  /** Every subscription as plain data, oldest first. */
  save(): SubscriptionData[] {
    return [...this.#subscriptions.values()].map(subscriptionData);
  }

  /**
   * Replaces every subscription with `data` (a restore). An in-process one keeps the callback
   * the live store holds under its id (`context.callbackOf`); without one it is left out, since
   * nothing could receive its events (a function cannot be saved). A subscription of a tenant
   * `context.tenants` does not hold is refused.
   *
   * @internal
   */
  load(data: readonly SubscriptionData[], context: SubscriptionsLoadContext): void {
    throwIssues(
      data.flatMap((saved, i) =>
        context.tenants.has(saved.tenantId)
          ? []
          : [{ path: [i, 'tenantId'], message: `no tenant has id "${saved.tenantId}"` }],
      ),
    );
    this.#subscriptions.clear();
    for (const saved of data) {
      const callback = saved.inProcess ? context.callbackOf(saved.id) : undefined;
      if (saved.inProcess && callback === undefined) continue;
      this.#subscriptions.set(saved.id, storedSubscription(saved, callback));
    }
  }

  /** @internal One tenant's subscriptions as plain data, oldest first (a tenant snapshot). */
  sliceOf(tenantId: string): SubscriptionData[] {
    return this.save().filter((subscription) => subscription.tenantId === tenantId);
  }

  /**
   * @internal Puts `from`'s subscriptions of one tenant in place of this store's (a tenant
   * restore); the other tenants' stay. Cannot fail.
   */
  putTenant(tenantId: string, from: SubscriptionStore): void {
    this.forgetTenant(tenantId);
    for (const [id, subscription] of from.#subscriptions) {
      if (subscription.tenantId === tenantId) this.#subscriptions.set(id, subscription);
    }
  }

  /** @internal The in-process callback of a subscription, if it has one. */
  callbackOf(id: string): WebhookCallback | undefined {
    return this.#subscriptions.get(id)?.callback;
  }

  /** @internal A new, empty store configured as this one. */
  fresh(): SubscriptionStore {
    return new SubscriptionStore(this.#options);
  }

  /** @internal Takes `other`'s subscriptions in place of its own. */
  adopt(other: SubscriptionStore): void {
    this.#subscriptions = other.#subscriptions;
  }

  #find(id: string): StoredSubscription {
    const subscription = this.#subscriptions.get(id);
    if (subscription === undefined) throw notFound('Webhook subscription');
    return subscription;
  }

  #view(subscription: StoredSubscription): WebhookSubscriptionView {
    return subscriptionView(subscription, this.#clock.now());
  }
}
