import type { MockRuntime } from '../runtime/mock-runtime.js';
import {
  advanceTenantClock,
  createTenant,
  deleteTenant,
  resetTenant,
  restoreTenant,
  tenantClockView,
  tenantSnapshot,
  tenantSummary,
  type TenantClockView,
  type TenantSummary,
  type TenantTemplateInput,
} from '../runtime/tenants.js';
import { CreateTenantInputSchema } from '../runtime/control-inputs.js';
import type { TenantRestoreOptions } from '../runtime/snapshot/tenant-restore.js';
import type { TenantSnapshot } from '../runtime/snapshot/tenant-schema.js';
import { parseInput } from '../lib/api-error.js';
import { CreatedMockTenantHandle, type MockFetch } from './tenant-handle.js';

/**
 * Tenants on demand, in-process (`mock.tenants`): the twin of `/__mock/tenants`. A tenant is the
 * unit of isolation: parallel tests each create their own, with its own key and its own clock.
 *
 * @example
 * ```ts
 * const { tenant, key } = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
 * mock.tenants.advanceClock(tenant.id, 60_000); // only this tenant's time moves
 * mock.tenants.delete(tenant.id);
 * ```
 */
export class MockTenants {
  readonly #runtime: MockRuntime;
  /** The mock's `fetch`, for the clients of the handles `create()` returns. */
  readonly #fetch: MockFetch;

  /** @internal */
  constructor(runtime: MockRuntime, fetch: MockFetch) {
    this.#runtime = runtime;
    this.#fetch = fetch;
  }

  /**
   * Creates a tenant with a fresh id: a copy of a scenario tenant (`from`), a tenant in the
   * scenario format (`tenant`), or a minimal sandbox (one user, `owner@sandbox.test` with
   * extension 1001, and an SMS number of theirs). Users, numbers, records and webhook
   * subscriptions are copied under new ids. `key` can access only this tenant; it is shown once.
   *
   * The answer is the new tenant's handle (as `mock.tenant(id)` gives it), with `tenant`, `key`
   * and `apiKey` on it as before: `const { tenant, key } = mock.tenants.create()` still reads.
   *
   * @throws ApiError `VALIDATION_ERROR` naming the bad field of the template.
   * @example
   * ```ts
   * const tenant = mock.tenants.create();
   * const client = await tenant.client();
   * await client.contacts.create({ firstName: 'Ada' });
   * expect(tenant).toHaveReceived('contacts.create');
   * ```
   */
  create(template: TenantTemplateInput = {}): CreatedMockTenantHandle {
    // The same check as POST /__mock/tenants: an unknown key or a misspelt `from` is refused, not ignored.
    parseInput(CreateTenantInputSchema, template, ['template']);
    return new CreatedMockTenantHandle(this.#runtime, this.#fetch, createTenant(this.#runtime, template));
  }

  /**
   * One tenant: id, name, mode, users and numbers.
   *
   * @throws ApiError `NOT_FOUND` for an unknown tenant.
   * @example
   * ```ts
   * mock.tenants.get(tenantId).users.map((user) => user.email);
   * ```
   */
  get(tenantId: string): TenantSummary {
    return tenantSummary(this.#runtime, tenantId);
  }

  /**
   * Every tenant, the scenario's and those created since, in the order they were added: the
   * in-process twin of `GET /__mock/tenants`.
   *
   * @example
   * ```ts
   * mock.tenants.list().map((tenant) => `${tenant.name} (${tenant.mode})`);
   * ```
   */
  list(): TenantSummary[] {
    return [...this.#runtime.world.state.tenants.keys()].map((id) => tenantSummary(this.#runtime, id));
  }

  /**
   * Puts one tenant back as it was created (a scenario tenant: as the scenario loads it): its
   * records, subscriptions, deliveries, calls, idempotency entries, events and journal entries.
   * Its keys and its clock's time stay; no other tenant changes.
   *
   * @throws ApiError `NOT_FOUND` for an unknown tenant.
   * @example
   * ```ts
   * afterEach(() => mock.tenants.reset(tenantId));
   * ```
   */
  reset(tenantId: string): TenantSummary {
    return resetTenant(this.#runtime, tenantId);
  }

  /**
   * Removes a tenant: its own keys get 401 from now on, and its subscriptions, deliveries, calls,
   * idempotency entries and history are freed. `mock.reset()` brings back a scenario tenant.
   *
   * @throws ApiError `NOT_FOUND` for an unknown tenant.
   * @example
   * ```ts
   * mock.tenants.delete(tenantId);
   * ```
   */
  delete(tenantId: string): void {
    deleteTenant(this.#runtime, tenantId);
  }

  /**
   * A tenant's clock: its time, and how far it runs ahead of the mock clock.
   *
   * @throws ApiError `NOT_FOUND` for an unknown tenant.
   * @example
   * ```ts
   * mock.tenants.clock(tenantId).now;
   * ```
   */
  clock(tenantId: string): TenantClockView {
    return tenantClockView(this.#runtime, tenantId);
  }

  /**
   * Moves one tenant's clock forward by `ms`: its calls' timelines, rate-limit windows,
   * idempotency retention, webhook retries and the times on its new records and events follow.
   * No other tenant's time moves; `mock.advanceClock()` moves every tenant's.
   *
   * @throws RangeError for a negative or fractional `ms` (a tenant clock never moves back).
   * @example
   * ```ts
   * mock.tenants.advanceClock(tenantId, 61_000); // a new rate-limit window, for this tenant only
   * ```
   */
  advanceClock(tenantId: string, ms: number): TenantClockView {
    return advanceTenantClock(this.#runtime, tenantId, ms);
  }

  /**
   * One tenant's slice of the world as versioned JSON: its records, own keys (as hashes, never
   * secrets), clock, calls, idempotency entries, overrides aimed at it, webhook subscriptions
   * (with their signing secrets: keep it like a secret), and its journal, events and deliveries.
   * The in-process twin of `GET /__mock/tenants/{id}/snapshot`.
   *
   * @throws ApiError `NOT_FOUND` for an unknown tenant.
   * @example
   * ```ts
   * const prepared = mock.tenants.snapshot(tenantId);
   * const fork = mock.tenants.create({ snapshot: prepared }); // a new tenant holding the same slice
   * ```
   */
  snapshot(tenantId: string): TenantSnapshot {
    return tenantSnapshot(this.#runtime, tenantId);
  }

  /**
   * Puts a tenant snapshot in place of one tenant's slice. No other tenant changes: not its
   * records, history, keys, clock, nor its webhook work in flight or waiting. A snapshot of
   * another tenant is refused unless `{ copy: true }` (then this tenant keeps its own keys).
   * The in-process twin of `PUT /__mock/tenants/{id}/snapshot`.
   *
   * @throws SnapshotError naming each problem's path for a malformed, foreign or other-version
   *   snapshot, or another tenant's without `copy`; nothing changes.
   * @throws ApiError `NOT_FOUND` for an unknown tenant.
   * @example
   * ```ts
   * const before = mock.tenants.snapshot(tenantId);
   * // … the test changes the tenant …
   * mock.tenants.restore(tenantId, before);
   * ```
   */
  restore(tenantId: string, snapshot: unknown, options: TenantRestoreOptions = {}): TenantSummary {
    return restoreTenant(this.#runtime, tenantId, snapshot, options).tenant;
  }
}
