import * as z from 'zod';
import { HEADER_BY_CODE, type HeaderCode } from '../headers.js';
import { Email, IdempotencyKey, IdInput, RequestId } from './primitives.js';

/** The value schema of each header code. */
export const HEADER_SCHEMAS = {
  T: IdInput.meta({ description: 'The tenant this request is scoped to.' }),
  U: Email.meta({ description: 'The acting user: a user of the tenant.' }),
  R: RequestId.meta({ description: 'Echoed in the response; generated when absent.' }),
  I: IdempotencyKey.meta({ description: 'Replays the first response for 24 hours instead of acting twice.' }),
} as const satisfies Record<HeaderCode, z.ZodType>;

/**
 * The schema of an operation's headers, keyed by wire name. Unlisted headers pass.
 *
 * @example
 * ```ts
 * headersSchema(['T', 'U', 'R']).safeParse({ 'X-Tenant-Id': tenantId, 'X-User-Email': 'ann@example.com' });
 * ```
 */
export function headersSchema(codes: readonly HeaderCode[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const code of codes) {
    const required = code === 'T' || code === 'U';
    shape[HEADER_BY_CODE[code]] = required ? HEADER_SCHEMAS[code] : HEADER_SCHEMAS[code].optional();
  }
  return z.object(shape);
}
