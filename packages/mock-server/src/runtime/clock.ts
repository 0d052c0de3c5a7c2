import type { ClockReading } from '../state/clock-reading.js';
import type { MockRuntime } from './mock-runtime.js';

/** The mock clock, as the surfaces read it (answers' `meta.timestamp`). */
export function mockClock(runtime: MockRuntime): ClockReading {
  return runtime.world.sim.clock;
}

/** The mock clock's time, and how far tests have moved it. */
export function clockView(runtime: MockRuntime): { now: string; offsetMs: number } {
  const { clock } = runtime.world.sim;
  return { now: clock.iso(), offsetMs: clock.offsetMs };
}

/** Moves the mock clock forward; what is due on it runs. */
export function advanceClock(runtime: MockRuntime, ms: number): { now: string; offsetMs: number } {
  const { clock } = runtime.world.sim;
  clock.advance(ms);
  return clockView(runtime);
}
