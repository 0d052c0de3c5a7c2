import type { MockOptions } from '../runtime/create-runtime.js';
import type { ResolvedScenario } from '../scenario/parse.js';
import type { ScenarioInput } from '../scenario/schema.js';
import type { DeliveryFilter, WebhookDelivery } from '../state/webhooks/delivery-types.js';
import type {
  CreatedWebhookSubscription,
  CreateWebhookSubscriptionInput,
  RotatedWebhookSecret,
  WebhookSubscriptionView,
} from '../state/webhooks/subscription-types.js';
import { MockOutside } from './outside.js';
import { tenantHandle, type MockTenantHandle } from './tenant-handle.js';
import type { RotateWebhookSecretOptions, WebhookSubscriptionFilter } from './webhooks.js';

/**
 * An in-memory CommFlow service. `fetch` answers standard `Request`s through the same pipeline
 * for every adapter; the other methods are the control surface, typed. It is a thin front over
 * the mock's runtime, built in layers: {@link MockCore} (answers, reset, snapshots, clock),
 * {@link MockTraffic} (keys, journal, events), {@link MockOutside} (calls, carrier, AI); webhooks are
 * `mock.webhooks` (`MockWebhooks`).
 *
 * @example
 * ```ts
 * const mock = new CommFlowMock('demo');
 * const res = await mock.fetch('/api/v1/users', { headers: { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox } });
 * ```
 */
export class CommFlowMock extends MockOutside {
  /**
   * A handle on one tenant: its id and key, an SDK client bound to it, its requests, events and
   * deliveries, its overrides, its clock, its reset and deletion, each of this tenant alone.
   * `expect(tenant)` takes every matcher, scoped to the tenant. `mock.tenants.create()` returns
   * the same handle for a new tenant.
   *
   * @throws ApiError `NOT_FOUND` for an id no tenant has, naming the tenants it could have meant.
   * @example
   * ```ts
   * const tenant = mock.tenant(DEMO_TENANTS.sandbox);
   * const client = await tenant.client({ userEmail: 'ann.lee@acme.test' });
   * await client.contacts.create({ firstName: 'Ada' });
   * expect(tenant).toHaveReceived('contacts.create', { body: { firstName: 'Ada' } });
   * ```
   */
  tenant(id: string): MockTenantHandle {
    return tenantHandle(this.runtime, this.fetch, id);
  }

  /**
   * The webhook deliveries, oldest first: the same list as `mock.webhooks.deliveries()`, here
   * beside `requests()` and `events()` because the matchers (`toHaveDelivered`) read all three
   * from a mock, in process or remote.
   *
   * @example
   * ```ts
   * await mock.idle();
   * mock.deliveries({ status: 'failed' });
   * ```
   */
  deliveries(filter: DeliveryFilter = {}): WebhookDelivery[] {
    return this.webhooks.deliveries(filter);
  }

  /**
   * Subscribes to a tenant's events.
   *
   * @deprecated Use `mock.webhooks.subscribe(input)`, which this calls.
   * @example
   * ```ts
   * mock.webhooks.subscribe({ tenantId, url: 'http://127.0.0.1:4000/hooks', events: ['sms.sent'] });
   * ```
   */
  subscribeWebhook(input: CreateWebhookSubscriptionInput): CreatedWebhookSubscription {
    return this.webhooks.subscribe(input);
  }

  /**
   * The webhook subscriptions, secrets masked.
   *
   * @deprecated Use `mock.webhooks.list(filter)`, which this calls.
   * @example
   * ```ts
   * mock.webhooks.list({ tenantId });
   * ```
   */
  webhookSubscriptions(filter: WebhookSubscriptionFilter = {}): WebhookSubscriptionView[] {
    return this.webhooks.list(filter);
  }

  /**
   * Deletes a webhook subscription.
   *
   * @deprecated Use `mock.webhooks.delete(id)`, which this calls.
   * @example
   * ```ts
   * mock.webhooks.delete(id);
   * ```
   */
  deleteWebhook(id: string): void {
    this.webhooks.delete(id);
  }

  /**
   * Gives a subscription a new secret, shown this once.
   *
   * @deprecated Use `mock.webhooks.rotateSecret(id, options)`, which this calls.
   * @example
   * ```ts
   * mock.webhooks.rotateSecret(id, { windowMs: 60_000 });
   * ```
   */
  rotateWebhookSecret(id: string, options: RotateWebhookSecretOptions = {}): RotatedWebhookSecret {
    return this.webhooks.rotateSecret(id, options);
  }

  /**
   * Sends a delivery's event again, as a new delivery.
   *
   * @deprecated Use `mock.webhooks.replay(id)`, which this calls.
   * @example
   * ```ts
   * mock.webhooks.replay(deliveryId);
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
