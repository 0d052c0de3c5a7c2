import { takePage } from '../query/paginate.js';
import { toFile } from './format.js';
import type { Handler } from './types.js';

/** `files.list`: newest first, offset-paged. */
const list: Handler<'files.list'> = ({ tenant, query }) => {
  const page = takePage(tenant.fileIndex, {
    query,
    tenantId: tenant.id,
  });
  return { data: { files: page.items.map(toFile) }, pagination: page.pagination };
};

/** The files domain. */
export const filesHandlers = { 'files.list': list };
