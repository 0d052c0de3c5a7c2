import * as z from 'zod/mini';
import { pure } from './pure.js';
import { openEnum } from './open-enum.js';
import { offsetPageQuery } from './pagination.js';
import { E164, Id, Timestamp } from './primitives.js';

/**
 * Which fax box an item is in.
 *
 * @example
 * ```ts
 * FaxType.parse('inbox');
 * ```
 */
export const FaxType = /* @__PURE__ */ pure(() => z.enum(['inbox', 'sent', 'queue']).check(z.meta({ id: 'FaxType' })));
/**
 * The shape of {@link FaxType}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: FaxType = FaxType.parse(json);
 * ```
 */
export type FaxType = z.infer<typeof FaxType>;

/**
 * Where a fax is in its life, as far as this project knows the values. A fax's `status` is open
 * (see {@link Fax}): the service may add values.
 *
 * @example
 * ```ts
 * FaxStatus.options.includes('delivered'); // true
 * ```
 */
export const FaxStatus = /* @__PURE__ */ pure(() =>
  z.enum(['received', 'queued', 'sending', 'delivered', 'failed']).check(z.meta({ id: 'FaxStatus' })),
);
/**
 * The shape of {@link FaxStatus}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: FaxStatus = FaxStatus.parse(json);
 * ```
 */
export type FaxStatus = z.infer<typeof FaxStatus>;

/**
 * A fax. `type` and `status` are open: a value the service adds later still parses.
 *
 * @example
 * ```ts
 * const fax: Fax = { id, type: 'inbox', from: '+14155550123', to: '+14155550100', pages: 3, status: 'received', createdAt };
 * ```
 */
export const Fax = /* @__PURE__ */ pure(() =>
  z
    .object({
      id: Id,
      type: openEnum(FaxType),
      from: E164,
      to: E164,
      pages: z.int().check(z.gte(1)),
      status: openEnum(FaxStatus),
      createdAt: Timestamp,
    })
    .check(z.meta({ id: 'Fax' })),
);
/**
 * The shape of {@link Fax}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: Fax = Fax.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `Fax` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface Fax extends z.infer<typeof Fax> {}

/**
 * Query of `fax.list`: `type` narrows to one box; absent, all boxes.
 *
 * @example
 * ```ts
 * z.decode(FaxListQuery, { type: 'queue' });
 * ```
 */
export const FaxListQuery = /* @__PURE__ */ pure(() =>
  z.strictObject({ type: z.optional(FaxType), ...offsetPageQuery }),
);
