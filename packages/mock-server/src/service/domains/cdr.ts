import { takePage } from '../query/paginate.js';
import { toCdr } from './format.js';
import type { Handler } from './types.js';

/** `cdr.list`: call detail records, newest first, offset-paged. */
const list: Handler<'cdr.list'> = ({ tenant, query }) => {
  const page = takePage(tenant.cdrIndex, { query, tenantId: tenant.id });
  return { data: { records: page.items.map(toCdr) }, pagination: page.pagination };
};

/** The call detail records domain. */
export const cdrHandlers = { 'cdr.list': list };
