/**
 * Tenants on demand, their clocks and their records over HTTP. Ids are checked by the route
 * table (malformed is 400); an unknown one is 404 here.
 */
import type { MockRuntime } from '../../runtime/mock-runtime.js';
import { demoKeysByTenant } from '../../runtime/demo-keys.js';
import { browseRecords, RECORD_RESOURCES, recordCounts } from '../../runtime/records-browse.js';
import {
  advanceTenantClock,
  createTenant,
  deleteTenant,
  resetTenant,
  restoreTenantOver,
  tenantClockView,
  tenantSnapshot,
  tenantSummary,
} from '../../runtime/tenants.js';
import { tenantAheadMs } from '../../service/tenant-clock.js';
import type { ControlHandlers } from './reply.js';

type TenantRouteId =
  | 'tenants.list'
  | 'tenants.create'
  | 'tenants.get'
  | 'tenants.reset'
  | 'tenants.delete'
  | 'tenants.snapshot'
  | 'tenants.restore'
  | 'tenants.clock'
  | 'tenants.advanceClock'
  | 'tenants.recordCounts'
  | 'tenants.records';

/** The tenant routes' handlers. */
export const TENANT_HANDLERS: ControlHandlers<TenantRouteId> = {
  'tenants.list': (runtime) => ({ data: { tenants: tenantsOf(runtime) } }),
  // No body at all is the minimal sandbox, as `{}` is.
  'tenants.create': (runtime, { body }) => ({ data: createTenant(runtime, body) }),
  'tenants.get': (runtime, { params }) => ({ data: { tenant: tenantSummary(runtime, params.id) } }),
  'tenants.reset': (runtime, { params }) => ({ data: { tenant: resetTenant(runtime, params.id) } }),
  'tenants.delete': (runtime, { params }) => {
    deleteTenant(runtime, params.id);
    return { data: { id: params.id.toLowerCase(), deleted: true } };
  },
  'tenants.snapshot': (runtime, { params }) => ({ data: { snapshot: tenantSnapshot(runtime, params.id) } }),
  // The body is the tenant snapshot itself, `{ "snapshot": … }`, or GET's whole answer. A bad
  // snapshot, or another tenant's without `copy=true`, is a 400 naming the path, and changes nothing.
  'tenants.restore': (runtime, { params, query, body }) => ({
    data: restoreTenantOver(runtime, params.id, body, { copy: query.copy === 'true' }),
  }),
  'tenants.clock': (runtime, { params }) => ({ data: tenantClockView(runtime, params.id) }),
  'tenants.advanceClock': (runtime, { params, body }) => ({ data: advanceTenantClock(runtime, params.id, body.ms) }),
  'tenants.recordCounts': (runtime, { params }) => ({
    data: { resources: [...RECORD_RESOURCES], counts: recordCounts(runtime, params.id) },
  }),
  'tenants.records': (runtime, { params, query }) => {
    const page = browseRecords(runtime, params.id, params.resource, query);
    return { data: { records: page.records, total: page.total }, pagination: page.pagination };
  },
};

/**
 * The tenants as they are now (the scenario's and those created at run time): mode, modules,
 * capabilities, numbers, users and how far each one's clock runs ahead (what the console lists).
 */
function tenantsOf(runtime: MockRuntime) {
  const { state } = runtime.world;
  const demoKeys = demoKeysByTenant(runtime);
  return [...state.tenants.values()].map((tenant) => ({
    id: tenant.id,
    name: tenant.name,
    mode: tenant.mode,
    origin: state.tenants.created(tenant.id) !== undefined ? ('created' as const) : ('scenario' as const),
    aheadMs: tenantAheadMs(runtime.world, tenant.id),
    /** The demo scenario's public key for this tenant, while the demo runs. */
    demoKey: demoKeys.get(tenant.id) ?? null,
    modules: [...tenant.modules],
    capabilities: [...tenant.capabilities],
    smsNumbers: [...tenant.smsNumbers.keys()],
    users: [...tenant.users.values()].map((user) => ({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      extension: user.extension,
    })),
  }));
}
