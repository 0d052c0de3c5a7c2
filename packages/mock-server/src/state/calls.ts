/**
 * The calls on the clock: those whose progress still runs, and the ended ones, oldest first,
 * kept up to the call cap. Both hold the tenants' own call records, so a snapshot names each by
 * `[tenant id, call id]` and loading needs the tenants.
 */
import * as z from 'zod';
import type { CallRecord } from './records.js';
import { throwIssues, type Store, type StoreDataIssue } from './store.js';
import type { TenantState } from './tenant-state.js';

/** The calls' data: `[tenant id, call id]` of each active call, and of each ended one, oldest first. */
export const CallsDataSchema = z.strictObject({
  active: z.array(z.tuple([z.string(), z.string()])),
  ended: z.array(z.tuple([z.string(), z.string()])),
});
/** The calls' data. */
export type CallsData = z.output<typeof CallsDataSchema>;

/** The tenants, as the calls look them up. */
export interface CallTenants {
  get(tenantId: string): TenantState | undefined;
}

/**
 * The active and the ended calls.
 *
 * @example
 * ```ts
 * for (const call of calls.active) progress(call);
 * ```
 */
export class CallsStore implements Store<CallsData, { tenants: CallTenants }, CallsStore> {
  #active = new Set<CallRecord>();
  #ended = new Set<CallRecord>();
  readonly #limit: number;

  /** @param limit How many ended calls are kept (the call cap). */
  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Calls whose progress still runs on the clock. */
  get active(): Set<CallRecord> {
    return this.#active;
  }

  /** Ended calls, oldest first. */
  get ended(): Set<CallRecord> {
    return this.#ended;
  }

  /** Past the cap, the oldest ended calls leave their tenant's history (their CDRs stay). */
  cap(tenants: CallTenants): void {
    for (const call of this.#ended) {
      if (this.#ended.size <= this.#limit) return;
      this.#ended.delete(call);
      // Stryker disable next-line OptionalChaining: deleting or resetting a tenant takes its calls out of the ended ones, so the tenant exists
      tenants.get(call.tenantId)?.calls.delete(call.id);
    }
  }

  /** Forgets a tenant's calls (its reset or deletion). */
  forgetTenant(tenantId: string): void {
    for (const set of [this.#active, this.#ended]) {
      for (const call of set) if (call.tenantId === tenantId) set.delete(call);
    }
  }

  clear(): void {
    this.#active = new Set();
    this.#ended = new Set();
  }

  save(): CallsData {
    const ids = (calls: Set<CallRecord>) => [...calls].map((call): [string, string] => [call.tenantId, call.id]);
    return { active: ids(this.#active), ended: ids(this.#ended) };
  }

  /**
   * Loads the calls from `context.tenants`' records, refusing any a tenant does not hold; a
   * world saved under a higher cap loses its oldest ended calls.
   */
  load(data: CallsData, context: { tenants: CallTenants }): void {
    const issues: StoreDataIssue[] = [];
    const find = (name: 'active' | 'ended', into: Set<CallRecord>) => {
      data[name].forEach(([tenantId, callId], i) => {
        const call = context.tenants.get(tenantId)?.calls.get(callId);
        if (call === undefined)
          issues.push({ path: [name, i], message: `no call "${callId}" in tenant "${tenantId}"` });
        else into.add(call);
      });
    };
    find('active', this.#active);
    find('ended', this.#ended);
    throwIssues(issues);
    this.cap(context.tenants);
  }

  /** One tenant's part of the calls' data (a tenant snapshot). */
  sliceOf(tenantId: string): CallsData {
    const ids = (calls: Set<CallRecord>) =>
      [...calls].flatMap((call): [string, string][] => (call.tenantId === tenantId ? [[call.tenantId, call.id]] : []));
    return { active: ids(this.#active), ended: ids(this.#ended) };
  }

  /**
   * Puts `from`'s calls of one tenant in place of this store's (a tenant restore); the other
   * tenants' calls stay, in their order. Cannot fail.
   */
  putTenant(tenantId: string, from: CallsStore): void {
    this.forgetTenant(tenantId);
    for (const call of from.#active) if (call.tenantId === tenantId) this.#active.add(call);
    for (const call of from.#ended) if (call.tenantId === tenantId) this.#ended.add(call);
  }

  /** A new, empty store with the same cap. */
  fresh(): CallsStore {
    return new CallsStore(this.#limit);
  }

  /** Takes `other`'s calls in place of its own. */
  adopt(other: CallsStore): void {
    this.#active = other.#active;
    this.#ended = other.#ended;
  }
}
