/**
 * Rules between the fields of a control input, as JSON Schema keywords for the schema's
 * `.meta()`: `z.toJSONSchema` writes metadata as it is, so the control document and the scenario
 * schema state the rule beside the fields, where a generator follows it. The zod schema that
 * carries the metadata enforces the same rule with the message it answers.
 *
 * @module
 */

/**
 * Exactly one of `keys` is given (`oneOf` of their `required`).
 *
 * @example
 * ```ts
 * z.strictObject({ a: z.string().optional(), b: z.string().optional() }).meta(exactlyOneOf('a', 'b'));
 * ```
 */
export const exactlyOneOf = (...keys: readonly string[]): { oneOf: { required: string[] }[] } => ({
  oneOf: keys.map((key) => ({ required: [key] })),
});

/**
 * `keys` are not all given together (`not` of their `required`). The `not` names the keys in its
 * own `properties` too, as Redocly's strict rules ask of a `required`; `{}` constrains nothing.
 *
 * @example
 * ```ts
 * z.strictObject({ from: z.string().optional(), tenant: z.object({}).optional() }).meta(notTogether('from', 'tenant'));
 * ```
 */
export const notTogether = (
  ...keys: readonly string[]
): { not: { properties: Record<string, Record<string, never>>; required: string[] } } => ({
  not: { properties: Object.fromEntries(keys.map((key) => [key, {}])), required: [...keys] },
});
