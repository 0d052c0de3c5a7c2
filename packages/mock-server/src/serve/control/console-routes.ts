/** What the console reads beside the other routes: the names its forms offer, and its page. */
import { EVENT_TYPE_NAMES } from '@commflow/contract';
import { CALL_ACTION_NAMES, type ControlOutput } from '../../control-api/index.js';
import { CAPABILITY_NAMES, MODULE_NAMES, PERMISSION_NAMES } from '../../service/gating-names.js';
import { DELIVERY_STATUSES } from '../../state/webhooks/delivery-types.js';
import { consoleAsset } from '../console/assets.js';
import { ApiError } from '../../service/api-error.js';
import type { ControlHandlers } from './reply.js';

/**
 * The names the console's forms offer, from the operation registry and the contract.
 *
 * @example
 * ```ts
 * const { data } = await (await fetch(`${url}/__mock/catalogue`)).json();
 * ```
 */
export const CATALOGUE = {
  permissions: PERMISSION_NAMES,
  modules: MODULE_NAMES,
  capabilities: CAPABILITY_NAMES,
  eventTypes: EVENT_TYPE_NAMES,
  callActions: CALL_ACTION_NAMES,
  deliveryStatuses: DELIVERY_STATUSES,
};
/** What `GET /__mock/catalogue` answers. */
export type Catalogue = typeof CATALOGUE;
/** A tenant as `GET /__mock/tenants` lists it. */
export type TenantView = ControlOutput<'tenants.list'>['tenants'][number];

/** The console's handlers. */
export const CONSOLE_HANDLERS: ControlHandlers<'catalogue' | 'console'> = {
  // The console's forms offer these: never re-typed in the page.
  catalogue: () => ({
    data: {
      ...CATALOGUE,
      eventTypes: [...EVENT_TYPE_NAMES],
      callActions: [...CALL_ACTION_NAMES],
      deliveryStatuses: [...DELIVERY_STATUSES],
    },
  }),
  // The gate of a server serves the page before this; in process it is served here.
  console: async () => {
    const page = await consoleAsset('index.html');
    if (page === undefined) throw new ApiError('NOT_FOUND', 'No console page.');
    return page;
  },
};
