/**
 * The tenant handle in process: `mock.tenant(id)` and `mock.tenants.create()`. Every method acts
 * on the runtime for one tenant; the handle holds only which tenant, its key and the mock's fetch.
 */
import type { OperationId, WebhookEvent } from '@commflow/contract';
import { EVENT_TYPE_NAMES } from '@commflow/contract';
import { unknownNameMessage } from '../control-api/closest-names.js';
import { OPERATION_IDS } from '../control-api/inputs.js';
import { ApiError, invalid, notFound } from '../lib/api-error.js';
import { createApiKey, type CreatedApiKey } from '../runtime/access.js';
import type { MockRuntime } from '../runtime/mock-runtime.js';
import { addOverride, clearOverrides, listOverrides, removeOverride, type OverrideView } from '../runtime/overrides.js';
import { loadSdkClient, type TenantClient } from '../runtime/sdk-client.js';
import type {
  CreatedTenantHandleOf,
  TenantEventFilter,
  TenantHandleOf,
  TenantOverrideInput,
  TenantOverridesOf,
} from '../runtime/tenant-handle.js';
import {
  actingUser,
  foreignTenantMessage,
  goneTenantMessage,
  sameTenant,
  unknownTenantMessage,
} from '../runtime/tenant-scope.js';
import {
  advanceTenantClock,
  deleteTenant,
  resetTenant,
  restoreTenant,
  tenantClockView,
  tenantSnapshot,
  tenantSummary,
  type CreatedTenantResult,
  type TenantClockView,
  type TenantSummary,
} from '../runtime/tenants.js';
import type { TenantRestoreOptions } from '../runtime/snapshot/tenant-restore.js';
import type { TenantSnapshot } from '../runtime/snapshot/tenant-schema.js';
import { webhookDeliveries } from '../runtime/webhooks.js';
import type { OperationJournalEntry, RequestFilter, TypedJournalEntry } from '../state/journal-operations.js';
import type { JournalEntry } from '../state/journal.js';
import type { DeliveryFilter, WebhookDelivery } from '../state/webhooks/delivery-types.js';

/**
 * The mock's own `fetch`: a client of the handle goes through it, with no network.
 *
 * @example
 * ```ts
 * const fetch: MockFetch = mock.fetch;
 * ```
 */
export type MockFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** A journal entry typed by its operation, as `mock.requests()` answers it. */
function typedEntry(entry: JournalEntry): TypedJournalEntry {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- as in `mock.requests()`: the journal keeps each request as sent under the operation it matched; typing it by `operationId` is the claim `OperationJournalEntry` documents, which no schema checks
  return entry as TypedJournalEntry;
}

/** The tenant's id as the filter gave it, checked: it must be the handle's, whatever its case. */
function ownTenant(own: string, given: string | undefined, at: readonly string[]): void {
  if (given !== undefined && !sameTenant(given, own))
    throw invalid([...at, 'tenantId'], foreignTenantMessage(given, own));
}

/**
 * Refuses to act for a tenant that no longer exists, as the remote handle does: a deleted
 * tenant's requests are not an empty list, they are gone.
 */
function liveTenant(runtime: MockRuntime, id: string): void {
  if (!runtime.world.state.tenants.has(id)) throw new ApiError('NOT_FOUND', goneTenantMessage(id));
}

/**
 * The scenario's first key that opens the tenant with every permission and is not revoked (its
 * secret, as the scenario file gives it): the key a test of that tenant would use.
 */
function scenarioKey(runtime: MockRuntime, tenantId: string): string | undefined {
  const key = runtime.baseline.scenario.apiKeys.find(
    (candidate) =>
      !candidate.revoked &&
      candidate.permissions.includes('*') &&
      candidate.tenantIds.some((id) => sameTenant(id, tenantId)),
  );
  return key?.key;
}

/** `mock.tenant(id).overrides`: the mock's overrides, this tenant's alone. */
class TenantOverrides implements TenantOverridesOf<'in-process'> {
  readonly #runtime: MockRuntime;
  readonly #tenantId: string;

  constructor(runtime: MockRuntime, tenantId: string) {
    this.#runtime = runtime;
    this.#tenantId = tenantId;
  }

  add(override: TenantOverrideInput): OverrideView {
    ownTenant(this.#tenantId, override.tenantId, ['override']);
    liveTenant(this.#runtime, this.#tenantId);
    return addOverride(this.#runtime, { ...override, tenantId: this.#tenantId }, ['override']);
  }

  list(filter: { readonly unused?: boolean; readonly tenantId?: string } = {}): OverrideView[] {
    ownTenant(this.#tenantId, filter.tenantId, ['filter']);
    liveTenant(this.#runtime, this.#tenantId);
    return listOverrides(this.#runtime, {
      tenantId: this.#tenantId,
      ...(filter.unused === undefined ? {} : { unused: filter.unused }),
    });
  }

  remove(id: string): void {
    // Another tenant's override, or one for every tenant, is not this handle's to remove.
    if (!this.list().some((override) => override.id === id)) throw notFound('Override');
    removeOverride(this.#runtime, id);
  }

  clear(): number {
    liveTenant(this.#runtime, this.#tenantId);
    return clearOverrides(this.#runtime, this.#tenantId);
  }
}

/**
 * One tenant of an in-process mock: `mock.tenant(id)`. See {@link TenantHandleOf} for what each
 * method does; this is the in-process twin of the remote handle's tenant.
 *
 * @example
 * ```ts
 * const tenant = mock.tenant(DEMO_TENANTS.sandbox);
 * tenant.overrides.add({ operationId: 'contacts.list', fault: { status: 503 }, times: 1 });
 * tenant.advanceClock(60_000);
 * ```
 */
export class MockTenantHandle implements TenantHandleOf<'in-process'> {
  readonly scope = 'tenant';
  readonly remote = false;
  readonly id: string;
  readonly key: string | undefined;
  readonly tenant: TenantSummary;
  readonly overrides: TenantOverridesOf<'in-process'>;
  readonly #runtime: MockRuntime;
  readonly #fetch: MockFetch;
  /** The key `client()` made for a tenant whose key the handle does not know, made once. */
  #madeKey: string | undefined;

  /** @internal Use `mock.tenant(id)` or `mock.tenants.create()`. */
  constructor(runtime: MockRuntime, fetch: MockFetch, tenant: TenantSummary, key: string | undefined) {
    this.#runtime = runtime;
    this.#fetch = fetch;
    this.id = tenant.id;
    this.tenant = tenant;
    this.key = key;
    this.overrides = new TenantOverrides(runtime, tenant.id);
  }

  async client(options: { readonly userEmail?: string | null } = {}): Promise<TenantClient> {
    this.#madeKey ??= this.key ?? createApiKey(this.#runtime, { tenantIds: [this.id] }).key;
    return loadSdkClient({
      // Any origin: `mock.fetch` answers every request itself.
      baseUrl: 'http://commflow.mock',
      tenantId: this.id,
      apiKey: this.#madeKey,
      userEmail: actingUser(this.tenant, options.userEmail),
      fetch: this.#fetch,
    });
  }

  requests<Id extends OperationId>(filter: RequestFilter<Id> & { operationId: Id }): OperationJournalEntry<Id>[];
  requests(filter?: RequestFilter): TypedJournalEntry[];
  requests(filter: RequestFilter = {}): TypedJournalEntry[] {
    ownTenant(this.id, filter.tenantId ?? undefined, ['filter']);
    liveTenant(this.#runtime, this.id);
    const { operationId } = filter;
    if (operationId !== undefined && !OPERATION_IDS.includes(operationId)) {
      throw invalid(['filter', 'operationId'], unknownNameMessage('operation id', operationId, OPERATION_IDS));
    }
    return this.#runtime.world.state.journal.entries({ ...filter, tenantId: this.id }).map(typedEntry);
  }

  events(filter: TenantEventFilter = {}): WebhookEvent[] {
    ownTenant(this.id, filter.tenantId, ['filter']);
    liveTenant(this.#runtime, this.id);
    const { type } = filter;
    if (type !== undefined && !EVENT_TYPE_NAMES.some((name) => name === type)) {
      throw invalid(['filter', 'type'], unknownNameMessage('event type', type, EVENT_TYPE_NAMES));
    }
    return this.#runtime.world.state.events.list({ ...(type === undefined ? {} : { type }), tenantId: this.id });
  }

  deliveries(filter: DeliveryFilter = {}): WebhookDelivery[] {
    ownTenant(this.id, filter.tenantId, ['filter']);
    liveTenant(this.#runtime, this.id);
    return webhookDeliveries(this.#runtime, { ...filter, tenantId: this.id }, ['filter', 'tenantId']);
  }

  clock(): TenantClockView {
    liveTenant(this.#runtime, this.id);
    return tenantClockView(this.#runtime, this.id);
  }

  advanceClock(ms: number): TenantClockView {
    liveTenant(this.#runtime, this.id);
    return advanceTenantClock(this.#runtime, this.id, ms);
  }

  reset(): TenantSummary {
    liveTenant(this.#runtime, this.id);
    return resetTenant(this.#runtime, this.id);
  }

  snapshot(): TenantSnapshot {
    liveTenant(this.#runtime, this.id);
    return tenantSnapshot(this.#runtime, this.id);
  }

  // `unknown`, as `mock.tenants.restore` takes it: a snapshot read back from a file is checked in full there.
  restore(snapshot: unknown, options: TenantRestoreOptions = {}): TenantSummary {
    liveTenant(this.#runtime, this.id);
    return restoreTenant(this.#runtime, this.id, snapshot, options).tenant;
  }

  delete(): void {
    liveTenant(this.#runtime, this.id);
    deleteTenant(this.#runtime, this.id);
  }
}

/**
 * A tenant just created, in process: its handle, with the key shown once and its listed view.
 *
 * @example
 * ```ts
 * const { tenant, key, apiKey } = mock.tenants.create();
 * ```
 */
export class CreatedMockTenantHandle extends MockTenantHandle implements CreatedTenantHandleOf<'in-process'> {
  declare readonly key: string;
  readonly apiKey: CreatedApiKey;

  /** @internal Use `mock.tenants.create()`. */
  constructor(runtime: MockRuntime, fetch: MockFetch, created: CreatedTenantResult) {
    super(runtime, fetch, created.tenant, created.key);
    this.apiKey = created.apiKey;
  }
}

/**
 * The handle of an existing tenant.
 *
 * @throws ApiError `NOT_FOUND` for an id no tenant has, naming the closest tenants.
 */
export function tenantHandle(runtime: MockRuntime, fetch: MockFetch, id: string): MockTenantHandle {
  const tenantId = id.toLowerCase();
  if (!runtime.world.state.tenants.has(tenantId)) {
    const known = [...runtime.world.state.tenants.keys()].map((key) => tenantSummary(runtime, key));
    throw new ApiError('NOT_FOUND', unknownTenantMessage(id, known));
  }
  return new MockTenantHandle(runtime, fetch, tenantSummary(runtime, tenantId), scenarioKey(runtime, tenantId));
}
