/**
 * Who and what an answer is about, when the pipeline answered before finding out: a 429 from the
 * rate limit, a 401 or a 403 given before the tenant step. The journal attributes such an answer
 * to the operation its method and path route to, and to the tenant its `X-Tenant-Id` names when
 * that tenant exists, so that filters by tenant or operation find it (a test that asserts "no 429
 * for my tenant" must see its 429s).
 */
import { HEADER_SCHEMAS, HEADERS } from '@commflow/contract';
import type { World } from '../../runtime/world.js';
import { registryRouter } from '../http/router.js';
import type { RequestContext } from './context.js';

/**
 * The operation and tenant of an answer: those the pipeline resolved, else those the request
 * names (only a well-formed id of a tenant that exists; only a route the registry has).
 */
export function attribution(
  world: World,
  context: RequestContext,
): { operationId: string | null; tenantId: string | null } {
  let operationId = context.op?.id ?? null;
  if (operationId === null) {
    const match = registryRouter().match(context.request.method, context.url.pathname);
    if (match.kind === 'operation') operationId = match.op.id;
  }
  let tenantId = context.tenant?.id ?? null;
  if (tenantId === null) {
    const named = context.request.headers.get(HEADERS.tenantId);
    if (named !== null && HEADER_SCHEMAS.T.safeParse(named).success) {
      const id = named.toLowerCase();
      if (world.state.tenants.has(id)) tenantId = id;
    }
  }
  return { operationId, tenantId };
}
