// The shapes a subscription takes outside its store: the callback of an in-process receiver,
// the input that creates one, and the views the store answers with (never the secret, but once).
import type { ClockReading } from '../clock-reading.js';
import type { CreateWebhookSubscriptionData, SubscriptionData } from './subscription-schemas.js';

/**
 * An in-process receiver. It gets a standard `Request` carrying exactly the bytes and headers an
 * HTTP endpoint would, and answers with a `Response`, a bare status code, or nothing (204).
 * Throwing, or answering anything but a 2xx, fails the attempt like an HTTP endpoint would.
 *
 * @example
 * ```ts
 * const callback: WebhookCallback = async (request) => {
 *   received.push({ body: await request.text(), headers: Object.fromEntries(request.headers) });
 *   return 200;
 * };
 * ```
 */
export type WebhookCallback = (request: Request) => WebhookCallbackResult | Promise<WebhookCallbackResult>;

/**
 * What a {@link WebhookCallback} may answer: a `Response`, a status code, or nothing (a 204).
 *
 * @example
 * ```ts
 * const result: WebhookCallbackResult = new Response(null, { status: 204 });
 * ```
 */
export type WebhookCallbackResult = Response | number | undefined | void; // eslint-disable-line @typescript-eslint/no-invalid-void-type -- a block-bodied callback that returns nothing is typed void

/**
 * A new subscription: the control surface's body plus, in-process only, a callback that receives
 * each delivery instead of an HTTP endpoint (then `url` is optional).
 *
 * @example
 * ```ts
 * const input: CreateWebhookSubscriptionInput = { tenantId, events: ['sms.received'], callback: () => 204 };
 * ```
 */
export type CreateWebhookSubscriptionInput =
  | CreateWebhookSubscriptionData
  | (Omit<CreateWebhookSubscriptionData, 'url'> & { url?: string; callback: WebhookCallback });

/**
 * A subscription as listed: never the secret itself, only a hint to tell secrets apart.
 *
 * @example
 * ```ts
 * const view: WebhookSubscriptionView = store.get(id);
 * view.maskedSecret; // 'whsec_MfKQ…'
 * ```
 */
export interface WebhookSubscriptionView {
  id: string;
  tenantId: string;
  url: string;
  /** Event type names, or `["*"]`. */
  events: string[];
  enabled: boolean;
  /** `whsec_` and the first four characters of the key, enough to tell secrets apart. */
  maskedSecret: string;
  /** True for an in-process callback subscription. */
  inProcess: boolean;
  createdAt: string;
  /** While an old secret still signs: when the last one stops. */
  rotationEndsAt?: string;
}

/**
 * A subscription just created: its view plus the secret, shown this once.
 *
 * @example
 * ```ts
 * const { id, secret } = store.create({ tenantId, url });
 * ```
 */
export interface CreatedWebhookSubscription extends WebhookSubscriptionView {
  secret: string;
}

/**
 * The answer to a rotation: the new secret, shown this once, and when the old one stops signing.
 *
 * @example
 * ```ts
 * const { secret, previousSecretExpiresAt } = store.rotateSecret(id);
 * ```
 */
export interface RotatedWebhookSecret {
  id: string;
  secret: string;
  previousSecretExpiresAt: string;
}

/**
 * What the dispatcher (sim/webhooks) needs to deliver to one subscription.
 *
 * @example
 * ```ts
 * const target = store.target(subscriptionId); // undefined once deleted
 * ```
 */
export interface WebhookTarget {
  id: string;
  tenantId: string;
  url: string;
  enabled: boolean;
  /** The current secret first, then every old one still inside its rotation window. */
  secrets: string[];
  callback?: WebhookCallback;
}

/**
 * Options of a `SubscriptionStore` (subscriptions.ts).
 *
 * @example
 * ```ts
 * const options: SubscriptionStoreOptions = { clock, rotationWindowMs: 3_600_000, tenantExists: (id) => world.has(id) };
 * ```
 */
export interface SubscriptionStoreOptions {
  clock: ClockReading;
  /** How long an old secret keeps signing after a rotation. Default 24 h. */
  rotationWindowMs?: number;
  /** When given, a subscription for a tenant it denies is a validation error on `tenantId`. */
  tenantExists?: (tenantId: string) => boolean;
}

/**
 * How long an old secret keeps signing after a rotation, by default: 24 hours on the mock clock.
 *
 * @example
 * ```ts
 * new SubscriptionStore({ clock, rotationWindowMs: DEFAULT_ROTATION_WINDOW_MS }); // subscriptions.ts
 * ```
 */
export const DEFAULT_ROTATION_WINDOW_MS = 24 * 3_600_000;

/**
 * The URL an in-process callback subscription reports (and its `Request` carries) when none is
 * given. `.invalid` is reserved, so it can never reach a real host by mistake.
 *
 * @example
 * ```ts
 * new URL(IN_PROCESS_WEBHOOK_URL).hostname; // 'in-process.invalid'
 * ```
 */
export const IN_PROCESS_WEBHOOK_URL = 'http://in-process.invalid/webhooks';

/**
 * A subscription as the store keeps it: its data as the schema types it, with the callback itself
 * in place of `inProcess` (a field of the data schema is a field here, with no line of its own).
 *
 * @internal
 */
export type StoredSubscription = Omit<SubscriptionData, 'inProcess'> & {
  readonly callback: WebhookCallback | undefined;
};

/** `["*"]` when the filter holds `"*"`, otherwise the names without duplicates, in order. */
export function normaliseEvents(events: readonly string[]): string[] {
  return events.includes('*') ? ['*'] : [...new Set(events)];
}

/** A secret as views show it: its prefix and first four characters. */
export function mask(secret: string): string {
  return `whsec_${secret.slice('whsec_'.length, 'whsec_'.length + 4)}…`;
}

/** What loading subscriptions needs beside their data: the tenants, and the live store's callbacks. */
export interface SubscriptionsLoadContext {
  readonly tenants: { has(tenantId: string): boolean };
  callbackOf(id: string): WebhookCallback | undefined;
}
