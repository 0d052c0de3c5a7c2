import { randomUUID } from 'node:crypto';
import { HEADERS, RequestId } from '@commflow/contract';
import type { Step } from './context.js';

/**
 * Echoes a well-formed client `X-Request-Id` (1..200 printable ASCII), or generates one. A
 * request id lives as long as its response and journal entry: it is not flattened like stored
 * ids (`ids.ts`), whose copy would cost more than it saves here.
 */
export const assignRequestId: Step = (context) => {
  context.requestId = requestIdOf(context.request);
};

/**
 * The id a request's answer carries: the client's `X-Request-Id` when well-formed, else a new one.
 *
 * @example
 * ```ts
 * requestIdOf(new Request('http://mock/', { headers: { 'X-Request-Id': 'req-42' } })); // 'req-42'
 * ```
 */
export function requestIdOf(request: Request): string {
  const sent = request.headers.get(HEADERS.requestId);
  return sent !== null && RequestId.safeParse(sent).success ? sent : `req_${randomUUID()}`;
}
