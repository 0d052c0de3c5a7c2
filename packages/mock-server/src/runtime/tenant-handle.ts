/**
 * The tenant handle's one interface: what `mock.tenant(id)` (in process) and `remote.tenant(id)`
 * (over HTTP) hand out, with the same names. In process each answer comes at once; over HTTP
 * each is a promise ({@link Answer}). It lives under both ways in (the facade and the remote
 * handle), which may not import each other.
 */
import type { OperationId, WebhookEvent } from '@commflow/contract';
import type { ControlOutput } from '../control-api/table.js';
import type { OperationJournalEntry, RequestFilter, TypedJournalEntry } from '../state/journal-operations.js';
import type { OverrideInput } from '../state/override-schema.js';
import type { DeliveryFilter, WebhookDelivery } from '../state/webhooks/delivery-types.js';
import type { CreatedApiKey } from './access.js';
import type { OverrideView } from './overrides.js';
import type { TenantRestoreOptions } from './snapshot/tenant-restore.js';
import type { TenantSnapshot } from './snapshot/tenant-schema.js';
import type { TenantClient } from './sdk-client.js';
import type { TenantClockView, TenantSummary } from './tenants.js';

/**
 * Where a handle's mock runs: `'in-process'` answers at once, `'remote'` with promises.
 *
 * @example
 * ```ts
 * const mode: HandleMode = 'remote';
 * ```
 */
export type HandleMode = 'in-process' | 'remote';

/**
 * An answer of a handle: `T` in process, a promise of `T` over HTTP.
 *
 * @example
 * ```ts
 * const clock: Answer<'remote', TenantClockView> = remoteTenant.clock();
 * ```
 */
export type Answer<Mode extends HandleMode, T> = Mode extends 'remote' ? Promise<T> : T;

/**
 * What a handle answers with, by kind: in process the mock's own records, over HTTP the control
 * surface's views of them (the same fields, checked by the route table; an absent optional field
 * may come as `undefined`).
 *
 * @example
 * ```ts
 * const clock: HandleViews['in-process']['clock'] = mock.tenant(tenantId).clock();
 * ```
 */
export interface HandleViews {
  'in-process': {
    tenant: TenantSummary;
    clock: TenantClockView;
    event: WebhookEvent;
    delivery: WebhookDelivery;
    override: OverrideView;
    snapshot: TenantSnapshot;
  };
  remote: {
    tenant: ControlOutput<'tenants.get'>['tenant'];
    clock: ControlOutput<'tenants.clock'>;
    event: ControlOutput<'events'>['events'][number];
    delivery: ControlOutput<'deliveries'>['deliveries'][number];
    override: ControlOutput<'overrides.add'>['override'];
    snapshot: ControlOutput<'tenants.snapshot'>['snapshot'];
  };
}

/**
 * One kind of answer of a handle (`'delivery'`, `'override'`…), as its mode gives it.
 *
 * @example
 * ```ts
 * const deliveries: ViewOf<'remote', 'delivery'>[] = await remoteTenant.deliveries();
 * ```
 */
export type ViewOf<Mode extends HandleMode, Kind extends keyof HandleViews[HandleMode]> = HandleViews[Mode][Kind];

/**
 * An override for a tenant handle: `mock.overrides.add`'s input, scoped to the handle's tenant.
 * `tenantId` may be left out; when given, it must be the handle's.
 *
 * @example
 * ```ts
 * const override: TenantOverrideInput = { operationId: 'contacts.list', fault: { status: 503 }, times: 1 };
 * ```
 */
export type TenantOverrideInput = OverrideInput;

/**
 * A tenant's overrides: `add`, `list`, `remove` and `clear`, each on this tenant's alone. An
 * override added here matches only the tenant's requests.
 *
 * @example
 * ```ts
 * const { id } = tenant.overrides.add({ operationId: 'contacts.list', fault: { status: 503 }, times: 1 });
 * tenant.overrides.list({ unused: true });
 * tenant.overrides.remove(id);
 * ```
 */
export interface TenantOverridesOf<Mode extends HandleMode> {
  /**
   * Adds a fault or a stub for this tenant (`tenantId` filled in).
   *
   * @throws when `tenantId` is given and is not the handle's, and as `mock.overrides.add` does.
   */
  add(override: TenantOverrideInput): Answer<Mode, ViewOf<Mode, 'override'>>;
  /** This tenant's overrides, in added order; `unused: true` for those that never answered. */
  list(filter?: { readonly unused?: boolean; readonly tenantId?: string }): Answer<Mode, ViewOf<Mode, 'override'>[]>;
  /**
   * Removes one of this tenant's overrides.
   *
   * @throws `NOT_FOUND` for an id that is not an override of this tenant (another tenant's too).
   */
  remove(id: string): Answer<Mode, void>;
  /** Removes every override of this tenant; returns how many went. */
  clear(): Answer<Mode, number>;
}

/**
 * Which events a tenant handle lists: one type, or all. `tenantId`, when given, must be the
 * handle's.
 *
 * @example
 * ```ts
 * const filter: TenantEventFilter = { type: 'sms.sent' };
 * ```
 */
export interface TenantEventFilter {
  readonly type?: string;
  readonly tenantId?: string;
}

/**
 * One tenant of a mock, as a handle: its id and key, an SDK client for it, its traffic, its
 * overrides, its clock, its snapshot and restore, its reset and deletion. Everything it reads or
 * changes is this tenant's alone, and the matchers scope every assertion on it to the tenant:
 * `expect(tenant).toHaveReceived('contacts.create')` never passes on another tenant's request.
 * A filter or match that gives a `tenantId` must give this one, or it throws.
 *
 * In process (`mock.tenant(id)`, `mock.tenants.create()`) every answer comes at once; over HTTP
 * (`await remote.tenant(id)`, `await remote.tenants.create()`) each is a promise. The names are
 * the same.
 *
 * @example
 * ```ts
 * const tenant = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
 * const client = await tenant.client();
 * await client.contacts.create({ firstName: 'Ada' });
 * expect(tenant).toHaveReceived('contacts.create', { body: { firstName: 'Ada' } });
 * tenant.requests({ operationId: 'contacts.create' }).length; // 1
 * const prepared = tenant.snapshot();
 * tenant.reset();
 * tenant.restore(prepared); // Ada is back
 * tenant.delete();
 * ```
 */
export interface TenantHandleOf<Mode extends HandleMode> {
  /** Marks a tenant handle: the matchers scope every assertion on it to {@link TenantHandleOf.id}. */
  readonly scope: 'tenant';
  /** Whether the mock is in another process (then every answer is a promise, assertions too). */
  readonly remote: Mode extends 'remote' ? true : false;
  /** The tenant's id. */
  readonly id: string;
  /**
   * A key of this tenant: the key `tenants.create()` made, or, in process, the scenario's first
   * key that opens the tenant with every permission and is not revoked. `undefined` when the handle does not know one (a scenario tenant
   * over HTTP: the mock never tells a secret); `client()` then makes a key of its own.
   */
  readonly key: string | undefined;
  /** The tenant as it was when the handle was made: id, name, mode, users and numbers. */
  readonly tenant: ViewOf<Mode, 'tenant'>;
  /**
   * An SDK client bound to this tenant (no retries: a test wants the answer the mock gave), acting
   * as `userEmail`: by default the tenant's first user, `null` for none. `@commflow/sdk` is an optional
   * peer: install it to use this. Without a known key, the first call creates one for this tenant
   * alone, with every permission.
   */
  client(options?: { readonly userEmail?: string | null }): Promise<TenantClient>;
  /**
   * This tenant's requests, oldest first, typed by operation as `mock.requests()` types them.
   *
   * @throws for a `tenantId` other than the handle's, and for an unknown `operationId` (naming the closest).
   */
  requests<Id extends OperationId>(
    filter: RequestFilter<Id> & { operationId: Id },
  ): Answer<Mode, OperationJournalEntry<Id>[]>;
  requests(filter?: RequestFilter): Answer<Mode, TypedJournalEntry[]>;
  /**
   * This tenant's events, oldest first, optionally of one type.
   *
   * @throws for a `tenantId` other than the handle's, and for an unknown `type` (naming the closest).
   */
  events(filter?: TenantEventFilter): Answer<Mode, ViewOf<Mode, 'event'>[]>;
  /**
   * This tenant's webhook deliveries, oldest first, each with every attempt.
   *
   * @throws for a `tenantId` other than the handle's.
   */
  deliveries(filter?: DeliveryFilter): Answer<Mode, ViewOf<Mode, 'delivery'>[]>;
  /** This tenant's faults and stubs. */
  readonly overrides: TenantOverridesOf<Mode>;
  /** The tenant's clock: its time, and how far it runs ahead of the mock clock. */
  clock(): Answer<Mode, ViewOf<Mode, 'clock'>>;
  /** Moves this tenant's clock forward by `ms`; no other tenant's time moves. */
  advanceClock(ms: number): Answer<Mode, ViewOf<Mode, 'clock'>>;
  /** Puts the tenant back as it was created; its keys and clock stay, no other tenant changes. */
  reset(): Answer<Mode, ViewOf<Mode, 'tenant'>>;
  /** Removes the tenant: its keys get 401 from now on, its history is freed. */
  delete(): Answer<Mode, void>;
  /**
   * This tenant's slice of the world as versioned JSON (`tenants.snapshot(id)`): its records, own
   * keys (as hashes), clock, calls, idempotency entries, overrides, subscriptions, and its journal,
   * events and deliveries. Put it back with `restore`, or fork it with `tenants.create({ snapshot })`.
   */
  snapshot(): Answer<Mode, ViewOf<Mode, 'snapshot'>>;
  /**
   * Puts a tenant snapshot in place of this tenant's slice (`tenants.restore(id, snapshot, options)`);
   * no other tenant changes. A snapshot of another tenant is refused unless `{ copy: true }`.
   *
   * @throws naming the path, for a malformed, foreign or other-version snapshot; nothing changes.
   */
  restore(
    snapshot: Readonly<Record<string, unknown>>,
    options?: TenantRestoreOptions,
  ): Answer<Mode, ViewOf<Mode, 'tenant'>>;
}

/**
 * A tenant handle in process: what `mock.tenant(id)` returns.
 *
 * @example
 * ```ts
 * const tenant: TenantHandle = mock.tenant(DEMO_TENANTS.sandbox);
 * tenant.requests().length;
 * ```
 */
export type TenantHandle = TenantHandleOf<'in-process'>;

/**
 * A tenant just created: its handle, with the key (shown once) and the key's listed view
 * (`apiKey.id` revokes it). `const { tenant, key } = mock.tenants.create()` reads as before.
 *
 * @example
 * ```ts
 * const created: CreatedTenantHandleOf<'in-process'> = mock.tenants.create();
 * created.key === created.apiKey.key; // true
 * ```
 */
export interface CreatedTenantHandleOf<Mode extends HandleMode> extends TenantHandleOf<Mode> {
  readonly key: string;
  readonly apiKey: CreatedApiKey;
}
