import type { SubscriptionData } from './subscription-schemas.js';
import type { StoredSubscription, WebhookCallback } from './subscription-types.js';

/** A subscription as plain data: its callback becomes `inProcess` (a function cannot be saved). */
export function subscriptionData(subscription: StoredSubscription): SubscriptionData {
  return {
    id: subscription.id,
    tenantId: subscription.tenantId,
    url: subscription.url,
    events: [...subscription.events],
    createdAt: subscription.createdAt,
    inProcess: subscription.callback !== undefined,
    enabled: subscription.enabled,
    secret: subscription.secret,
    previous: subscription.previous.map((old) => ({ ...old })),
  };
}

/** A saved subscription as the store keeps it, with `callback` in place of `inProcess`. */
export function storedSubscription(saved: SubscriptionData, callback: WebhookCallback | undefined): StoredSubscription {
  return {
    id: saved.id,
    tenantId: saved.tenantId,
    url: saved.url,
    events: [...saved.events],
    createdAt: saved.createdAt,
    callback,
    enabled: saved.enabled,
    secret: saved.secret,
    previous: saved.previous.map((old) => ({ ...old })),
  };
}
