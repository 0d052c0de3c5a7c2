import { Throttle } from './throttle.js';
import type { Throttling } from './state.js';

/**
 * The queue of the call's key and tenant, shared by every copy of the client. The queue's code is
 * part of the request core: `rateLimit: 'auto'` is the default, so nearly every first call needs
 * it, and a lazy chunk of its own cost more in gzip overhead than it saved the clients that opt out.
 */
export function throttleOf(throttling: Throttling, apiKey: string, tenantId: string): Throttle {
  const { recent } = throttling;
  if (recent?.tenantId === tenantId && recent.apiKey === apiKey) return recent.throttle;
  const id = `${apiKey} ${tenantId}`;
  let throttle = throttling.queues.get(id);
  if (throttle === undefined) {
    throttle = new Throttle(throttling.auto, throttling.maxConcurrency);
    throttling.queues.set(id, throttle);
  }
  throttling.recent = { apiKey, tenantId, throttle };
  return throttle;
}
