/**
 * What the snapshot benches share: the demo sandbox's headers for a bench user, and the mean
 * time of a repeated step (after one warm-up run).
 */
import { DEMO_KEYS, DEMO_TENANTS } from '../src/index.js';

/** The demo sandbox's key and tenant, acting as `bench@bench.test` (a user the benches add). */
export const benchHeaders = {
  'X-API-Key': DEMO_KEYS.sandbox,
  'X-Tenant-Id': DEMO_TENANTS.sandbox,
  'content-type': 'application/json',
  'X-User-Email': 'bench@bench.test',
};

/** Runs `run` once to warm up, then `rounds` times: the mean milliseconds a run and the last value. */
export function timed<T>(rounds: number, run: () => T): { ms: number; value: T } {
  let value = run();
  const started = performance.now();
  for (let i = 0; i < rounds; i++) value = run();
  return { ms: (performance.now() - started) / rounds, value };
}
