/**
 * The demo scenario's keys are public (they are in the docs and in `DEMO_KEYS`): when the mock
 * runs the demo, the console and the CLI banner offer them, so a first request needs no setup.
 */
import { hashKey } from '../state/keys.js';
import { demoScenario } from '../scenario/demo.js';
import { parseScenario } from '../scenario/parse.js';
import type { MockRuntime } from './mock-runtime.js';

/**
 * Each demo tenant's public key with every permission, while the demo runs and the key is not
 * revoked; none for another scenario (its keys are secrets the mock never keeps).
 */
export function demoKeysByTenant(runtime: MockRuntime): Map<string, string> {
  const keys = new Map<string, string>();
  if (runtime.baseline.scenario !== parseScenario(demoScenario)) return keys;
  for (const key of demoScenario.apiKeys) {
    const [tenantId] = key.tenantIds;
    if (key.tenantIds.length !== 1 || tenantId === undefined || !key.permissions.includes('*')) continue;
    const record = runtime.world.state.keys.find(key.key);
    if (record === undefined || record.revoked || record.hash !== hashKey(key.key)) continue;
    const id = tenantId.toLowerCase();
    if (!keys.has(id)) keys.set(id, key.key);
  }
  return keys;
}
