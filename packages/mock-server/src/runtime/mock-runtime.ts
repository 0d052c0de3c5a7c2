/** The runtime's shape: what the facade, the control surface and the console act on. */
import type { ResolvedScenario } from '../scenario/parse.js';
import type { KeyRecordData } from '../state/keys.js';
import type { World } from './world.js';

/** The loaded scenario and its clock time: records without a createdAt are staggered before it. */
export interface Baseline {
  readonly scenario: ResolvedScenario;
  readonly loadedAt: number;
  /** The scenario's keys as stored records, when the scenario itself no longer holds their secrets. */
  readonly keys: readonly (KeyRecordData & { label: string | null })[] | undefined;
}

/** A mock's world, the baseline it resets to, and how it answers. */
export interface MockRuntime {
  readonly world: World;
  baseline: Baseline;
  /** Whether `/__mock` is served. */
  readonly control: boolean;
  /** What `mock.fetch` resolves relative URLs against. */
  readonly baseUrl: string;
}
