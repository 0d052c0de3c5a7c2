/**
 * The process's memory, after a full garbage collection when the runtime exposes one (Node with
 * `--expose-gc`), for soak runs against a standalone mock. `null` where there is no `process`.
 */
export function memoryReport(): { heapUsed: number; rss: number; afterGc: boolean } | null {
  if (typeof process === 'undefined' || typeof process.memoryUsage !== 'function') return null;
  // Node declares `gc`: set only when the process runs with --expose-gc.
  const { gc } = globalThis;
  gc?.();
  const usage = process.memoryUsage();
  return { heapUsed: usage.heapUsed, rss: usage.rss, afterGc: gc !== undefined };
}
