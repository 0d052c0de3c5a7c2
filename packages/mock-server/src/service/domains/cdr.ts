import { takePage } from '../query/paginate.js';
import { toCdr } from './format.js';
import type { Handler } from './types.js';

/** `cdr.list`: call detail records, newest first, offset-paged. */
const list: Handler<'cdr.list'> = ({ tenant, query }) => {
  // Stryker disable next-line ObjectLiteral,StringLiteral: offset-only list: it takes no cursor and issues none, so its filter digest is never read
  const page = takePage(tenant.cdrIndex, { query, tenantId: tenant.id, filters: { op: 'cdr.list' }, cursors: false });
  return { data: { records: page.items.map(toCdr) }, pagination: page.pagination };
};

/** The call detail records domain. */
export const cdrHandlers = { 'cdr.list': list };
