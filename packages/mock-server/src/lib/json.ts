/**
 * JSON helpers that never let a client's keys reach an object's prototype.
 *
 * `JSON.parse` itself defines `__proto__` as an own data property (it never calls the setter),
 * so parsing is safe; the danger is in code that copies keys with assignment. These helpers
 * build strings, not objects.
 */
import { errorMessage } from './errors.js';

/** Canonical JSON: object keys sorted, no whitespace. Used for idempotency fingerprints. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value)
    // Keys of one object never tie; `<` orders as `sort()` does, by UTF-16 code units.
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, item]: [string, unknown]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
  return `{${entries.join(',')}}`;
}

/** The outcome of parsing a request body. */
export type ParsedJson = { ok: true; value: unknown } | { ok: false; message: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Decodes UTF-8 strictly and parses JSON; invalid bytes or syntax are a failure, never a throw. */
export function parseJsonBytes(bytes: Uint8Array): ParsedJson {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { ok: false, message: 'The body is not valid UTF-8.' };
  }
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch (error) {
    return { ok: false, message: `The body is not valid JSON: ${errorMessage(error)}` };
  }
}

/**
 * The value of an own property of a value of unknown shape (parsed JSON, a cursor, a caught
 * error), read without a cast: `undefined` when `value` is no object or has no such own property.
 *
 * @example
 * ```ts
 * const code = ownField(ownField(JSON.parse(text), 'error'), 'code'); // unknown: check it before use
 * ```
 */
export function ownField(value: unknown, name: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, name)) return undefined;
  const field: unknown = Reflect.get(value, name);
  return field;
}
