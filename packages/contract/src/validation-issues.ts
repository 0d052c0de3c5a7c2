import type * as z from 'zod/mini';
import type { ValidationIssue } from './errors.js';

// Apart from ENGLISH_MESSAGES (validation.ts), so that a bundle can turn issues into details
// without carrying the zod locale.

/**
 * The `details` of a `VALIDATION_ERROR` from zod issues: each path starts with where the value
 * was (`header`, `path`, `query`, `body`, or an SDK option such as `['options', 'tenantId']`), and an unknown key gets an issue of
 * its own whose path names it.
 *
 * @example
 * ```ts
 * const parsed = z.safeParse(CreateContactBody, { firstName: 'Ann', extra: 1 }, ENGLISH_MESSAGES);
 * if (!parsed.success) validationIssues('body', parsed.error.issues);
 * // [{ path: ['body', 'extra'], message: 'Unrecognized key' }]
 * ```
 */
export function validationIssues(
  location: string | readonly string[],
  issues: readonly z.core.$ZodIssue[],
): ValidationIssue[] {
  const where = typeof location === 'string' ? [location] : location;
  return issues.flatMap((issue) => {
    const path = [...where, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...path, key], message: 'Unrecognized key' }));
    }
    return [{ path, message: issue.message }];
  });
}
