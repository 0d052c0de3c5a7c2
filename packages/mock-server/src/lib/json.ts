/**
 * JSON helpers that never let a client's keys reach an object's prototype.
 *
 * `JSON.parse` itself defines `__proto__` as an own data property (it never calls the setter),
 * so parsing is safe; the danger is in code that copies keys with assignment. These helpers
 * build strings, not objects.
 */

/** Canonical JSON: object keys sorted, no whitespace. Used for idempotency fingerprints. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
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
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `The body is not valid JSON: ${(error as Error).message}` };
  }
}
