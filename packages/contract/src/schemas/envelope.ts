import * as z from 'zod/mini';
import { pure } from './pure.js';
import { ERROR_CODES } from '../errors.js';
import { Pagination } from './pagination.js';
import { Timestamp } from './primitives.js';

const responseMetaShape = /* @__PURE__ */ pure(() => ({
  requestId: z.string().check(z.meta({ description: 'Equals the X-Request-Id response header.' })),
  timestamp: Timestamp,
}));

/**
 * `meta` of every response.
 *
 * @example
 * ```ts
 * ResponseMeta.parse({ requestId: 'req-1', timestamp: '2026-11-21T22:38:59.000Z' });
 * ```
 */
export const ResponseMeta = /* @__PURE__ */ pure(() =>
  z.object(responseMetaShape).check(z.meta({ id: 'ResponseMeta' })),
);

/**
 * `meta` of a paged list response.
 *
 * @example
 * ```ts
 * ListMeta.shape.pagination;
 * ```
 */
export const ListMeta = /* @__PURE__ */ pure(() =>
  z.object({ ...responseMetaShape, pagination: Pagination }).check(z.meta({ id: 'ListMeta' })),
);

/**
 * The success envelope around an operation's `data`.
 *
 * @example
 * ```ts
 * const ContactEnvelope = successEnvelope(z.object({ contact: Contact }));
 * ```
 */
export function successEnvelope<T extends z.ZodMiniType>(data: T, paged = false) {
  return z.object({ success: z.literal(true), data, meta: paged ? ListMeta : ResponseMeta });
}

/**
 * The error envelope, exactly as the service spec states it.
 *
 * @example
 * ```ts
 * const body = ErrorEnvelope.parse(await response.json());
 * console.log(body.error.code);
 * ```
 */
export const ErrorEnvelope = /* @__PURE__ */ pure(() =>
  z
    .object({
      success: z.literal(false),
      error: z.object({
        code: z.string().check(z.meta({ description: 'A catalogue code.', examples: [...ERROR_CODES] })),
        message: z.string(),
        details: z.optional(z.unknown()),
      }),
      meta: ResponseMeta,
    })
    .check(z.meta({ id: 'Error' })),
);
/**
 * The shape of an error response body.
 *
 * @example
 * ```ts
 * const body: ErrorEnvelope = ErrorEnvelope.parse(json);
 * ```
 */
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
