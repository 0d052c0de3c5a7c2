/**
 * The overrides of a mock: faults and stubs, each with an id, what it matches, and its counts.
 * Indexed by tenant, so a request only ever looks at its own tenant's overrides and those for
 * every tenant: a hundred overrides of other tenants cost one map lookup.
 *
 * Which wins when several match a request (decisions.md, issue 27): the most specific, then the
 * newest. Specificity counts, in this order of weight, a tenant, a concrete path, an operation
 * (by id or method and template), then each key of the query and body subsets.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { ownField } from '../lib/json.js';
import { OverrideFieldsSchema, operationsOf, type CheckedOverride } from './override-schema.js';

/** An override as the store holds it: as checked, plus its id, order, resolution and counts. */
export type OverrideRecord = CheckedOverride & {
  readonly id: string;
  /** Added order: the newer wins a tie. */
  readonly seq: number;
  /** The operations it can answer (resolved from `operationId`, `method` and `path`). */
  readonly operationIds: string[];
  /** The path it matches exactly, when `path` was a concrete path rather than a template. */
  readonly concretePath: string | null;
  /** Matching requests seen, those let through by `after` included. */
  seen: number;
  /** Requests it answered. */
  hits: number;
};

/**
 * The store as plain data: every override with its counts, in added order. Each field is checked
 * as when it was added; the checks against the contract are not run again (the override passed
 * them when it was added, and a later contract must not refuse a saved world).
 */
export const OverridesDataSchema = z.array(
  OverrideFieldsSchema.extend({
    id: z.string().min(1),
    seq: z.int().min(0),
    operationIds: z.array(z.string()),
    concretePath: z.string().nullable(),
    seen: z.int().min(0),
    hits: z.int().min(0),
  }),
);

/**
 * Filters of `mock.overrides.list()`.
 *
 * @example
 * ```ts
 * const filter: OverrideFilter = { tenantId, unused: true };
 * ```
 */
export interface OverrideFilter {
  readonly tenantId?: string | undefined;
  /** Only those that never answered a request. */
  readonly unused?: boolean | undefined;
}

const ANY = '*';

/** How specific an override is: the higher wins. */
function specificity(override: OverrideRecord): number {
  const subset = Object.keys(override.query ?? {}).length + Object.keys(override.body ?? {}).length;
  return (
    (override.tenantId === undefined ? 0 : 1_000_000) +
    (override.concretePath === null ? 0 : 100_000) +
    (override.operationId === undefined && override.path === undefined && override.method === undefined ? 0 : 10_000) +
    subset
  );
}

/**
 * Whether `subset` is contained in `value`: objects key by key at any depth, arrays whole and in
 * order (each item a subset of its counterpart), scalars and null exactly. An array is no object
 * here: `{}` matches any object but no array.
 */
export function containsSubset(value: unknown, subset: unknown): boolean {
  // Stryker disable next-line ConditionalExpression: no request body the contract accepts holds null (validation runs first), so a null on either side never meets one
  if (typeof subset !== 'object' || subset === null) return Object.is(value, subset);
  if (Array.isArray(subset)) {
    return (
      Array.isArray(value) &&
      value.length === subset.length &&
      subset.every((item, i) => containsSubset(value[i], item))
    );
  }
  // Stryker disable next-line ConditionalExpression: no request body the contract accepts holds null (validation runs first), so a null on either side never meets one
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.entries(subset).every(([key, item]) => containsSubset(ownField(value, key), item));
}

// Stryker disable next-line ConditionalExpression: with no `times`, `hits >= undefined` is false anyway
const exhausted = (override: OverrideRecord) => override.times !== undefined && override.hits >= override.times;

/**
 * What remains of an override: answers it still gives (`null`: no limit), and requests it still
 * lets through first.
 */
export function remainingOf(override: OverrideRecord): { remaining: number | null; letThrough: number } {
  return {
    remaining: override.times === undefined ? null : Math.max(0, override.times - override.hits),
    letThrough: Math.max(0, override.after - override.seen),
  };
}

/** The overrides of a mock. */
export class OverrideStore {
  #all: OverrideRecord[] = [];
  /** By tenant id (`*`: every tenant), in added order: `take` ranks the matches. */
  #byTenant = new Map<string, OverrideRecord[]>();
  #seq = 0;

  /** Adds a checked override; its id is new. */
  add(input: CheckedOverride): OverrideRecord {
    const found = operationsOf(input);
    // The schema refused an override naming no operation: this only narrows the type.
    // Stryker disable next-line all: unreachable, as above
    if ('issue' in found) throw new Error(found.issue.message);
    const record: OverrideRecord = {
      ...input,
      id: `ovr_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
      seq: ++this.#seq,
      operationIds: found.ops.map((op) => op.id),
      concretePath: found.concretePath,
      seen: 0,
      hits: 0,
    };
    this.#all.push(record);
    this.#index();
    return record;
  }

  /**
   * The override that answers a request, counted, or `undefined`. Every live override matching
   * the request counts it as seen; among those past their `after`, the most specific, then the
   * newest, answers. Nothing happens, and nothing is allocated, when no override exists.
   */
  take(tenantId: string, operationId: string, url: URL, body: unknown): OverrideRecord | undefined {
    if (this.#all.length === 0) return undefined;
    const own = this.#byTenant.get(tenantId);
    const shared = this.#byTenant.get(ANY);
    // Stryker disable next-line ConditionalExpression: a shortcut; the loops below find nothing either way
    if (own === undefined && shared === undefined) return undefined;
    let winner: OverrideRecord | undefined;
    for (const list of [own, shared]) {
      if (list === undefined) continue;
      for (const override of list) {
        if (exhausted(override) || !matches(override, operationId, url, body)) continue;
        override.seen++;
        if (override.seen <= override.after) continue;
        if (winner === undefined || better(override, winner)) winner = override;
      }
    }
    if (winner !== undefined) winner.hits++;
    return winner;
  }

  /** The overrides, in added order, filtered. */
  list(filter: OverrideFilter = {}): OverrideRecord[] {
    return this.#all.filter(
      (override) =>
        (filter.tenantId === undefined || override.tenantId === filter.tenantId) &&
        (filter.unused !== true || override.hits === 0),
    );
  }

  /** Removes one override; whether it existed. */
  remove(id: string): boolean {
    const before = this.#all.length;
    this.#all = this.#all.filter((override) => override.id !== id);
    this.#index();
    return this.#all.length < before;
  }

  /** Removes every override aimed at `tenantId` (every override when undefined); how many went. */
  removeTenant(tenantId: string | undefined): number {
    const before = this.#all.length;
    this.#all = tenantId === undefined ? [] : this.#all.filter((override) => override.tenantId !== tenantId);
    this.#index();
    return before - this.#all.length;
  }

  clear(): void {
    this.removeTenant(undefined);
  }

  /** Every override with its counts, as plain data. */
  save(): OverrideRecord[] {
    return this.#all.map((override) => structuredClone(override));
  }

  /** Replaces the overrides with saved ones (a restore). */
  load(data: z.output<typeof OverridesDataSchema>): void {
    this.#all = data.map((override) => structuredClone(override));
    this.#seq = this.#all.reduce((max, override) => Math.max(max, override.seq), 0);
    this.#index();
  }

  /** The overrides aimed at one tenant, with their counts, as plain data (a tenant snapshot). */
  sliceOf(tenantId: string): OverrideRecord[] {
    return this.list({ tenantId }).map((override) => structuredClone(override));
  }

  /**
   * Puts `from`'s overrides aimed at one tenant in place of this store's (a tenant restore);
   * the others stay, in their order. Cannot fail.
   */
  putTenant(tenantId: string, from: OverrideStore): void {
    const theirs = from.list({ tenantId });
    this.#all = [...this.#all.filter((override) => override.tenantId !== tenantId), ...theirs];
    this.#seq = Math.max(this.#seq, from.#seq);
    this.#index();
  }

  /** A new store with no override. */
  fresh(): OverrideStore {
    return new OverrideStore();
  }

  /** Takes `other`'s overrides in place of its own. */
  adopt(other: OverrideStore): void {
    this.#all = other.#all;
    this.#byTenant = other.#byTenant;
    this.#seq = other.#seq;
  }

  #index(): void {
    this.#byTenant = new Map();
    for (const override of this.#all) {
      const key = override.tenantId ?? ANY;
      const list = this.#byTenant.get(key) ?? [];
      list.push(override);
      this.#byTenant.set(key, list);
    }
  }
}

function better(a: OverrideRecord, b: OverrideRecord): boolean {
  const difference = specificity(a) - specificity(b);
  if (difference !== 0) return difference > 0;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: on a tie, the override met later is the newer (each tenant's list is in added order, and a tenant's own never ties with one for every tenant), so "the later wins" is the same rule
  return a.seq > b.seq;
}

function matches(override: OverrideRecord, operationId: string, url: URL, body: unknown): boolean {
  if (!override.operationIds.includes(operationId)) return false;
  if (override.concretePath !== null && override.concretePath !== url.pathname) return false;
  if (override.query !== undefined) {
    for (const [name, value] of Object.entries(override.query)) if (url.searchParams.get(name) !== value) return false;
  }
  return override.body === undefined || containsSubset(body, override.body);
}
