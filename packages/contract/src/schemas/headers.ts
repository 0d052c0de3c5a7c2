import * as z from 'zod/mini';
import { pure } from './pure.js';
import { HEADER_BY_CODE, type HeaderCode } from '../headers.js';
import { Email, IdempotencyKey, IdInput } from './primitives.js';

/**
 * The value schema of each header code.
 *
 * @example
 * ```ts
 * HEADER_SCHEMAS.U.safeParse('ann.lee@acme.test').success; // true
 * ```
 */
export const HEADER_SCHEMAS = /* @__PURE__ */ pure(
  () =>
    ({
      T: IdInput.check(z.meta({ description: 'The tenant this request is scoped to.' })),
      U: Email.check(z.meta({ description: 'The acting user: a user of the tenant.' })),
      // Any value is accepted: one that is not 1..200 printable ASCII is replaced, never refused.
      R: z.string().check(
        z.meta({
          description:
            'Echoed in the response when it is 1..200 printable ASCII characters; otherwise, or when absent, a new id is generated.',
        }),
      ),
      I: IdempotencyKey.check(
        z.meta({ description: 'Replays the first response for 24 hours instead of acting twice.' }),
      ),
    }) as const satisfies Record<HeaderCode, z.ZodMiniType>,
);

/**
 * The schema of an operation's headers, keyed by wire name. Unlisted headers pass.
 *
 * @example
 * ```ts
 * headersSchema(['T', 'U', 'R']).safeParse({ 'X-Tenant-Id': tenantId, 'X-User-Email': 'ann.lee@acme.test' });
 * ```
 */
export function headersSchema(codes: readonly HeaderCode[]) {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const code of codes) {
    const required = code === 'T' || code === 'U';
    shape[HEADER_BY_CODE[code]] = required ? HEADER_SCHEMAS[code] : z.optional(HEADER_SCHEMAS[code]);
  }
  return z.object(shape);
}
