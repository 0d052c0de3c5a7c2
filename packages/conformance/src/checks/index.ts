import { actingUserCheck, gatingCheck, tenancyCheck } from './access.js';
import type { CheckDefinition } from './context.js';
import {
  chatStartTwiceCheck,
  contactReadBackCheck,
  idempotencyCheck,
  noExtensionCheck,
  sandboxSmsCheck,
} from './data.js';
import { envelopeCheck, openApiDocumentCheck, openApiResponsesCheck, rateLimitHeadersCheck } from './envelope.js';
import { badCursorCheck, cursorWalkCheck, paginationLimitsCheck } from './pagination.js';
import { routingCheck } from './routing.js';

/** Every check, in the order a run sends them: reads first, then what creates data. */
export const CHECK_DEFINITIONS = [
  openApiDocumentCheck,
  envelopeCheck,
  rateLimitHeadersCheck,
  openApiResponsesCheck,
  paginationLimitsCheck,
  cursorWalkCheck,
  badCursorCheck,
  routingCheck,
  actingUserCheck,
  tenancyCheck,
  gatingCheck,
  noExtensionCheck,
  contactReadBackCheck,
  idempotencyCheck,
  chatStartTwiceCheck,
  sandboxSmsCheck,
] as const satisfies readonly CheckDefinition[];
