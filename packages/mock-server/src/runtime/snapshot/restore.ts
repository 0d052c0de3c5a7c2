/**
 * Restores a snapshot: checks all of it and loads every store aside, then swaps the new content
 * in whole. A snapshot that fails any check throws {@link SnapshotError} and leaves the world as
 * it was.
 */
import { withLegacyFaults } from './legacy-faults.js';
import { parseWithKeyHints } from '../../lib/input-issues.js';
import { ownField } from '../../lib/json.js';
import { ContactRows } from '../../scenario/contact-rows.js';
import { parseScenarioWithRows, ScenarioError, type ResolvedScenario } from '../../scenario/parse.js';
import type { ContactRecord } from '../../state/records.js';
import { StoreDataError } from '../../state/store.js';
import type { MockRuntime } from '../mock-runtime.js';
import { adoptStores, loadStoresAside } from './stores.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, SnapshotSchema, type MockSnapshot } from './schema.js';

/**
 * One problem of a snapshot: where it is, and what is wrong.
 *
 * @example
 * ```ts
 * const issue: SnapshotIssue = { path: ['state', 'calls', 'active', 0], message: 'no call "…" in tenant "…"' };
 * ```
 */
export interface SnapshotIssue {
  path: (string | number)[];
  message: string;
}

/**
 * A snapshot that cannot be restored: malformed, of another version, or with a reference that
 * does not resolve. `issues` name each place.
 *
 * @example
 * ```ts
 * try { mock.restore(input); } catch (error) { if (error instanceof SnapshotError) console.error(error.issues); }
 * ```
 */
export class SnapshotError extends Error {
  readonly issues: readonly SnapshotIssue[];

  constructor(issues: readonly SnapshotIssue[]) {
    const lines = issues.slice(0, 10).map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    super(`Invalid snapshot:\n${lines.join('\n')}`);
    this.name = 'SnapshotError';
    this.issues = issues;
  }
}

/**
 * The snapshot inside what was given, and where it sits: a snapshot as it is, `{ snapshot }`, or
 * the whole answer of `GET /__mock/snapshot` (`{ success, data: { snapshot }, meta }`), so that a
 * file saved with `curl $M/snapshot > world.json` goes back with `PUT` or `--state` as it is.
 */
function unwrapSnapshot(value: unknown): { snapshot: unknown; at: string[] } {
  if (typeof value !== 'object' || value === null || 'format' in value) return { snapshot: value, at: [] };
  if ('snapshot' in value) return { snapshot: value.snapshot, at: ['snapshot'] };
  const data = 'data' in value ? value.data : undefined;
  if (typeof data === 'object' && data !== null && 'snapshot' in data) {
    return { snapshot: data.snapshot, at: ['data', 'snapshot'] };
  }
  return { snapshot: value, at: [] };
}

/**
 * Runs `work` on the unwrapped snapshot; its issues are named from the top of what was given.
 * A tenant restore unwraps its snapshot the same way.
 */
export function unwrapped<T>(value: unknown, work: (snapshot: unknown) => T): T {
  const { snapshot, at } = unwrapSnapshot(value);
  try {
    return work(snapshot);
  } catch (error) {
    if (error instanceof SnapshotError && at.length > 0) {
      throw new SnapshotError(error.issues.map((issue) => ({ ...issue, path: [...at, ...issue.path] })));
    }
    throw error;
  }
}

/**
 * Checks a value as a snapshot: the format and version first, so another file says so plainly.
 * The snapshot may come as it is, as `{ snapshot }`, or inside `GET /__mock/snapshot`'s answer.
 */
export function parseSnapshot(input: unknown): MockSnapshot {
  return unwrapped(input, parseBareSnapshot);
}

function parseBareSnapshot(input: unknown): MockSnapshot {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new SnapshotError([{ path: [], message: 'a snapshot is a JSON object' }]);
  }
  const format = ownField(input, 'format');
  const version = ownField(input, 'version');
  if (format !== SNAPSHOT_FORMAT) {
    throw new SnapshotError([{ path: ['format'], message: `must be "${SNAPSHOT_FORMAT}"` }]);
  }
  if (version !== SNAPSHOT_VERSION) {
    throw new SnapshotError([
      {
        path: ['version'],
        message: `unknown version ${JSON.stringify(version)}; this mock reads version ${SNAPSHOT_VERSION}`,
      },
    ]);
  }
  // A misspelt key is named with the key it most likely meant, as the control routes name theirs.
  const parsed = parseWithKeyHints(SnapshotSchema, withLegacyFaults(input));
  if (!parsed.success) throw new SnapshotError(parsed.issues);
  return parsed.data;
}

/**
 * Puts a snapshot's world in place of the runtime's: every store is loaded aside first (a
 * failure anywhere leaves the world as it was), then each live store adopts its new content.
 */
export function restoreSnapshot(runtime: MockRuntime, input: unknown): void {
  const { snapshot, scenario, aside } = unwrapped(input, (bare) => {
    const parsed = parseBareSnapshot(bare);
    const baseline = prepareBaseline(parsed);
    try {
      const loaded = loadStoresAside(runtime.world.state, parsed.state, {
        now: parsed.clock.now,
        baselineContacts: baseline.contactsOf,
      });
      return { snapshot: parsed, scenario: baseline.scenario, aside: loaded };
    } catch (error) {
      if (!(error instanceof StoreDataError)) throw error;
      throw new SnapshotError(error.issues.map((issue) => ({ ...issue, path: ['state', ...issue.path] })));
    }
  });
  const { state, sim } = runtime.world;
  sim.clock.resume(snapshot.clock);
  runtime.baseline = { scenario, loadedAt: snapshot.baseline.loadedAt, keys: snapshot.baseline.keys };
  adoptStores(state, aside);
  sim.webhooks.restart();
}

/** The snapshot's baseline scenario, and its tenants' contact rows as records; touches nothing. */
function prepareBaseline(snapshot: MockSnapshot): {
  scenario: ResolvedScenario;
  contactsOf: (tenantId: string) => readonly ContactRecord[] | undefined;
} {
  const { baseline } = snapshot;
  if (baseline.contactRows.length !== baseline.scenario.tenants.length) {
    throw new SnapshotError([{ path: ['baseline', 'contactRows'], message: 'one entry per baseline tenant' }]);
  }
  const rows = baseline.contactRows.map((data) => ContactRows.fromData(data));
  let scenario: ResolvedScenario;
  try {
    scenario = parseScenarioWithRows({ ...baseline.scenario, apiKeys: [] }, rows);
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    throw new SnapshotError(
      error.issues.map((issue) => ({ path: ['baseline', 'scenario', ...issue.segments], message: issue.message })),
    );
  }
  const rowsById = new Map<string, ContactRows>();
  scenario.tenants.forEach((tenant, t) => {
    const tenantRows = rows[t];
    if (tenantRows !== undefined) rowsById.set(tenant.id.toLowerCase(), tenantRows);
  });
  return { scenario, contactsOf: (tenantId) => rowsById.get(tenantId)?.records(baseline.loadedAt) };
}
