/**
 * The English messages of invalid arguments, loaded only when a call's arguments fail validation:
 * a call with valid arguments never needs them, so the zod locale they come from stays out of what
 * a call loads (see docs/decisions.md, "SDK bundle").
 */
import { ENGLISH_MESSAGES } from '@commflow/contract/requests';
import type * as z from 'zod/mini';

/**
 * The English message of an issue, as the mock server writes it.
 *
 * @internal
 */
export function englishMessage(issue: z.core.$ZodIssue): string {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- every issue was made with `reportInput` (DEFER_MESSAGES), so it holds its input: it is the raw issue the error map reads, which zod types kind by kind
  const described = ENGLISH_MESSAGES.error?.(issue as z.core.$ZodRawIssue);
  return (typeof described === 'string' ? described : described?.message) ?? 'Invalid input';
}
