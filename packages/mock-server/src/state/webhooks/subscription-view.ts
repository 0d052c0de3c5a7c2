import { mask, type StoredSubscription, type WebhookSubscriptionView } from './subscription-types.js';

/**
 * The old secrets of a subscription still signing at `now` (mock-clock ms), newest first. The
 * expired ones are dropped from the subscription as it goes, so a long-running mock does not keep them.
 */
export function liveOldSecrets(subscription: StoredSubscription, now: number): string[] {
  subscription.previous = subscription.previous.filter((old) => old.expiresAt > now);
  return subscription.previous.map((old) => old.secret);
}

/** What a subscription shows at `now` (mock-clock ms): a copy, its secret masked. */
export function subscriptionView(subscription: StoredSubscription, now: number): WebhookSubscriptionView {
  const view: WebhookSubscriptionView = {
    id: subscription.id,
    tenantId: subscription.tenantId,
    url: subscription.url,
    events: [...subscription.events],
    enabled: subscription.enabled,
    maskedSecret: mask(subscription.secret),
    inProcess: subscription.callback !== undefined,
    createdAt: subscription.createdAt,
  };
  liveOldSecrets(subscription, now);
  const last = subscription.previous.reduce((max, old) => Math.max(max, old.expiresAt), 0);
  if (last > 0) view.rotationEndsAt = new Date(last).toISOString();
  return view;
}
