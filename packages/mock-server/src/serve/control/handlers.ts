/**
 * Every control route's handler, by route id. The type demands one for each id of the table and
 * none besides, so the table and what is served cannot drift apart.
 */
import type { ControlRouteId } from '../../control-api/table.js';
import { ACCESS_HANDLERS } from './access-routes.js';
import { CONSOLE_HANDLERS } from './console-routes.js';
import { JOURNAL_HANDLERS } from './journal-routes.js';
import { OUTSIDE_HANDLERS } from './outside-routes.js';
import { OVERRIDE_HANDLERS } from './override-routes.js';
import type { ControlHandlers } from './reply.js';
import { TENANT_HANDLERS } from './tenant-routes.js';
import { WEBHOOK_HANDLERS } from './webhook-routes.js';
import { WORLD_HANDLERS } from './world-routes.js';

/** The handlers of the table's routes. */
export const CONTROL_HANDLERS: ControlHandlers<ControlRouteId> = {
  ...WORLD_HANDLERS,
  ...TENANT_HANDLERS,
  ...ACCESS_HANDLERS,
  ...JOURNAL_HANDLERS,
  ...OUTSIDE_HANDLERS,
  ...WEBHOOK_HANDLERS,
  ...OVERRIDE_HANDLERS,
  ...CONSOLE_HANDLERS,
};
