/** Tenants on demand, over HTTP: the twin of the in-process `mock.tenants`. */
import type { ControlOutput } from '../../control-api/table.js';
import type { BodyOf, ControlCaller } from './control-caller.js';
import { CreatedRemoteTenantHandle, type RemoteTenantSource } from './remote-tenant.js';

/**
 * `remote.tenants`: create, read, list, reset and delete tenants, and move a tenant's clock, with
 * the names and answers of the in-process `mock.tenants`, each a promise.
 *
 * @example
 * ```ts
 * const { tenant, key } = await remote.tenants.create({ from: DEMO_TENANTS.sandbox });
 * await remote.tenants.advanceClock(tenant.id, 60_000);
 * await remote.tenants.delete(tenant.id);
 * ```
 */
export class RemoteTenants {
  readonly #caller: ControlCaller;
  /** The remote mock, for the handles `create()` returns. */
  readonly #source: RemoteTenantSource;

  /** @internal */
  constructor(caller: ControlCaller, source: RemoteTenantSource) {
    this.#caller = caller;
    this.#source = source;
  }

  /**
   * A tenant with a fresh id and a key of its own (shown once): a copy of a scenario tenant
   * (`from`), a tenant in the scenario format (`tenant`), or a minimal sandbox.
   *
   * The answer is the new tenant's handle (as `remote.tenant(id)` gives it), with `tenant`, `key`
   * and `apiKey` on it as before: `const { tenant, key } = await remote.tenants.create()` still reads.
   *
   * @example
   * ```ts
   * const tenant = await remote.tenants.create({ from: DEMO_TENANTS.sandbox, name: 'e2e' });
   * await (await tenant.client()).contacts.create({ firstName: 'Ada' });
   * await expect(tenant).toHaveReceived('contacts.create');
   * ```
   */
  async create(template: BodyOf<'tenants.create'> = {}): Promise<CreatedRemoteTenantHandle> {
    return new CreatedRemoteTenantHandle(this.#source, await this.#caller.call('tenants.create', { body: template }));
  }

  /**
   * One tenant: id, name, mode, users and numbers.
   *
   * @example
   * ```ts
   * (await remote.tenants.get(tenantId)).users.map((user) => user.email);
   * ```
   */
  async get(tenantId: string): Promise<ControlOutput<'tenants.get'>['tenant']> {
    return (await this.#caller.call('tenants.get', { params: { id: tenantId } })).tenant;
  }

  /**
   * Every tenant, the scenario's and those created since.
   *
   * @example
   * ```ts
   * (await remote.tenants.list()).map((tenant) => tenant.name);
   * ```
   */
  async list(): Promise<ControlOutput<'tenants.list'>['tenants']> {
    return (await this.#caller.call('tenants.list', {})).tenants;
  }

  /**
   * Puts one tenant back as it was created; its keys and clock stay.
   *
   * @example
   * ```ts
   * await remote.tenants.reset(tenantId);
   * ```
   */
  async reset(tenantId: string): Promise<ControlOutput<'tenants.reset'>['tenant']> {
    return (await this.#caller.call('tenants.reset', { params: { id: tenantId } })).tenant;
  }

  /**
   * Removes a tenant: its keys get 401 from now on.
   *
   * @example
   * ```ts
   * await remote.tenants.delete(tenantId);
   * ```
   */
  async delete(tenantId: string): Promise<void> {
    await this.#caller.call('tenants.delete', { params: { id: tenantId } });
  }

  /**
   * A tenant's clock: its time, and how far it runs ahead of the mock clock.
   *
   * @example
   * ```ts
   * (await remote.tenants.clock(tenantId)).aheadMs;
   * ```
   */
  clock(tenantId: string): Promise<ControlOutput<'tenants.clock'>> {
    return this.#caller.call('tenants.clock', { params: { id: tenantId } });
  }

  /**
   * Moves one tenant's clock forward by `ms`; no other tenant's time moves.
   *
   * @example
   * ```ts
   * await remote.tenants.advanceClock(tenantId, 61_000);
   * ```
   */
  advanceClock(tenantId: string, ms: number): Promise<ControlOutput<'tenants.advanceClock'>> {
    return this.#caller.call('tenants.advanceClock', { params: { id: tenantId }, body: { ms } });
  }

  /**
   * One tenant's slice of the world as versioned JSON (`GET /__mock/tenants/{id}/snapshot`).
   *
   * @example
   * ```ts
   * const prepared = await remote.tenants.snapshot(tenantId);
   * const fork = await remote.tenants.create({ snapshot: prepared });
   * ```
   */
  async snapshot(tenantId: string): Promise<ControlOutput<'tenants.snapshot'>['snapshot']> {
    return (await this.#caller.call('tenants.snapshot', { params: { id: tenantId } })).snapshot;
  }

  /**
   * Puts a tenant snapshot in place of one tenant's slice; no other tenant changes. A snapshot
   * of another tenant is refused unless `{ copy: true }`; a bad one is a `ControlError` (400)
   * naming the path, and changes nothing.
   *
   * @example
   * ```ts
   * const before = await remote.tenants.snapshot(tenantId);
   * await remote.tenants.restore(tenantId, before);
   * ```
   */
  async restore(
    tenantId: string,
    snapshot: BodyOf<'tenants.restore'>,
    options: { copy?: boolean } = {},
  ): Promise<ControlOutput<'tenants.restore'>['tenant']> {
    const query = options.copy === true ? { copy: 'true' as const } : {};
    return (await this.#caller.call('tenants.restore', { params: { id: tenantId }, query, body: snapshot })).tenant;
  }
}
