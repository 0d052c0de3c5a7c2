import { ApiError } from '../api-error.js';
import { HEADERS } from '@commflow/contract';
import { tenantNow } from '../tenant-clock.js';
import type { Step } from './context.js';

/** Counts the request in its key's fixed window; a spent window is 429 with `Retry-After`. */
export const rateLimit: Step = (context) => {
  const key = context.key;
  // Stryker disable next-line ConditionalExpression: authenticate sets the key or throws; the guard only narrows RequestContext
  if (key === undefined) return;
  // The window follows the clock of the tenant the request names (a cfa_ key names one per request).
  const named = context.request.headers.get(HEADERS.tenantId)?.toLowerCase();
  const now = named === undefined ? context.world.clock.now() : tenantNow(context.world, named);
  const state = context.world.state.limiter.hit(
    key.hash,
    key.rateLimit ?? context.world.state.catalogue.defaultRateLimit,
    now,
  );
  context.rate = state;
  if (!state.allowed) {
    throw new ApiError(
      'RATE_LIMITED',
      `Rate limit of ${state.limit} requests exceeded. Retry in ${state.resetSeconds} s.`,
      { retryAfterSeconds: state.resetSeconds },
      { 'Retry-After': String(state.resetSeconds) },
    );
  }
};
