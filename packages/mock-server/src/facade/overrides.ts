import type { MockRuntime } from '../runtime/mock-runtime.js';
import { checkTenantFilter } from '../runtime/tenant-filter.js';
import { addOverride, clearOverrides, listOverrides, removeOverride, type OverrideView } from '../runtime/overrides.js';
import type { OverrideInput } from '../state/override-schema.js';
import type { OverrideFilter } from '../state/overrides.js';

/**
 * Faults and stubs aimed at some requests, in-process (`mock.overrides`): the twin of
 * `/__mock/overrides`. The mock's faithful behaviour stays the default; an override is the
 * visible, scoped, counted exception to it.
 *
 * @example
 * ```ts
 * const { id } = mock.overrides.add({ tenantId, operationId: 'contacts.list', fault: { status: 503 }, times: 1 });
 * mock.overrides.list({ unused: true }); // those that never answered
 * mock.overrides.remove(id);
 * ```
 */
export class MockOverrides {
  readonly #runtime: MockRuntime;

  /** @internal */
  constructor(runtime: MockRuntime) {
    this.#runtime = runtime;
  }

  /**
   * Adds an override: a `fault` (stall, drop, or an error status) or a stub (`respond`), matching
   * any mix of a tenant, an operation id or a method and path template, a query and a body subset.
   *
   * @throws ApiError `VALIDATION_ERROR` naming each bad field: a path no operation has, a stub
   *   whose body breaks the operation's response schema (unless `unchecked: true`), an error
   *   code the operation never answers, an unknown tenant.
   * @example
   * ```ts
   * mock.overrides.add({ tenantId, method: 'GET', path: '/api/v1/contacts/{id}', respond: { status: 404, body: { success: false, error: { code: 'NOT_FOUND', message: 'Gone.' } } } });
   * ```
   */
  add(override: OverrideInput): OverrideView {
    return addOverride(this.#runtime, override, ['override']);
  }

  /**
   * The overrides, in added order, with their hits and what remains.
   *
   * @throws ApiError `VALIDATION_ERROR` for a `tenantId` no tenant has, naming the closest tenants.
   * @example
   * ```ts
   * mock.overrides.list({ tenantId, unused: true });
   * ```
   */
  list(filter: OverrideFilter = {}): OverrideView[] {
    checkTenantFilter(this.#runtime, filter.tenantId, ['filter', 'tenantId']);
    return listOverrides(this.#runtime, filter);
  }

  /**
   * Removes one override.
   *
   * @throws ApiError `NOT_FOUND` for an unknown id.
   * @example
   * ```ts
   * mock.overrides.remove(id);
   * ```
   */
  remove(id: string): void {
    removeOverride(this.#runtime, id);
  }

  /**
   * Removes every override of a tenant, or, without one, every override; returns how many went.
   *
   * @example
   * ```ts
   * mock.overrides.clear({ tenantId });
   * ```
   */
  clear(filter: { tenantId?: string } = {}): number {
    return clearOverrides(this.#runtime, filter.tenantId);
  }
}
