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
 * `a` and `b` are not given together: given `a`, `b` may not be (`dependentSchemas`, where
 * `b: false` refuses any value).
 *
 * @example
 * ```ts
 * z.strictObject({ from: z.string().optional(), tenant: z.object({}).optional() }).meta(notTogether('from', 'tenant'));
 * ```
 */
export const notTogether = (
  a: string,
  b: string,
): { dependentSchemas: Record<string, { properties: Record<string, false> }> } => ({
  dependentSchemas: { [a]: { properties: { [b]: false } } },
});
