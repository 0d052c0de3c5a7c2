import * as z from 'zod/mini';
import { pure } from './pure.js';

/**
 * Any string. Typed `string & {}` so that a union with literals keeps the literals: editors
 * still suggest the known values, where `'a' | string` would collapse to `string`.
 */
const otherValue: z.ZodMiniType<string & {}> = /* @__PURE__ */ pure(() => z.string());

/**
 * An open enum, for a response field whose values the service may extend: the known values,
 * or any other string. A client must handle a value it does not know (show it, or treat it as
 * "other") rather than fail. Request fields stay closed: the service rejects unknown values.
 *
 * The TypeScript type is `'a' | 'b' | (string & {})`; the JSON Schema is
 * `anyOf: [<the known enum>, { type: 'string' }]`.
 *
 * @example
 * ```ts
 * const FaxStatus = openEnum(z.enum(['received', 'queued']));
 * FaxStatus.parse('archived'); // 'archived': a value added later still parses
 * ```
 */
export function openEnum<T extends z.ZodMiniType<string>>(known: T) {
  return z.union([known, otherValue]);
}
