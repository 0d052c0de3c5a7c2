import * as z from 'zod/mini';
import english from 'zod/v4/locales/en.js';
import type { ValidationIssue } from './errors.js';

/**
 * Parse options that give every validation issue its English message. `zod/mini` carries no
 * messages until a locale is configured, and a global `z.config()` belongs to the app (which may
 * have chosen another language): passed per parse, these win over the global configuration and
 * lose only to a message a schema sets itself.
 *
 * @example
 * ```ts
 * z.safeParse(CreateContactBody, { firstName: 'Ann', phoneMobile: '555' }, ENGLISH_MESSAGES);
 * // issue message: 'Invalid E.164 number'
 * ```
 */
export const ENGLISH_MESSAGES: z.core.ParseContext<z.core.$ZodIssue> = { error: english().localeError };

/**
 * The `details` of a `VALIDATION_ERROR` from zod issues: each path starts with where the value
 * was (`header`, `path`, `query`, `body`, or an SDK option), and an unknown key gets an issue of
 * its own whose path names it.
 *
 * @example
 * ```ts
 * const parsed = z.safeParse(CreateContactBody, { firstName: 'Ann', extra: 1 }, ENGLISH_MESSAGES);
 * if (!parsed.success) validationIssues('body', parsed.error.issues);
 * // [{ path: ['body', 'extra'], message: 'Unrecognized key' }]
 * ```
 */
export function validationIssues(location: string, issues: readonly z.core.$ZodIssue[]): ValidationIssue[] {
  return issues.flatMap((issue) => {
    const path = [location, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...path, key], message: 'Unrecognized key' }));
    }
    return [{ path, message: issue.message }];
  });
}
