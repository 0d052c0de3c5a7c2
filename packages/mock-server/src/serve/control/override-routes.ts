/** Overrides over HTTP: faults and stubs added, listed with their counts, removed. */
import { addOverride, clearOverrides, listOverrides, removeOverride } from '../../runtime/overrides.js';
import { checkTenantFilter } from '../../runtime/tenant-filter.js';
import type { ControlHandlers } from './reply.js';

type OverrideRouteId = 'overrides.add' | 'overrides.list' | 'overrides.remove' | 'overrides.clear';

/** The overrides' handlers. */
export const OVERRIDE_HANDLERS: ControlHandlers<OverrideRouteId> = {
  // The table checked the body already; adding checks it again with the tenant against the world.
  'overrides.add': (runtime, { body }) => ({
    data: { override: addOverride(runtime, body, ['body']) },
  }),
  'overrides.list': (runtime, { query }) => {
    checkTenantFilter(runtime, query.tenantId, ['query', 'tenantId']);
    return { data: { overrides: listOverrides(runtime, query) } };
  },
  'overrides.remove': (runtime, { params }) => {
    removeOverride(runtime, params.id);
    return { data: { id: params.id, deleted: true } };
  },
  'overrides.clear': (runtime, { query }) => ({ data: { removed: clearOverrides(runtime, query.tenantId) } }),
};
