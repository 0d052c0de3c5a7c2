import { takePage } from '../query/paginate.js';
import { toUser } from './format.js';
import { searchTerm } from '../../state/search-rule.js';
import type { Handler } from './types.js';

/** `users.list`: by last name, first name; `search` matches full name, email or extension. */
const list: Handler<'users.list'> = ({ tenant, query }) => {
  const search = searchTerm(query.search);
  const page = takePage(tenant.userIndex, {
    query,
    tenantId: tenant.id,
    search,
    // Stryker disable next-line StringLiteral: the op only has to differ from every other list's, and "" does too
    cursorScope: { op: 'users.list', search: search?.text },
  });
  return { data: { users: page.items.map(toUser) }, pagination: page.pagination };
};

/** The users domain. */
export const usersHandlers = { 'users.list': list };
