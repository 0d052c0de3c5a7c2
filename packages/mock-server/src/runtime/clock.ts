import type { MockRuntime } from './mock-runtime.js';

/** Moves the mock clock forward; what is due on it runs. */
export function advanceClock(runtime: MockRuntime, ms: number): { now: string; offsetMs: number } {
  const { clock } = runtime.world.sim;
  clock.advance(ms);
  return { now: clock.iso(), offsetMs: clock.offsetMs };
}
