import * as z from 'zod/mini';
import { pure } from './pure.js';
import { withCursorRule, cursorPageQuery } from './pagination.js';
import { Email, Extension, Id, SearchTerm, Timestamp } from './primitives.js';

/**
 * A user of the tenant.
 *
 * @example
 * ```ts
 * const user: User = { id, email: 'ann.lee@acme.test', firstName: 'Ann', lastName: 'Lee', extension: '1001', createdAt };
 * ```
 */
export const User = /* @__PURE__ */ pure(() =>
  z
    .object({
      id: Id,
      email: Email,
      firstName: z.string(),
      lastName: z.string(),
      extension: z
        .nullable(Extension)
        .check(z.meta({ description: 'The provisioned extension, or null when none is.' })),
      createdAt: Timestamp,
    })
    .check(z.meta({ id: 'User' })),
);
/**
 * The shape of {@link User}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: User = User.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `User` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface User extends z.infer<typeof User> {}

/**
 * Query of `users.list`: `search` matches full name, email or extension.
 *
 * @example
 * ```ts
 * z.decode(UsersListQuery, { search: 'ann', limit: '10' });
 * ```
 */
export const UsersListQuery = /* @__PURE__ */ pure(() =>
  withCursorRule(
    z.strictObject({
      search: z
        .optional(SearchTerm)
        .check(z.meta({ description: 'Case-insensitive substring of full name, email or extension.' })),
      ...cursorPageQuery,
    }),
  ),
);
