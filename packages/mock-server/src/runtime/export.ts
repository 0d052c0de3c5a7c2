/** The world as a scenario file (not a snapshot: only what a scenario can say). */
import { exportScenario } from '../scenario/export.js';
import type { ScenarioInput } from '../scenario/schema.js';
import type { MockRuntime } from './mock-runtime.js';

/** The current world as a scenario file, to load later or commit as a fixture. */
export function exportWorld(runtime: MockRuntime): ScenarioInput {
  const { state } = runtime.world;
  return exportScenario({
    scenario: runtime.baseline.scenario,
    tenants: state.tenants,
    keys: state.keys,
    subscriptions: state.subscriptions,
  });
}
