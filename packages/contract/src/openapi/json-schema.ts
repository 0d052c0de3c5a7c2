import * as z from 'zod/mini';

/** A JSON Schema (OpenAPI 3.1 dialect), as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** Where `$ref`s to shared schemas point. */
export const DEFS = '#/components/schemas/';

/** A `$ref` to the shared schema `name`. */
export const ref = (name: string): JsonSchema => ({ $ref: `${DEFS}${name}` });

/**
 * Converts a zod schema to OpenAPI 3.1 JSON Schema, moving every `.meta({ id })` schema into
 * `components` (the `components.schemas` being built) and referencing it. `unrepresentable`:
 * what a type JSON Schema cannot say becomes (default: an error).
 */
export function toSchema(
  schema: z.core.$ZodType,
  io: 'input' | 'output',
  components: Record<string, unknown>,
  unrepresentable: 'throw' | 'any' = 'throw',
): JsonSchema {
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable,
  });
  for (const [id, def] of Object.entries($defs ?? {})) components[id] = forTools(def);
  return objectForTools(rest);
}

/** Whether `value` is a JSON object (or array), whose members can be read by name. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The `format` and `pattern` zod writes for a format check, as `format pattern`. */
const formatPattern = (json: { format?: unknown; pattern?: unknown }) =>
  `${String(json.format)} ${String(json.pattern)}`;

/**
 * The patterns that only repeat their `format`: zod writes one beside every format check, and a
 * fuzzer that honours both stalls generating strings for the pattern. Runtime validation is the
 * zod schema's, which still checks the format. Narrower patterns (a v4 UUID, a timestamp with
 * milliseconds in UTC, the addresses the service takes) say more than the format and stay.
 */
const FORMAT_ONLY_PATTERNS: ReadonlySet<string> = new Set(
  [z.guid(), z.iso.datetime({ offset: true }), z.iso.datetime(), z.iso.date()].map((schema) =>
    formatPattern(z.toJSONSchema(schema)),
  ),
);

/**
 * `pattern` with `[0-9]` for `\d` (`0-9` inside a class). ECMAScript's `\d` is ASCII, Python's is
 * any Unicode digit: tools written in Python would send digits the service refuses.
 */
export function asciiDigits(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? '';
    if (char === '\\') {
      const next = pattern[i + 1] ?? '';
      i++;
      if (next === 'd') out += inClass ? '0-9' : '[0-9]';
      else if (next === 'D' && !inClass) out += '[^0-9]';
      else if (next === 'D') throw new Error(`Cannot rewrite \\D inside a class: ${pattern}`);
      else out += `\\${next}`;
      continue;
    }
    if (char === '[' && !inClass) inClass = true;
    else if (char === ']' && inClass) inClass = false;
    out += char;
  }
  return out;
}

/**
 * A schema as fuzzers and Python tools read it best: no format-only patterns, ASCII digit classes,
 * and zod's local `#/$defs/X` references pointing into `components.schemas`, where OpenAPI keeps them.
 */
function forTools(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forTools);
  return isJsonObject(schema) ? objectForTools(schema) : schema;
}

function objectForTools(schema: Record<string, unknown>): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = forTools(value);
  if (typeof out.$ref === 'string') out.$ref = out.$ref.replace(/^#\/\$defs\//, DEFS);
  if (typeof out.pattern === 'string') {
    if (FORMAT_ONLY_PATTERNS.has(formatPattern(out))) delete out.pattern;
    else out.pattern = asciiDigits(out.pattern);
  }
  return out;
}

/** `schema` without its `description`, for places where OpenAPI carries it one level up. */
export function withoutDescription({ description: _description, ...schema }: JsonSchema): JsonSchema {
  return schema;
}
