import type * as z from 'zod/mini';
import english from 'zod/v4/locales/en.js';

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
