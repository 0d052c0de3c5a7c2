import { randomUUID } from 'node:crypto';
import { HEADERS, RequestId } from '@commflow/contract';
import type { Step } from './context.js';

/**
 * Echoes a well-formed client `X-Request-Id` (1..200 printable ASCII), or generates one. A
 * request id lives as long as its response and journal entry: it is not flattened like stored
 * ids (`ids.ts`), whose copy would cost more than it saves here.
 */
export const assignRequestId: Step = (context) => {
  const sent = context.request.headers.get(HEADERS.requestId);
  context.requestId = sent !== null && RequestId.safeParse(sent).success ? sent : `req_${randomUUID()}`;
};
