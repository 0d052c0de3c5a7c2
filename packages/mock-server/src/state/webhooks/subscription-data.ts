import type { SubscriptionData } from './subscription-schemas.js';
import type { StoredSubscription, WebhookCallback } from './subscription-types.js';

/** A subscription as plain data: its callback becomes `inProcess` (a function cannot be saved). */
export function subscriptionData(subscription: StoredSubscription): SubscriptionData {
  const { callback, ...data } = subscription;
  return { ...copied(data), inProcess: callback !== undefined };
}

/** A saved subscription as the store keeps it, with `callback` in place of `inProcess`. */
export function storedSubscription(saved: SubscriptionData, callback: WebhookCallback | undefined): StoredSubscription {
  const { inProcess: _inProcess, ...data } = saved;
  return { ...copied(data), callback };
}

/** The fields both shapes share, with fresh arrays: a save or load never shares its lists with the store. */
function copied<T extends Omit<SubscriptionData, 'inProcess'>>(data: T): T {
  return { ...data, events: [...data.events], previous: data.previous.map((old) => ({ ...old })) };
}
