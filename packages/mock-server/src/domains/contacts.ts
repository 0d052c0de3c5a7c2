import { newId } from '../ids.js';
import type { ContactRecord } from '../store/records.js';
import { takePage } from '../store/paginate.js';
import { toContact } from './format.js';
import { matchesDigits, matchesText, needle, phoneDigits } from './search.js';
import type { Handler } from './types.js';

/** `contacts.list`: newest first; `search` matches full name or phone digits. */
const list: Handler<'contacts.list'> = ({ tenant, query }) => {
  const term = needle(query.search);
  const digits = term === undefined ? undefined : phoneDigits(term);
  const page = takePage(tenant.contactIndex, {
    query,
    tenantId: tenant.id,
    filter:
      term === undefined
        ? undefined
        : (contact) =>
            matchesText(term, `${contact.firstName} ${contact.lastName}`) || matchesDigits(digits, contact.phoneMobile),
    filters: { op: 'contacts.list', search: term },
    cursors: true,
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
  world.events.emit(tenant.id, 'contact.changed', { change: 'created', contact });
  return { status: 201, data: { contact } };
};

/** The contacts domain. */
export const contactsHandlers = { 'contacts.list': list, 'contacts.create': create };
