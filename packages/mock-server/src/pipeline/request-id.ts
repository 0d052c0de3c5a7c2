import { HEADERS, RequestId } from '@commflow/contract';
import { newId } from '../ids.js';
import type { Step } from './context.js';

/** Echoes a well-formed client `X-Request-Id` (1..200 printable ASCII), or generates one. */
export const assignRequestId: Step = (context) => {
  const sent = context.request.headers.get(HEADERS.requestId);
  context.requestId = sent !== null && RequestId.safeParse(sent).success ? sent : `req_${newId()}`;
};
