/**
 * Overrides (issue 27) as the control surface and the in-process mock both act on them: added
 * after the contract checks, listed with their counts, removed by id or by tenant.
 */
import { invalid, notFound, parseInput } from '../lib/api-error.js';
import { OverrideInputSchema, type CheckedOverride, type OverrideInput } from '../state/override-schema.js';
import { remainingOf, type OverrideFilter, type OverrideRecord } from '../state/overrides.js';
import type { MockRuntime } from './mock-runtime.js';

/**
 * An override as listed: what was asked, the operations it can answer, and its counts.
 *
 * @example
 * ```ts
 * const [first]: OverrideView[] = mock.overrides.list();
 * first?.hits; // requests it answered
 * ```
 */
export type OverrideView = CheckedOverride & {
  readonly id: string;
  /** The operations it can answer. */
  readonly operations: string[];
  /** Requests it answered. */
  readonly hits: number;
  /** Answers it still gives; `null` when it has no `times`. */
  readonly remaining: number | null;
  /** Matching requests it still lets through before answering (`after`). */
  readonly letThrough: number;
};

/** The view of a stored override. */
export function overrideView(record: OverrideRecord): OverrideView {
  const { seq: _seq, operationIds, concretePath: _path, seen: _seen, ...given } = record;
  return { ...given, operations: [...operationIds], ...remainingOf(record) };
}

/**
 * Adds an override, checked against the contract (and its tenant against the world).
 *
 * @param location Where the input sits, for the error's paths: `['body']` over HTTP.
 */
export function addOverride(runtime: MockRuntime, input: OverrideInput, location: readonly string[]): OverrideView {
  const checked = parseInput(OverrideInputSchema, input, location);
  if (checked.tenantId !== undefined && !runtime.world.state.tenants.has(checked.tenantId)) {
    throw invalid([...location, 'tenantId'], `no tenant has id ${checked.tenantId}`);
  }
  return overrideView(runtime.world.state.overrides.add(checked));
}

/** The overrides, in added order, filtered by tenant and by never having answered. */
export function listOverrides(runtime: MockRuntime, filter: OverrideFilter = {}): OverrideView[] {
  const tenantId = filter.tenantId?.toLowerCase();
  return runtime.world.state.overrides.list({ ...filter, tenantId }).map(overrideView);
}

/** Removes one override; an unknown id is 404. */
export function removeOverride(runtime: MockRuntime, id: string): void {
  if (!runtime.world.state.overrides.remove(id)) throw notFound('Override');
}

/** Removes every override of a tenant, or every override; how many went. */
export function clearOverrides(runtime: MockRuntime, tenantId?: string): number {
  return runtime.world.state.overrides.removeTenant(tenantId?.toLowerCase());
}
