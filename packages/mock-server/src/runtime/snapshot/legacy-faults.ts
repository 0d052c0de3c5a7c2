/**
 * Snapshots saved before issue 27 hold `state.faults`, the pending faults of the old fault store.
 * Each becomes the override it stands for, with the hits it had already counted, so such a
 * snapshot restores as it was; a fault whose path no operation has (it could never fire) is left out.
 */
import { faultOverride, FaultSchema } from '../../state/faults.js';
import { OverrideStore } from '../../state/overrides.js';
import { OverrideInputSchema } from '../../state/override-schema.js';
import { ownField } from '../../lib/json.js';

/** `input` with a legacy `state.faults` turned into `state.overrides`; anything else as it is. */
export function withLegacyFaults(input: object): object {
  const state = 'state' in input ? input.state : undefined;
  if (typeof state !== 'object' || state === null || !('faults' in state)) return input;
  const { faults, ...rest } = state;
  if ('overrides' in rest || !Array.isArray(faults)) return input;
  const store = new OverrideStore();
  const list: unknown[] = faults;
  for (const fault of list) {
    // A fault is an object: anything else is no fault, and dropped as the schema drops a bad one.
    if (typeof fault !== 'object' || fault === null) continue;
    // The fault as the old store held it: its fields, and the answers it had left.
    const given = Object.fromEntries(Object.entries(fault).filter(([name]) => name !== 'remaining'));
    const remaining = ownField(fault, 'remaining');
    const parsed = FaultSchema.safeParse(given);
    if (!parsed.success) continue;
    const checked = OverrideInputSchema.safeParse(faultOverride(parsed.data));
    if (!checked.success) continue;
    const record = store.add(checked.data);
    const left = typeof remaining === 'number' ? remaining : parsed.data.times;
    record.hits = Math.max(0, parsed.data.times - left);
    record.seen = record.hits;
  }
  return { ...input, state: { ...rest, overrides: store.save() } };
}
