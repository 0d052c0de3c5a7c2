/**
 * A mock in another process, driven over HTTP with the names and types of the in-process
 * `CommFlowMock`: everything that can cross a process boundary, each a promise. Every call is one
 * route of the control route table; nothing here writes a path or a shape.
 */
import type { OperationId } from '@commflow/contract';
import type { ControlInput, ControlOutput, ControlRouteId } from '../../control-api/table.js';
import type { OperationJournalEntry, RequestFilter, TypedJournalEntry } from '../../state/journal-operations.js';
import type { DeliveryFilter } from '../../state/webhooks/delivery-types.js';
import type { RemoteMatchSource } from '../testing/matcher-types.js';
import { ControlCaller, type BodyOf, type ConnectOptions, type QueryOf } from './control-caller.js';
import { ControlError } from './control-error.js';
import { RemoteOverrides } from './remote-overrides.js';
import { RemoteTenants } from './remote-tenants.js';
import { RemoteTenantHandle } from './remote-tenant.js';
import { unknownTenantMessage } from '../../runtime/tenant-scope.js';
import { RemoteWebhooks } from './remote-webhooks.js';
import { sdkClient, type RemoteClientOptions, type SdkClient } from './sdk-client.js';

/**
 * A journal entry as the control surface answers it (checked by the route's view), typed by its
 * operation as `mock.requests()` types it.
 */
function typedEntry(entry: ControlOutput<'request'>['entry']): TypedJournalEntry {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the route's schema checked the entry; typing its request by `operationId` is the claim `OperationJournalEntry` documents (a request refused before validation holds what was sent), which no schema checks
  return entry as TypedJournalEntry;
}

/**
 * The handle `connectMock` returns. `expect(remote)` takes the mock's matchers (each a promise:
 * `await` it), as `expect(mock)` does in process.
 *
 * @example
 * ```ts
 * const remote = await connectMock('http://127.0.0.1:4010');
 * const { tenant, key } = await remote.tenants.create({ from: DEMO_TENANTS.sandbox });
 * await expect(remote).toHaveReceived('contacts.create', { tenantId: tenant.id, within: 2000 });
 * ```
 */
export class RemoteMock implements RemoteMatchSource {
  /** Marks a remote handle: the matchers' types make assertions on it promises. */
  readonly remote = true;
  /** The mock's base URL, as given. */
  readonly baseUrl: string;
  /** Tenants on demand and their clocks. */
  readonly tenants: RemoteTenants;
  /** Faults and stubs aimed at some requests. */
  readonly overrides: RemoteOverrides;
  /** Webhook subscriptions and their deliveries: the names of `mock.webhooks`. */
  readonly webhooks: RemoteWebhooks;
  readonly #caller: ControlCaller;

  /** @internal Use `connectMock`. */
  constructor(baseUrl: string, options: ConnectOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.#caller = new ControlCaller(this.baseUrl, options);
    this.tenants = new RemoteTenants(this.#caller, this);
    this.overrides = new RemoteOverrides(this.#caller);
    this.webhooks = new RemoteWebhooks(this.#caller);
  }

  /**
   * A handle on one tenant: its id, an SDK client bound to it, its requests, events and
   * deliveries, its overrides, its clock, its reset and deletion, each of this tenant alone, with
   * the names of the in-process `mock.tenant(id)` (each answer a promise). `await expect(tenant)`
   * takes every matcher, scoped to the tenant. `key` is undefined here (the mock never tells a
   * secret; `client()` makes a key of its own); `remote.tenants.create()` returns a handle with its key.
   *
   * @throws ControlError `NOT_FOUND` for an id no tenant has, naming the tenants it could have meant.
   * @example
   * ```ts
   * const tenant = await remote.tenant(tenantId);
   * await (await tenant.client()).contacts.create({ firstName: 'Ada' });
   * await expect(tenant).toHaveReceived('contacts.create', { body: { firstName: 'Ada' } });
   * ```
   */
  async tenant(id: string): Promise<RemoteTenantHandle> {
    try {
      return new RemoteTenantHandle(this, await this.tenants.get(id), undefined);
    } catch (error) {
      // A malformed id is as unknown as a missing one: both get the tenants it could have meant.
      if (!(error instanceof ControlError) || (error.code !== 'NOT_FOUND' && error.code !== 'VALIDATION_ERROR')) {
        throw error;
      }
      const message = unknownTenantMessage(id, await this.tenants.list());
      throw new ControlError({ code: 'NOT_FOUND', status: 404, message }, { cause: error });
    }
  }

  /**
   * Any control route by its id in the table, typed by it: the way to the few routes without a
   * method here (the console's, records).
   *
   * @example
   * ```ts
   * const { counts } = await remote.call('tenants.recordCounts', { params: { id: tenantId } });
   * ```
   */
  call<Id extends ControlRouteId>(id: Id, input: ControlInput<Id>): Promise<ControlOutput<Id>> {
    return this.#caller.call(id, input);
  }

  /**
   * An SDK client of this mock for a tenant (no retries: a test wants the answer the mock gave).
   * `@commflow/sdk` is an optional peer: install it to use this.
   *
   * @example
   * ```ts
   * const { tenant, key } = await remote.tenants.create();
   * const client = await remote.client({ tenantId: tenant.id, apiKey: key });
   * ```
   */
  client(options: RemoteClientOptions): Promise<SdkClient> {
    return sdkClient(this.baseUrl, options);
  }

  /** Back to the loaded scenario. @example `await remote.reset();` */
  async reset(): Promise<void> {
    await this.#caller.call('reset', {});
  }

  /** Loads another scenario (or `'demo'`) and resets to it. @example `await remote.loadScenario('demo');` */
  async loadScenario(scenario: BodyOf<'loadScenario'>): Promise<void> {
    await this.#caller.call('loadScenario', { body: scenario });
  }

  /**
   * The whole world as versioned JSON; keep it like a secret (it holds webhook signing secrets).
   *
   * @example
   * ```ts
   * const checkpoint = await remote.snapshot();
   * await remote.restore(checkpoint);
   * ```
   */
  async snapshot(): Promise<ControlOutput<'snapshot'>['snapshot']> {
    return (await this.#caller.call('snapshot', {})).snapshot;
  }

  /** Puts a snapshot's world in place of this one; the world is untouched when it is refused. @example `await remote.restore(checkpoint);` */
  async restore(snapshot: BodyOf<'restore'>): Promise<void> {
    await this.#caller.call('restore', { body: snapshot });
  }

  /** The world as a scenario file. @example `const scenario = await remote.exportScenario();` */
  async exportScenario(): Promise<ControlOutput<'exportScenario'>['scenario']> {
    return (await this.#caller.call('exportScenario', {})).scenario;
  }

  /** The mock clock's time (in process, `mock.clock`). @example `(await remote.clock()).now;` */
  clock(): Promise<ControlOutput<'clock'>> {
    return this.#caller.call('clock', {});
  }

  /** Moves every clock forward. @example `await remote.advanceClock(61_000);` */
  advanceClock(ms: number): Promise<ControlOutput<'advanceClock'>> {
    return this.#caller.call('advanceClock', { body: { ms } });
  }

  /** Makes the next matching requests stall and/or fail; the answer names the override's id. @example `const { id } = await remote.injectFault({ path: '/api/v1/contacts', status: 503 });` */
  async injectFault(fault: BodyOf<'injectFault'>): Promise<ControlOutput<'injectFault'>['fault']> {
    return (await this.#caller.call('injectFault', { body: fault })).fault;
  }

  /** Resolves once no webhook attempt is in flight (as `remote.webhooks.idle()`). @example `await remote.idle();` */
  idle(): Promise<void> {
    return this.webhooks.idle();
  }

  /** Creates an API key; its secret is shown this once. @example `const { key } = await remote.createApiKey({ tenantIds: [tenantId] });` */
  async createApiKey(input: BodyOf<'createApiKey'>): Promise<ControlOutput<'createApiKey'>['apiKey']> {
    return (await this.#caller.call('createApiKey', { body: input })).apiKey;
  }

  /** The keys by hint and id, never a secret. @example `(await remote.apiKeys()).length;` */
  async apiKeys(): Promise<ControlOutput<'apiKeys'>['apiKeys']> {
    return (await this.#caller.call('apiKeys', {})).apiKeys;
  }

  /** Revokes a key by its listed id. @example `await remote.revokeApiKey(id);` */
  async revokeApiKey(id: string): Promise<ControlOutput<'revokeApiKey'>['apiKey']> {
    return (await this.#caller.call('revokeApiKey', { params: { id } })).apiKey;
  }

  /**
   * The requests received, oldest first, typed by operation as `mock.requests()` types them.
   *
   * @example
   * ```ts
   * const sent = await remote.requests({ operationId: 'sms.send', tenantId });
   * sent[0]?.request.body?.body; // string | undefined
   * ```
   */
  requests<Id extends OperationId>(
    filter: RequestFilter<Id> & { operationId: Id },
  ): Promise<OperationJournalEntry<Id>[]>;
  requests(filter?: RequestFilter): Promise<TypedJournalEntry[]>;
  async requests(filter: RequestFilter = {}): Promise<TypedJournalEntry[]> {
    return (await this.#caller.all('requests', { query: filter }, (page) => page.entries)).map(typedEntry);
  }

  /** Every request received, oldest first. @example `(await remote.journal()).length;` */
  journal(): Promise<TypedJournalEntry[]> {
    return this.requests();
  }

  /** One request by its `X-Request-Id`; `undefined` when the journal has none. @example `await remote.request(requestId);` */
  async request(requestId: string): Promise<TypedJournalEntry | undefined> {
    try {
      return typedEntry((await this.#caller.call('request', { params: { requestId } })).entry);
    } catch (error) {
      if (error instanceof ControlError && error.code === 'NOT_FOUND') return undefined;
      throw error;
    }
  }

  /** The events recorded, oldest first, optionally of one tenant or type. @example `await remote.events({ type: 'sms.sent' });` */
  async events(filter: NonNullable<QueryOf<'events'>> = {}): Promise<ControlOutput<'events'>['events']> {
    return (await this.#caller.call('events', { query: filter })).events;
  }

  /** The click-to-dial calls. @example `await remote.calls({ tenantId });` */
  async calls(filter: { tenantId?: string } = {}): Promise<ControlOutput<'calls'>['calls']> {
    return (await this.#caller.call('calls', { query: filter })).calls;
  }

  /** Drives a call by hand. @example `await remote.controlCall(callId, 'answer');` */
  async controlCall(
    callId: string,
    action: ControlInput<'controlCall'>['params']['action'],
  ): Promise<ControlOutput<'controlCall'>['call']> {
    return (await this.#caller.call('controlCall', { params: { id: callId, action } })).call;
  }

  /** What reached the carrier. @example `(await remote.carrier()).messages;` */
  async carrier(): Promise<ControlOutput<'carrier'>['carrier']> {
    return (await this.#caller.call('carrier', {})).carrier;
  }

  /** Tells the carrier to accept or reject live sends. @example `await remote.setCarrier({ mode: 'reject' });` */
  async setCarrier(settings: BodyOf<'setCarrier'>): Promise<ControlOutput<'setCarrier'>['carrier']> {
    return (await this.#caller.call('setCarrier', { body: settings })).carrier;
  }

  /** Delivers an inbound SMS. @example `await remote.receiveSms({ tenantId, to, from, body: 'Hi' });` */
  receiveSms(input: BodyOf<'receiveSms'>): Promise<ControlOutput<'receiveSms'>> {
    return this.#caller.call('receiveSms', { body: input });
  }

  /**
   * The webhook deliveries with every attempt: the same list as `remote.webhooks.deliveries()`,
   * here for the matchers, which read `requests()`, `events()` and `deliveries()`.
   *
   * @example
   * ```ts
   * await remote.deliveries({ status: 'failed' });
   * ```
   */
  deliveries(filter: DeliveryFilter = {}): Promise<ControlOutput<'deliveries'>['deliveries']> {
    return this.webhooks.deliveries(filter);
  }

  /**
   * Subscribes an endpoint to a tenant's events.
   *
   * @deprecated Use `remote.webhooks.subscribe(input)`, which this calls.
   * @example
   * ```ts
   * await remote.webhooks.subscribe({ tenantId, url, events: ['*'] });
   * ```
   */
  subscribeWebhook(input: BodyOf<'subscribeWebhook'>): Promise<ControlOutput<'subscribeWebhook'>> {
    return this.webhooks.subscribe(input);
  }

  /**
   * The webhook subscriptions, secrets masked.
   *
   * @deprecated Use `remote.webhooks.list(filter)`, which this calls.
   * @example
   * ```ts
   * await remote.webhooks.list({ tenantId });
   * ```
   */
  webhookSubscriptions(filter: { tenantId?: string } = {}): Promise<ControlOutput<'webhookSubscriptions'>['webhooks']> {
    return this.webhooks.list(filter);
  }

  /**
   * Deletes a webhook subscription.
   *
   * @deprecated Use `remote.webhooks.delete(id)`, which this calls.
   * @example
   * ```ts
   * await remote.webhooks.delete(id);
   * ```
   */
  deleteWebhook(id: string): Promise<void> {
    return this.webhooks.delete(id);
  }

  /**
   * Gives a subscription a new secret, shown this once.
   *
   * @deprecated Use `remote.webhooks.rotateSecret(id, options)`, which this calls.
   * @example
   * ```ts
   * await remote.webhooks.rotateSecret(id, { windowSeconds: 60 });
   * ```
   */
  rotateWebhookSecret(
    id: string,
    options: BodyOf<'rotateWebhookSecret'> = {},
  ): Promise<ControlOutput<'rotateWebhookSecret'>> {
    return this.webhooks.rotateSecret(id, options);
  }

  /**
   * Sends a delivery's event again.
   *
   * @deprecated Use `remote.webhooks.replay(id)`, which this calls.
   * @example
   * ```ts
   * await remote.webhooks.replay(id);
   * ```
   */
  replayDelivery(id: string): Promise<ControlOutput<'replayDelivery'>['delivery']> {
    return this.webhooks.replay(id);
  }
}

/**
 * Connects to a mock in another process (`commflow-mock`, or `startMockServer`): checks that its
 * control surface answers (and the token, when one is given), then returns the handle.
 *
 * @throws ControlError `UNREACHABLE` when nothing answers, `CONTROL_TOKEN_REQUIRED` without the
 *   token the mock asks for, `NOT_FOUND` when the mock runs with `--no-control`.
 * @example
 * ```ts
 * import { connectMock } from '@commflow/mock-server/remote';
 * const remote = await connectMock('http://127.0.0.1:4010', { controlToken: process.env.MOCK_TOKEN });
 * ```
 */
export async function connectMock(baseUrl: string, options: ConnectOptions = {}): Promise<RemoteMock> {
  const remote = new RemoteMock(baseUrl, options);
  await remote.call('index', {});
  return remote;
}
