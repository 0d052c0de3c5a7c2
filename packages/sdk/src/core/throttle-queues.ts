import type { Throttle } from './throttle.js';
import type { Throttling } from './state.js';

let throttleModule: Promise<typeof import('./throttle.js')> | undefined;

/**
 * The queue of the call's key and tenant, shared by every copy of the client. The queue's code is
 * loaded by the first call of a client with `rateLimit` or `maxConcurrency`: a client without
 * them never loads it.
 */
export async function throttleOf(throttling: Throttling, apiKey: string, tenantId: string): Promise<Throttle> {
  const id = `${apiKey} ${tenantId}`;
  let throttle = throttling.queues.get(id) as Throttle | undefined;
  if (throttle === undefined) {
    const { Throttle } = await (throttleModule ??= import('./throttle.js'));
    // Another call may have made it while this one waited for the module.
    throttle =
      (throttling.queues.get(id) as Throttle | undefined) ?? new Throttle(throttling.auto, throttling.maxConcurrency);
    throttling.queues.set(id, throttle);
  }
  return throttle;
}
