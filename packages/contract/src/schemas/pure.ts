/**
 * Runs `build` and returns what it builds. Written `/* @__PURE__ *\/ pure(() => …)` around a
 * schema definition, it lets a bundler drop the schema when nothing uses it. A bundler treats the
 * `.check()` and `z.meta()` calls of a definition as side effects and keeps them, so without this
 * every schema of a module ends up in every bundle that imports any one of them: the SDK's
 * bundle used to carry all the response schemas, which it never parses.
 *
 * @example
 * ```ts
 * // With the pure annotation comment before the call, as every contract schema has it:
 * export const Tag = pure(() => z.string().check(z.meta({ id: 'Tag' })));
 * ```
 */
export function pure<T>(build: () => T): T {
  return build();
}
