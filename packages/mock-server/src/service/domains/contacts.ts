import { newId } from '../../lib/ids.js';
import type { ContactRecord } from '../../state/records.js';
import { takePage } from '../query/paginate.js';
import { toContact } from './format.js';
import { searchTerm } from '../../state/search-rule.js';
import type { Handler } from './types.js';

/** `contacts.list`: newest first; `search` matches full name or phone digits. */
const list: Handler<'contacts.list'> = ({ tenant, query }) => {
  const search = searchTerm(query.search);
  const page = takePage(tenant.contactIndex, {
    query,
    tenantId: tenant.id,
    search,
    // Stryker disable next-line StringLiteral: the op only has to differ from every other list's, and "" does too
    cursorScope: { op: 'contacts.list', search: search?.text },
  });
  return { data: { contacts: page.items.map(toContact) }, pagination: page.pagination };
};

/** `contacts.create`: 201, emits `contact.changed`. */
const create: Handler<'contacts.create'> = ({ world, tenant, body }) => {
  const now = world.clock.stamp();
  const record: ContactRecord = {
    id: newId(),
    firstName: body.firstName,
    lastName: body.lastName ?? '',
    phoneMobile: body.phoneMobile ?? null,
    createdAt: now,
    updatedAt: now,
  };
  tenant.addContact(record);
  const contact = toContact(record);
  world.state.events.emit(tenant.id, 'contact.changed', { change: 'created', contact });
  return { status: 201, data: { contact } };
};

/** The contacts domain. */
export const contactsHandlers = { 'contacts.list': list, 'contacts.create': create };
