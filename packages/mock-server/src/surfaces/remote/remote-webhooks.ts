/** Webhooks over HTTP: the twin of the in-process `mock.webhooks`. */
import type { ControlOutput } from '../../control-api/table.js';
import type { DeliveryFilter } from '../../state/webhooks/delivery-types.js';
import type { BodyOf, ControlCaller, QueryOf } from './control-caller.js';

type SubscriptionView = ControlOutput<'webhook'>['webhook'];
type DeliveryView = ControlOutput<'delivery'>['delivery'];

/**
 * `remote.webhooks`: subscribe, list, enable and disable, rotate a secret, read deliveries,
 * replay one and wait for attempts in flight, with the names of the in-process `mock.webhooks`,
 * each a promise. A remote mock delivers to HTTP endpoints only (a callback cannot cross
 * processes), and a rotation's window is given in seconds, as `/__mock` takes it.
 *
 * @example
 * ```ts
 * const { id } = await remote.webhooks.subscribe({ tenantId, url: 'http://127.0.0.1:4000/hooks', events: ['sms.sent'] });
 * await remote.webhooks.idle();
 * await remote.webhooks.deliveries({ subscriptionId: id });
 * ```
 */
export class RemoteWebhooks {
  readonly #caller: ControlCaller;

  /** @internal */
  constructor(caller: ControlCaller) {
    this.#caller = caller;
  }

  /**
   * Subscribes an endpoint to a tenant's events; the secret is shown this once.
   *
   * @example
   * ```ts
   * const { id, secret } = await remote.webhooks.subscribe({ tenantId, url, events: ['*'] });
   * ```
   */
  subscribe(input: BodyOf<'subscribeWebhook'>): Promise<ControlOutput<'subscribeWebhook'>> {
    return this.#caller.call('subscribeWebhook', { body: input });
  }

  /**
   * The subscriptions, oldest first, optionally of one tenant; secrets masked.
   *
   * @example
   * ```ts
   * const subscriptions = await remote.webhooks.list({ tenantId });
   * ```
   */
  async list(filter: { tenantId?: string } = {}): Promise<SubscriptionView[]> {
    const query: QueryOf<'webhookSubscriptions'> = filter.tenantId === undefined ? {} : { tenantId: filter.tenantId };
    return (await this.#caller.call('webhookSubscriptions', { query })).webhooks;
  }

  /**
   * One subscription, its secret masked.
   *
   * @example
   * ```ts
   * (await remote.webhooks.get(id)).enabled;
   * ```
   */
  async get(id: string): Promise<SubscriptionView> {
    return (await this.#caller.call('webhook', { params: { id } })).webhook;
  }

  /**
   * Enables a disabled subscription.
   *
   * @example
   * ```ts
   * await remote.webhooks.enable(id);
   * ```
   */
  async enable(id: string): Promise<SubscriptionView> {
    return (await this.#caller.call('setWebhookEnabled', { params: { id }, body: { enabled: true } })).webhook;
  }

  /**
   * Disables a subscription: it receives nothing, and its pending retries fail.
   *
   * @example
   * ```ts
   * await remote.webhooks.disable(id);
   * ```
   */
  async disable(id: string): Promise<SubscriptionView> {
    return (await this.#caller.call('setWebhookEnabled', { params: { id }, body: { enabled: false } })).webhook;
  }

  /**
   * Deletes a subscription.
   *
   * @example
   * ```ts
   * await remote.webhooks.delete(id);
   * ```
   */
  async delete(id: string): Promise<void> {
    await this.#caller.call('deleteWebhook', { params: { id } });
  }

  /**
   * Gives a subscription a new secret, shown this once; the old one keeps signing for
   * `windowSeconds` (24 h by default).
   *
   * @example
   * ```ts
   * const { secret } = await remote.webhooks.rotateSecret(id, { windowSeconds: 60 });
   * ```
   */
  rotateSecret(id: string, options: BodyOf<'rotateWebhookSecret'> = {}): Promise<ControlOutput<'rotateWebhookSecret'>> {
    return this.#caller.call('rotateWebhookSecret', { params: { id }, body: options });
  }

  /**
   * The deliveries, oldest first, each with every attempt; filter by status, subscription, event
   * or tenant.
   *
   * @example
   * ```ts
   * await remote.webhooks.deliveries({ status: 'failed' });
   * ```
   */
  async deliveries(filter: DeliveryFilter = {}): Promise<DeliveryView[]> {
    const { status, subscriptionId, eventId, tenantId } = filter;
    const query: QueryOf<'deliveries'> = {
      ...(status === undefined ? {} : { status }),
      ...(subscriptionId === undefined ? {} : { subscriptionId }),
      ...(eventId === undefined ? {} : { eventId }),
      ...(tenantId === undefined ? {} : { tenantId }),
    };
    return (await this.#caller.call('deliveries', { query })).deliveries;
  }

  /**
   * One delivery, with every attempt.
   *
   * @example
   * ```ts
   * (await remote.webhooks.delivery(id)).attempts.length;
   * ```
   */
  async delivery(id: string): Promise<DeliveryView> {
    return (await this.#caller.call('delivery', { params: { id } })).delivery;
  }

  /**
   * Sends a delivery's event again, as a new delivery linked by `replayOf`.
   *
   * @example
   * ```ts
   * const replay = await remote.webhooks.replay(deliveryId);
   * ```
   */
  async replay(id: string): Promise<DeliveryView> {
    return (await this.#caller.call('replayDelivery', { params: { id } })).delivery;
  }

  /**
   * The request of a delivery's latest attempt (or of its next one), rebuilt and signed.
   *
   * @example
   * ```ts
   * const { body, headers } = await remote.webhooks.deliveryRequest(deliveryId);
   * ```
   */
  async deliveryRequest(id: string): Promise<ControlOutput<'deliveryRequest'>['request']> {
    return (await this.#caller.call('deliveryRequest', { params: { id } })).request;
  }

  /**
   * Resolves once no delivery attempt is in flight.
   *
   * @example
   * ```ts
   * await remote.webhooks.idle();
   * ```
   */
  async idle(): Promise<void> {
    await this.#caller.call('deliveries', { query: { wait: 'true', status: 'pending' } });
  }
}
