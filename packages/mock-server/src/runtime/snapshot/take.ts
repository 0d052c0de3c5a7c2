/** Takes a snapshot: the world's stores, the baseline and the clock's time, as plain data. */
import { hashKey, keyData, keyHint } from '../../state/keys.js';
import type { MockRuntime } from '../mock-runtime.js';
import { rowsOf, withoutContacts } from '../tenant-templates.js';
import { saveStores } from './stores.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type MockSnapshot } from './schema.js';

/** The whole world as a versioned, JSON-serialisable value. */
export function takeSnapshot(runtime: MockRuntime): MockSnapshot {
  const { state, sim } = runtime.world;
  const { clock } = sim;
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    takenAt: clock.iso(),
    clock: { now: clock.now(), offsetMs: clock.offsetMs, lastStamp: clock.lastStamp },
    baseline: baselineOf(runtime),
    state: saveStores(state),
  };
}

/** The baseline without a key secret: the keys as hashes, the contacts as columns. */
function baselineOf(runtime: MockRuntime): MockSnapshot['baseline'] {
  const { scenario, loadedAt, keys } = runtime.baseline;
  const labelled =
    keys ??
    scenario.apiKeys.map((key) => ({
      ...keyData({
        hash: hashKey(key.key),
        hint: keyHint(key.key),
        kind: key.key.startsWith('cfa_') ? 'account' : 'tenant',
        tenantIds: new Set(key.tenantIds.map((id) => id.toLowerCase())),
        permissions: key.permissions.includes('*') ? null : new Set(key.permissions),
        rateLimit: key.rateLimit,
        revoked: key.revoked,
      }),
      label: key.label ?? null,
    }));
  return {
    scenario: {
      ...scenario,
      apiKeys: [],
      tenants: scenario.tenants.map(withoutContacts),
    },
    contactRows: scenario.tenants.map((tenant) => rowsOf(tenant).toData()),
    keys: labelled.map((key) => ({ ...key })),
    loadedAt,
  };
}
