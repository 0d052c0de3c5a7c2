import type { DeliveryRecord } from '../../state/webhooks/delivery-types.js';
import type { WebhookTarget } from '../../state/webhooks/subscription-types.js';
import { signatureTimestampSeconds, type WebhookTimestampClock } from './attempt-time.js';
import { type AttemptOutcome, buildWebhookMessage, sendInProcess, sendOverHttp } from './transport.js';

/** How one attempt is made: the dispatcher's settings, and the signal that aborts it. */
export interface AttemptSettings {
  timestampClock: WebhookTimestampClock;
  timeoutMs: number;
  fetch: typeof fetch | undefined;
  signal: AbortSignal;
}

/**
 * Makes one attempt of `record` to its subscription as it is now (`target`: undefined once
 * deleted), counted as made at `atMs` on the mock clock. `final`: no retry may follow, because
 * the delivery is a replay or its subscription is gone or disabled. Never throws.
 *
 * @example
 * ```ts
 * const { outcome, final } = await attemptDelivery(record, store.target(record.subscriptionId), now, settings);
 * ```
 */
export async function attemptDelivery(
  record: DeliveryRecord,
  target: WebhookTarget | undefined,
  atMs: number,
  settings: AttemptSettings,
): Promise<{ outcome: AttemptOutcome; final: boolean }> {
  if (target === undefined) return { outcome: { ok: false, error: 'the subscription was deleted' }, final: true };
  if (!target.enabled) return { outcome: { ok: false, error: 'the subscription is disabled' }, final: true };
  const final = !record.retries;
  try {
    const message = await buildWebhookMessage({
      url: target.url,
      eventId: record.eventId,
      payload: record.payload,
      secrets: target.secrets,
      timestampSeconds: signatureTimestampSeconds(settings.timestampClock, atMs),
    });
    const options = { timeoutMs: settings.timeoutMs, signal: settings.signal, fetch: settings.fetch };
    const outcome =
      target.callback === undefined
        ? await sendOverHttp(message, options)
        : await sendInProcess(message, target.callback, options);
    return { outcome, final };
  } catch (error) {
    // The transports never throw; this is signing gone wrong (a corrupt secret).
    const reason = error instanceof Error ? error.message : String(error);
    return { outcome: { ok: false, error: `could not sign: ${reason}` }, final };
  }
}
