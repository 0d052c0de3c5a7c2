/**
 * The tenant handle over HTTP: `await remote.tenant(id)` and `await remote.tenants.create()`,
 * with the names of the in-process `mock.tenant(id)`, each answer a promise. Every call is one
 * control route, through the remote handle's methods; the handle holds only which tenant and its key.
 */
import type { OperationId } from '@commflow/contract';
import type { CreatedApiKey } from '../../runtime/access.js';
import type { TenantClient } from '../../runtime/sdk-client.js';
import type { TenantRestoreOptions } from '../../runtime/snapshot/tenant-restore.js';
import type {
  CreatedTenantHandleOf,
  TenantHandleOf,
  TenantEventFilter,
  TenantOverrideInput,
  TenantOverridesOf,
  ViewOf,
} from '../../runtime/tenant-handle.js';
import { actingUser, foreignTenantMessage, goneTenantMessage, sameTenant } from '../../runtime/tenant-scope.js';
import type { OperationJournalEntry, RequestFilter, TypedJournalEntry } from '../../state/journal-operations.js';
import type { DeliveryFilter } from '../../state/webhooks/delivery-types.js';
import { ControlError } from './control-error.js';
import { sdkClient } from './sdk-client.js';

/**
 * What a remote tenant handle calls: the remote mock's own methods (`RemoteMock` has them all),
 * named here so that this module and the remote mock do not import each other.
 *
 * @example
 * ```ts
 * const source: RemoteTenantSource = await connectMock('http://127.0.0.1:4010');
 * ```
 */
export interface RemoteTenantSource {
  readonly baseUrl: string;
  requests(filter?: RequestFilter): Promise<TypedJournalEntry[]>;
  events(filter?: { tenantId?: string; type?: string }): Promise<ViewOf<'remote', 'event'>[]>;
  deliveries(filter?: DeliveryFilter): Promise<ViewOf<'remote', 'delivery'>[]>;
  createApiKey(input: { tenantIds: string[] }): Promise<{ key: string }>;
  readonly overrides: {
    add(override: TenantOverrideInput): Promise<ViewOf<'remote', 'override'>>;
    list(filter: { tenantId: string; unused?: boolean }): Promise<ViewOf<'remote', 'override'>[]>;
    remove(id: string): Promise<void>;
    clear(filter: { tenantId: string }): Promise<number>;
  };
  readonly tenants: {
    list(): Promise<readonly { readonly id: string }[]>;
    clock(tenantId: string): Promise<ViewOf<'remote', 'clock'>>;
    advanceClock(tenantId: string, ms: number): Promise<ViewOf<'remote', 'clock'>>;
    reset(tenantId: string): Promise<ViewOf<'remote', 'tenant'>>;
    delete(tenantId: string): Promise<void>;
    snapshot(tenantId: string): Promise<ViewOf<'remote', 'snapshot'>>;
    restore(
      tenantId: string,
      snapshot: Readonly<Record<string, unknown>>,
      options?: TenantRestoreOptions,
    ): Promise<ViewOf<'remote', 'tenant'>>;
  };
}

/**
 * A tenant id a handle was given, checked before anything is sent: it must be the handle's. The
 * error is the control surface's own (`VALIDATION_ERROR`, naming the field), as if the mock said it.
 */
function ownTenant(own: string, given: string | null | undefined, at: readonly string[]): void {
  if (given === undefined || given === null || sameTenant(given, own)) return;
  const path = [...at, 'tenantId'];
  throw new ControlError({
    code: 'VALIDATION_ERROR',
    status: 400,
    message: `Invalid ${path.join('.')}: ${foreignTenantMessage(given, own)}`,
    issues: [{ path, message: foreignTenantMessage(given, own) }],
  });
}

/**
 * Runs a call about the handle's tenant. When the mock refuses it and the tenant is no longer
 * listed (a second request, on failure only), the error says the tenant is gone, as the
 * in-process handle's does, instead of the route's own (a 400 on `tenantId`, a bare 404).
 */
async function aboutTenant<T>(source: RemoteTenantSource, tenantId: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ControlError && !(await source.tenants.list()).some((tenant) => tenant.id === tenantId)) {
      throw new ControlError({ code: 'NOT_FOUND', status: 404, message: goneTenantMessage(tenantId) });
    }
    throw error;
  }
}

/** `(await remote.tenant(id)).overrides`: the mock's overrides, this tenant's alone. */
class RemoteTenantOverrides implements TenantOverridesOf<'remote'> {
  readonly #source: RemoteTenantSource;
  readonly #tenantId: string;

  constructor(source: RemoteTenantSource, tenantId: string) {
    this.#source = source;
    this.#tenantId = tenantId;
  }

  add(override: TenantOverrideInput): Promise<ViewOf<'remote', 'override'>> {
    ownTenant(this.#tenantId, override.tenantId, ['body']);
    return aboutTenant(this.#source, this.#tenantId, () =>
      this.#source.overrides.add({ ...override, tenantId: this.#tenantId }),
    );
  }

  list(
    filter: { readonly unused?: boolean; readonly tenantId?: string } = {},
  ): Promise<ViewOf<'remote', 'override'>[]> {
    ownTenant(this.#tenantId, filter.tenantId, ['query']);
    return aboutTenant(this.#source, this.#tenantId, () =>
      this.#source.overrides.list({
        tenantId: this.#tenantId,
        ...(filter.unused === undefined ? {} : { unused: filter.unused }),
      }),
    );
  }

  async remove(id: string): Promise<void> {
    // Another tenant's override, or one for every tenant, is not this handle's to remove.
    if (!(await this.list()).some((override) => override.id === id)) {
      throw new ControlError({ code: 'NOT_FOUND', status: 404, message: 'Override not found.' });
    }
    await this.#source.overrides.remove(id);
  }

  async clear(): Promise<number> {
    // The route clears nothing for a tenant no one has, without a word: a gone tenant is an error here, as in process.
    await this.list();
    return this.#source.overrides.clear({ tenantId: this.#tenantId });
  }
}

/**
 * One tenant of a remote mock: `await remote.tenant(id)`. See {@link TenantHandleOf} for what each
 * method does; this is the twin of the in-process `mock.tenant(id)`, every answer a promise.
 *
 * @example
 * ```ts
 * const tenant = await remote.tenant(tenantId);
 * const client = await tenant.client();
 * await client.contacts.create({ firstName: 'Ada' });
 * await expect(tenant).toHaveReceived('contacts.create');
 * ```
 */
export class RemoteTenantHandle implements TenantHandleOf<'remote'> {
  readonly scope = 'tenant';
  readonly remote = true;
  readonly id: string;
  readonly key: string | undefined;
  readonly tenant: ViewOf<'remote', 'tenant'>;
  readonly overrides: TenantOverridesOf<'remote'>;
  readonly #source: RemoteTenantSource;
  /** The key `client()` made for a tenant whose key the handle does not know, made once. */
  #madeKey: Promise<string> | undefined;

  /** @internal Use `remote.tenant(id)` or `remote.tenants.create()`. */
  constructor(source: RemoteTenantSource, tenant: ViewOf<'remote', 'tenant'>, key: string | undefined) {
    this.#source = source;
    this.id = tenant.id;
    this.tenant = tenant;
    this.key = key;
    this.overrides = new RemoteTenantOverrides(source, tenant.id);
  }

  async client(options: { readonly userEmail?: string | null } = {}): Promise<TenantClient> {
    this.#madeKey ??=
      this.key === undefined
        ? this.#source.createApiKey({ tenantIds: [this.id] }).then((created) => created.key)
        : Promise.resolve(this.key);
    return sdkClient(this.#source.baseUrl, {
      tenantId: this.id,
      apiKey: await this.#madeKey,
      userEmail: actingUser(this.tenant, options.userEmail),
    });
  }

  requests<Id extends OperationId>(
    filter: RequestFilter<Id> & { operationId: Id },
  ): Promise<OperationJournalEntry<Id>[]>;
  requests(filter?: RequestFilter): Promise<TypedJournalEntry[]>;
  async requests(filter: RequestFilter = {}): Promise<TypedJournalEntry[]> {
    ownTenant(this.id, filter.tenantId, ['query']);
    return aboutTenant(this.#source, this.id, () => this.#source.requests({ ...filter, tenantId: this.id }));
  }

  async events(filter: TenantEventFilter = {}): Promise<ViewOf<'remote', 'event'>[]> {
    ownTenant(this.id, filter.tenantId, ['query']);
    const type = filter.type === undefined ? {} : { type: filter.type };
    return aboutTenant(this.#source, this.id, () => this.#source.events({ ...type, tenantId: this.id }));
  }

  async deliveries(filter: DeliveryFilter = {}): Promise<ViewOf<'remote', 'delivery'>[]> {
    ownTenant(this.id, filter.tenantId, ['query']);
    return aboutTenant(this.#source, this.id, () => this.#source.deliveries({ ...filter, tenantId: this.id }));
  }

  clock(): Promise<ViewOf<'remote', 'clock'>> {
    return aboutTenant(this.#source, this.id, () => this.#source.tenants.clock(this.id));
  }

  advanceClock(ms: number): Promise<ViewOf<'remote', 'clock'>> {
    return aboutTenant(this.#source, this.id, () => this.#source.tenants.advanceClock(this.id, ms));
  }

  reset(): Promise<ViewOf<'remote', 'tenant'>> {
    return aboutTenant(this.#source, this.id, () => this.#source.tenants.reset(this.id));
  }

  snapshot(): Promise<ViewOf<'remote', 'snapshot'>> {
    return aboutTenant(this.#source, this.id, () => this.#source.tenants.snapshot(this.id));
  }

  restore(
    snapshot: Readonly<Record<string, unknown>>,
    options: TenantRestoreOptions = {},
  ): Promise<ViewOf<'remote', 'tenant'>> {
    return aboutTenant(this.#source, this.id, () => this.#source.tenants.restore(this.id, snapshot, options));
  }

  delete(): Promise<void> {
    return aboutTenant(this.#source, this.id, () => this.#source.tenants.delete(this.id));
  }
}

/**
 * A tenant just created on a remote mock: its handle, with the key shown once and its listed view.
 *
 * @example
 * ```ts
 * const { tenant, key, apiKey } = await remote.tenants.create();
 * ```
 */
export class CreatedRemoteTenantHandle extends RemoteTenantHandle implements CreatedTenantHandleOf<'remote'> {
  declare readonly key: string;
  readonly apiKey: CreatedApiKey;

  /** @internal Use `remote.tenants.create()`. */
  constructor(
    source: RemoteTenantSource,
    created: { tenant: ViewOf<'remote', 'tenant'>; key: string; apiKey: CreatedApiKey },
  ) {
    super(source, created.tenant, created.key);
    this.apiKey = created.apiKey;
  }
}
