/**
 * An input checked by its schema, its problems as `VALIDATION_ERROR` details. They are the
 * contract's `validationIssues`, except that an unknown key (`operationID`) is named with the key
 * it most likely meant. The mock's parser of control inputs (in process and over HTTP) and the
 * remote handle's check before it sends both use this, so a misspelt key reads the same
 * wherever it is refused.
 */
import type { ValidationIssue } from '@commflow/contract';
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
  const parsed = parseWithKeyHints(schema, value);
  if (parsed.success) return parsed;
  const issues = parsed.issues.map((issue) => ({
    path: [...location, ...issue.path.map(String)],
    message: issue.message,
  }));
  return { success: false, issues };
}

/**
 * One problem {@link parseWithKeyHints} found: where (array indexes stay numbers), and what.
 *
 * @example
 * ```ts
 * const issue: HintedIssue = { path: ['tenants', 0, 'nmae'], message: 'Unrecognized key; did you mean "name"?' };
 * ```
 */
export interface HintedIssue {
  path: (string | number)[];
  message: string;
}

/**
 * `value` parsed by `schema`: its output, or its zod issues as they are, except that each
 * unknown key is an issue of its own, at the key, naming the closest key the object takes. The
 * ground of {@link checkInput}, for inputs whose errors keep their own paths (a scenario, a
 * snapshot).
 *
 * @example
 * ```ts
 * parseWithKeyHints(z.strictObject({ tenants: z.array(z.unknown()) }), { tenant: [] });
 * // { success: false, issues: [
 * //   { path: ['tenants'], message: 'Invalid input: expected array, received undefined' },
 * //   { path: ['tenant'], message: 'Unrecognized key; did you mean "tenants"?' } ] }
 * ```
 */
export function parseWithKeyHints<T extends z.ZodType>(
  schema: T,
  value: unknown,
): { success: true; data: z.output<T> } | { success: false; issues: HintedIssue[] } {
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
  const issues = parsed.error.issues.flatMap((issue): HintedIssue[] => {
    const path = issue.path.map((part) => (typeof part === 'number' ? part : String(part)));
    if (issue.code !== 'unrecognized_keys') return [{ path, message: issue.message }];
    const known = keysAt.get(pathKey(issue.path)) ?? [];
    return issue.keys.map((key) => ({ path: [...path, key], message: unknownKeyMessage(key, known) }));
  });
  return { success: false, issues };
}

const pathKey = (path: readonly PropertyKey[]): string => JSON.stringify(path.map(String));
