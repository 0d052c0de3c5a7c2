/** Overrides over HTTP: the twin of the in-process `mock.overrides`. */
import type { ControlOutput } from '../../control-api/table.js';
import type { BodyOf, ControlCaller, QueryOf } from './control-caller.js';

type OverrideView = ControlOutput<'overrides.add'>['override'];

/**
 * `remote.overrides`: add, list, remove and clear faults and stubs, with the names and answers
 * of the in-process `mock.overrides`, each a promise.
 *
 * @example
 * ```ts
 * const { id } = await remote.overrides.add({ tenantId, operationId: 'contacts.list', fault: { status: 503 }, times: 1 });
 * await remote.overrides.list({ unused: true });
 * await remote.overrides.remove(id);
 * ```
 */
export class RemoteOverrides {
  readonly #caller: ControlCaller;

  /** @internal */
  constructor(caller: ControlCaller) {
    this.#caller = caller;
  }

  /**
   * Adds a fault or a stub; a stub that breaks the contract is refused (a `ControlError` naming the paths).
   *
   * @example
   * ```ts
   * await remote.overrides.add({ tenantId, method: 'GET', path: '/api/v1/contacts/{id}', fault: { drop: true } });
   * ```
   */
  async add(override: BodyOf<'overrides.add'>): Promise<OverrideView> {
    return (await this.#caller.call('overrides.add', { body: override })).override;
  }

  /**
   * The overrides with their hits and what remains.
   *
   * @example
   * ```ts
   * const unused = await remote.overrides.list({ tenantId, unused: true });
   * ```
   */
  async list(filter: { tenantId?: string; unused?: boolean } = {}): Promise<OverrideView[]> {
    const query: QueryOf<'overrides.list'> = {};
    if (filter.tenantId !== undefined) query.tenantId = filter.tenantId;
    if (filter.unused !== undefined) query.unused = filter.unused ? 'true' : 'false';
    return (await this.#caller.call('overrides.list', { query })).overrides;
  }

  /**
   * Removes one override.
   *
   * @example
   * ```ts
   * await remote.overrides.remove(id);
   * ```
   */
  async remove(id: string): Promise<void> {
    await this.#caller.call('overrides.remove', { params: { id } });
  }

  /**
   * Removes every override of a tenant, or every override; how many went.
   *
   * @example
   * ```ts
   * await remote.overrides.clear({ tenantId });
   * ```
   */
  async clear(filter: { tenantId?: string } = {}): Promise<number> {
    const query: QueryOf<'overrides.clear'> = filter.tenantId === undefined ? {} : { tenantId: filter.tenantId };
    return (await this.#caller.call('overrides.clear', { query })).removed;
  }
}
