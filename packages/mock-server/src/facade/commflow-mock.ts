import type { MockOptions } from '../runtime/create-runtime.js';
import { subscribeWebhook, webhookSubscriptions } from '../runtime/webhooks.js';
import type { ResolvedScenario } from '../scenario/parse.js';
import type { ScenarioInput } from '../scenario/schema.js';
import type { DeliveryFilter, WebhookDelivery } from '../state/webhooks/deliveries.js';
import type {
  CreatedWebhookSubscription,
  CreateWebhookSubscriptionInput,
  RotatedWebhookSecret,
  WebhookSubscriptionView,
} from '../state/webhooks/subscription-types.js';
import { MockOutside } from './outside.js';
import { RotateSecretOptionsSchema } from '../runtime/control-inputs.js';
import { parseInput } from '../lib/api-error.js';

/**
 * An in-memory CommFlow service. `fetch` answers standard `Request`s through the same pipeline
 * for every adapter; the other methods are the control surface, typed. It is a thin front over
 * the mock's runtime, built in layers: {@link MockCore} (answers, reset, snapshots, clock),
 * {@link MockTraffic} (keys, journal, events), {@link MockOutside} (calls, carrier, AI) and,
 * here, webhooks.
 *
 * @example
 * ```ts
 * const mock = new CommFlowMock('demo');
 * const res = await mock.fetch('/api/v1/users', { headers: { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox } });
 * ```
 */
export class CommFlowMock extends MockOutside {
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
    return subscribeWebhook(this.runtime, input);
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
    return webhookSubscriptions(this.runtime, filter);
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
    parseInput(RotateSecretOptionsSchema, options, ['options']);
    return this.webhooks.subscriptions.rotateSecret(id, options);
  }

  /**
   * The webhook deliveries, oldest first, each with every attempt; filter by status, subscription,
   * event or tenant. Call {@link MockCore.idle} first to see the outcome of attempts in flight.
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
