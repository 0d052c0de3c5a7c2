import type { OperationRequest } from './operation-requests.js';
import type { OperationId } from './operations.js';
import { takesIdempotencyKey } from './operation-requests.js';

/**
 * The operations that change nothing on the service even though they are not `GET`: a pure
 * computation from the request. `decisions.md` section 5 names `pricing.quote` as the one POST
 * without `Idempotency-Key` for that reason.
 *
 * @example
 * ```ts
 * PURE_OPERATION_IDS.has('pricing.quote'); // true
 * ```
 */
export const PURE_OPERATION_IDS: ReadonlySet<OperationId> = new Set<OperationId>(['pricing.quote']);

/**
 * Whether a client may safely send an operation again after a failure whose outcome it cannot
 * know (a connection error, a timeout, a 5xx): a `GET`, an operation that honours
 * `Idempotency-Key` (the client sends one and reuses it on every attempt), or a pure computation.
 *
 * @example
 * ```ts
 * isSafeToRetry(operations['voice.click2dial']); // true: it takes an Idempotency-Key
 * ```
 */
export function isSafeToRetry(op: OperationRequest): boolean {
  // Asking a set of ids about any string is sound: it answers false for one it does not hold.
  const pureIds: ReadonlySet<string> = PURE_OPERATION_IDS;
  return op.method === 'GET' || takesIdempotencyKey(op) || pureIds.has(op.id);
}
