/**
 * Tenants on demand and tenant clocks over HTTP: `POST /__mock/tenants` creates one (with a key
 * of its own), `/__mock/tenants/{id}` reads, resets or deletes one, `/__mock/tenants/{id}/clock`
 * reads or advances its clock. Tenant ids are checked as API ids are: malformed is 400,
 * unknown is 404.
 */
import { Id } from '@commflow/contract';
import * as z from 'zod';
import { validationError } from '../../service/api-error.js';
import type { MockRuntime } from '../../runtime/mock-runtime.js';
import {
  advanceTenantClock,
  createTenant,
  deleteTenant,
  resetTenant,
  tenantClockView,
  tenantSummary,
} from '../../runtime/tenants.js';
import { AdvanceClockInputSchema, CreateTenantInputSchema } from '../../runtime/control-inputs.js';

// No body at all is the minimal sandbox, as `{}` is.
const CreateTenantBody = CreateTenantInputSchema.optional();

type Reply = { status: number; data: unknown } | undefined;
type Read = <T extends z.ZodType>(schema: T) => Promise<z.output<T>>;

/** A tenant id from a path, checked like an API id. */
function tenantId(raw: string): string {
  const id = decodeURIComponent(raw);
  if (!Id.safeParse(id).success) throw validationError([{ path: ['path', 'id'], message: 'Invalid UUID' }]);
  return id;
}

/** The tenant routes, or `undefined` for another path. `read` parses the JSON body with a schema. */
export async function tenantRoute(runtime: MockRuntime, method: string, path: string, read: Read): Promise<Reply> {
  if (path === '/__mock/tenants' && method === 'POST') {
    const body = (await read(CreateTenantBody)) ?? {};
    return { status: 201, data: createTenant(runtime, body as Parameters<typeof createTenant>[1]) };
  }
  const match = /^\/__mock\/tenants\/([^/]+)(\/reset|\/clock|\/clock\/advance)?$/.exec(path);
  if (match === null) return undefined;
  const id = tenantId(match[1] ?? '');
  switch (`${method} ${match[2] ?? ''}`) {
    case 'GET ':
      return { status: 200, data: { tenant: tenantSummary(runtime, id) } };
    case 'DELETE ':
      deleteTenant(runtime, id);
      return { status: 200, data: { id: id.toLowerCase(), deleted: true } };
    case 'POST /reset':
      return { status: 200, data: { tenant: resetTenant(runtime, id) } };
    case 'GET /clock':
      return { status: 200, data: tenantClockView(runtime, id) };
    case 'POST /clock/advance':
      return { status: 200, data: advanceTenantClock(runtime, id, (await read(AdvanceClockInputSchema)).ms) };
  }
  return undefined;
}
