import * as z from 'zod';
import { cursorPageQuery, withCursorRule } from './pagination.js';
import { E164, Id, SearchTerm, Timestamp } from './primitives.js';

/**
 * A CRM contact.
 *
 * @example
 * ```ts
 * const contact: Contact = { id, firstName: 'Ann', lastName: 'Lee', phoneMobile: '+14155550100', createdAt, updatedAt };
 * ```
 */
export const Contact = z
  .object({
    id: Id,
    firstName: z.string().min(1).max(100),
    lastName: z.string().max(100),
    phoneMobile: E164.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Contact' });
/**
 * The shape of {@link Contact}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: Contact = Contact.parse(json);
 * ```
 */
export type Contact = z.infer<typeof Contact>;

/**
 * Body of `contacts.create`. Unknown fields are rejected.
 *
 * @example
 * ```ts
 * CreateContactBody.parse({ firstName: 'Ann', phoneMobile: '+14155550100' });
 * ```
 */
export const CreateContactBody = z
  .strictObject({
    firstName: z.string().min(1).max(100),
    lastName: z.string().max(100).optional(),
    phoneMobile: E164.optional(),
  })
  .meta({ id: 'CreateContactBody' });
/**
 * The input shape of {@link CreateContactBody}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: CreateContactBody = CreateContactBody.parse(json);
 * ```
 */
export type CreateContactBody = z.input<typeof CreateContactBody>;

/**
 * Query of `contacts.list`: `search` matches full name or phone digits.
 *
 * @example
 * ```ts
 * z.decode(ContactsListQuery, { search: '555' });
 * ```
 */
export const ContactsListQuery = withCursorRule(
  z.strictObject({
    search: SearchTerm.optional().meta({ description: 'Case-insensitive substring of full name or phone digits.' }),
    ...cursorPageQuery,
  }),
);
