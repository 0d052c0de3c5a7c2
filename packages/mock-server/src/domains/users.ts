import { takePage } from '../store/paginate.js';
import { toUser } from './format.js';
import { matchesText, needle } from './search.js';
import type { Handler } from './types.js';

/** `users.list`: by last name, first name; `search` matches full name, email or extension. */
const list: Handler<'users.list'> = ({ tenant, query }) => {
  const term = needle(query.search);
  const page = takePage(tenant.userIndex, {
    query,
    tenantId: tenant.id,
    filter:
      term === undefined
        ? undefined
        : (user) => matchesText(term, `${user.firstName} ${user.lastName}`, user.email, user.extension),
    filters: { op: 'users.list', search: term },
    cursors: true,
  });
  return { data: { users: page.items.map(toUser) }, pagination: page.pagination };
};

/** The users domain. */
export const usersHandlers = { 'users.list': list };
