import type { UserRecord } from '../../state/records.js';

/** The acting user of a user-scoped operation; the pipeline guarantees one. */
export function actingUser(input: { user: UserRecord | undefined }): UserRecord {
  // Stryker disable next-line ConditionalExpression,StringLiteral,CallExpression: the pipeline's user step sets the user of every user-scoped operation or refuses the request; the guard only narrows the type
  if (input.user === undefined) throw new Error('user-scoped operation reached without an acting user');
  return input.user;
}

/** Whether two emails name the same user (emails compare case-insensitively). */
export const sameEmail = (a: string | null | undefined, b: string): boolean => a?.toLowerCase() === b.toLowerCase();
