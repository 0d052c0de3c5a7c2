import { malformedError } from '../../lib/malformed-request.js';
import type { Step } from './context.js';

/** Refuses a request that is not valid HTTP (read again by the Node adapter), as a 400 naming each part. */
export const refuseMalformed: Step = (context) => {
  const error = malformedError(context.request);
  if (error !== undefined) throw error;
};
