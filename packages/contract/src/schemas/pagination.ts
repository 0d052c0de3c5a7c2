import * as z from 'zod/mini';
import { pure } from './pure.js';
import { Cursor, queryInt } from './primitives.js';

/**
 * The page size when a list call names none.
 *
 * @example
 * ```ts
 * const limit = query.limit ?? DEFAULT_PAGE_LIMIT; // 50
 * ```
 */
export const DEFAULT_PAGE_LIMIT = 50;
/**
 * The largest page a list call may ask for.
 *
 * @example
 * ```ts
 * await client.contacts.list({ limit: MAX_PAGE_LIMIT }); // 100 per page
 * ```
 */
export const MAX_PAGE_LIMIT = 100;

/**
 * How an operation pages its results.
 *
 * - `none`: every item in one response, no `meta.pagination`.
 * - `offset`: `limit` and `offset`.
 * - `cursor`: `limit` and `cursor` (and `offset`, where the spec lists it).
 *
 * @example
 * ```ts
 * const kind: PaginationKind = 'cursor';
 * ```
 */
export type PaginationKind = 'none' | 'offset' | 'cursor';

/**
 * `meta.pagination` of every paged list response.
 *
 * @example
 * ```ts
 * Pagination.parse({ limit: 50, offset: 0, hasMore: false, nextCursor: null });
 * ```
 */
export const Pagination = /* @__PURE__ */ pure(() =>
  z
    .object({
      limit: z.int().check(z.gte(1), z.lte(MAX_PAGE_LIMIT)),
      offset: z.int().check(z.gte(0)),
      hasMore: z.boolean(),
      nextCursor: z.nullable(z.string()),
    })
    .check(
      z.meta({ id: 'Pagination', description: 'Where this page sits in the list, and how to ask for the next one.' }),
    ),
);

/**
 * The shape of {@link Pagination}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: Pagination = Pagination.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `Pagination` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface Pagination extends z.infer<typeof Pagination> {}

const limit = /* @__PURE__ */ pure(() =>
  z.optional(queryInt(1, MAX_PAGE_LIMIT)).check(
    z.meta({
      description: `Page size, 1..${MAX_PAGE_LIMIT}. Default ${DEFAULT_PAGE_LIMIT}.`,
    }),
  ),
);
/**
 * The largest `offset`: ten million items, far past any list a client walks by offset (a
 * cursor walk has no such bound), and a number every client's integer type holds.
 *
 * @example
 * ```ts
 * MAX_PAGE_OFFSET; // 10_000_000
 * ```
 */
export const MAX_PAGE_OFFSET = 10_000_000;

const offset = /* @__PURE__ */ pure(() =>
  z.optional(queryInt(0, MAX_PAGE_OFFSET)).check(
    z.meta({
      description: `Number of items to skip, 0..${String(MAX_PAGE_OFFSET)}. Default 0.`,
    }),
  ),
);
/** `offset` of a list that also pages by cursor: the two exclude each other. */
const cursorListOffset = /* @__PURE__ */ pure(() =>
  z.optional(queryInt(0, MAX_PAGE_OFFSET)).check(
    z.meta({
      description: `Number of items to skip, 0..${String(MAX_PAGE_OFFSET)}. Default 0. A non-zero \`offset\` with a \`cursor\` is 400 \`VALIDATION_ERROR\`.`,
    }),
  ),
);
const cursor = /* @__PURE__ */ pure(() =>
  z.optional(Cursor).check(
    z.meta({
      description: 'Opaque position from `meta.pagination.nextCursor` of the previous page.',
    }),
  ),
);
const cursorWithOffset = /* @__PURE__ */ pure(() =>
  z.optional(Cursor).check(
    z.meta({
      description:
        'Opaque position from `meta.pagination.nextCursor` of the previous page. With a non-zero `offset` it is 400 `VALIDATION_ERROR`.',
    }),
  ),
);

/**
 * Query fields of an offset-paged list.
 *
 * @example
 * ```ts
 * const Q = z.strictObject({ ...offsetPageQuery });
 * ```
 */
export const offsetPageQuery = { limit, offset } as const;

/**
 * Query fields of a cursor-paged list that also accepts `offset`.
 *
 * @example
 * ```ts
 * const Q = withCursorRule(z.strictObject({ ...cursorPageQuery, search: z.optional(SearchTerm) }));
 * ```
 */
export const cursorPageQuery = { limit, offset: cursorListOffset, cursor: cursorWithOffset } as const;

/**
 * Query fields of a cursor-only list (`chat.messages.list`).
 *
 * @example
 * ```ts
 * const Q = z.strictObject({ ...cursorOnlyPageQuery });
 * ```
 */
export const cursorOnlyPageQuery = { limit, cursor } as const;

/**
 * Adds the rule that `cursor` and a non-zero `offset` exclude each other.
 *
 * @example
 * ```ts
 * withCursorRule(z.strictObject({ ...cursorPageQuery })).safeParse({ cursor: 'x', offset: '5' }).success; // false
 * ```
 */
export function withCursorRule<T extends z.ZodMiniObject<typeof cursorPageQuery & z.core.$ZodLooseShape>>(
  schema: T,
): T {
  return schema.check((ctx) => {
    // T's loose shape types these fields `any`: claim nothing, check what the values are.
    const { cursor, offset }: { cursor?: unknown; offset?: unknown } = ctx.value;
    if (cursor !== undefined && typeof offset === 'number' && offset !== 0) {
      ctx.issues.push({
        code: 'custom',
        message: 'cursor and a non-zero offset cannot be combined',
        path: ['offset'],
        input: offset,
      });
    }
  });
}
