import { takePage } from '../query/paginate.js';
import { toFax } from './format.js';
import type { Handler } from './types.js';

/** `fax.list`: newest first, optionally one box (`inbox`, `sent`, `queue`). */
const list: Handler<'fax.list'> = ({ tenant, query }) => {
  const type = query.type;
  const page = takePage(tenant.faxIndex, {
    query,
    tenantId: tenant.id,
    filter: type === undefined ? undefined : (fax) => fax.type === type,
  });
  return { data: { faxes: page.items.map(toFax) }, pagination: page.pagination };
};

/** The fax domain. */
export const faxHandlers = { 'fax.list': list };
