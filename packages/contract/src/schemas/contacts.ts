import * as z from 'zod/mini';
import { pure } from './pure.js';
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
export const Contact = /* @__PURE__ */ pure(() =>
  z
    .object({
      id: Id,
      firstName: z.string().check(z.minLength(1), z.maxLength(100)),
      lastName: z.string().check(z.maxLength(100)),
      phoneMobile: z.nullable(E164),
      createdAt: Timestamp,
      updatedAt: Timestamp,
    })
    .check(z.meta({ id: 'Contact' })),
);
/**
 * The shape of {@link Contact}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: Contact = Contact.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `Contact` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface Contact extends z.infer<typeof Contact> {}

/**
 * Body of `contacts.create`. Unknown fields are rejected.
 *
 * @example
 * ```ts
 * CreateContactBody.parse({ firstName: 'Ann', phoneMobile: '+14155550100' });
 * ```
 */
export const CreateContactBody = /* @__PURE__ */ pure(() =>
  z
    .strictObject({
      firstName: z.string().check(z.minLength(1), z.maxLength(100)),
      lastName: z.optional(z.string().check(z.maxLength(100))),
      phoneMobile: z.optional(E164),
    })
    .check(z.meta({ id: 'CreateContactBody' })),
);
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
export const ContactsListQuery = /* @__PURE__ */ pure(() =>
  withCursorRule(
    z.strictObject({
      search: z
        .optional(SearchTerm)
        .check(z.meta({ description: 'Case-insensitive substring of full name or phone digits.' })),
      ...cursorPageQuery,
    }),
  ),
);
