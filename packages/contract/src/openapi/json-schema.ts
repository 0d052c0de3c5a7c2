import * as z from 'zod/mini';

/** A JSON Schema (OpenAPI 3.1 dialect), as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/** Where `$ref`s to shared schemas point. */
export const DEFS = '#/components/schemas/';

/** A `$ref` to the shared schema `name`. */
export const ref = (name: string): JsonSchema => ({ $ref: `${DEFS}${name}` });

/**
 * Converts a zod schema to OpenAPI 3.1 JSON Schema, moving every `.meta({ id })` schema into
 * `components` (the `components.schemas` being built) and referencing it.
 */
export function toSchema(
  schema: z.ZodMiniType,
  io: 'input' | 'output',
  components: Record<string, unknown>,
): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'throw',
  }) as JsonSchema & { $defs?: Record<string, unknown> };
  // zod names local definitions `#/$defs/X`; OpenAPI keeps them in `components.schemas`.
  const relinked = JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', `"${DEFS}`)) as typeof json;
  const { $schema: _dialect, $defs, ...rest } = relinked;
  for (const [id, def] of Object.entries($defs ?? {})) components[id] = def;
  return rest;
}

/** `schema` without its `description`, for places where OpenAPI carries it one level up. */
export function withoutDescription({ description: _description, ...schema }: JsonSchema): JsonSchema {
  return schema;
}
