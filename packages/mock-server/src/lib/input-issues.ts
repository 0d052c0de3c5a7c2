/**
 * An input checked by its schema, its problems as `VALIDATION_ERROR` details. They are the
 * contract's `validationIssues`, except that an unknown key (`operationID`) is named with the key
 * it most likely meant. The mock's parser of control inputs (in process and over HTTP) and the
 * remote handle's check before it sends both use this, so a misspelt key reads the same
 * wherever it is refused.
 */
import { validationIssues, type ValidationIssue } from '@commflow/contract';
import * as z from 'zod';
import { unknownKeyMessage } from './closest-names.js';

/**
 * What {@link checkInput} found: the parsed value, or every issue.
 *
 * @example
 * ```ts
 * const checked: CheckedInput<{ ms: number }> = { success: true, data: { ms: 1000 } };
 * ```
 */
export type CheckedInput<T> = { success: true; data: T } | { success: false; issues: ValidationIssue[] };

/**
 * `value` checked by `schema`: its output, or its issues with paths under `location` (`['body']`
 * over HTTP, the parameter's name in process), each unknown key an issue of its own that names
 * the closest key the object takes.
 *
 * @example
 * ```ts
 * checkInput(z.strictObject({ operationId: z.string() }), { operationID: 'x' }, ['body']);
 * // { success: false, issues: [
 * //   { path: ['body', 'operationId'], message: 'Invalid input: expected string, received undefined' },
 * //   { path: ['body', 'operationID'], message: 'Unrecognized key; did you mean "operationId"?' } ] }
 * ```
 */
export function checkInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  location: readonly string[],
): CheckedInput<z.output<T>> {
  // The object that refused a key knows the keys it takes; the issue it leaves does not carry them.
  const keysAt = new Map<string, readonly string[]>();
  const parsed = schema.safeParse(value, {
    error: (issue) => {
      if (issue.code === 'unrecognized_keys' && issue.inst instanceof z.core.$ZodObject) {
        keysAt.set(pathKey(issue.path ?? []), Object.keys(issue.inst._zod.def.shape));
      }
      return undefined;
    },
  });
  if (parsed.success) return { success: true, data: parsed.data };
  const issues = parsed.error.issues.flatMap((issue): ValidationIssue[] => {
    if (issue.code !== 'unrecognized_keys') return validationIssues(location, [issue]);
    const at = [...location, ...issue.path.map(String)];
    const known = keysAt.get(pathKey(issue.path)) ?? [];
    return issue.keys.map((key) => ({ path: [...at, key], message: unknownKeyMessage(key, known) }));
  });
  return { success: false, issues };
}

const pathKey = (path: readonly PropertyKey[]): string => JSON.stringify(path.map(String));
