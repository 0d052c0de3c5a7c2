import type { UserRecord } from '../../state/records.js';

/** The acting user of a user-scoped operation; the pipeline guarantees one. */
export function actingUser(input: { user: UserRecord | undefined }): UserRecord {
  if (input.user === undefined) throw new Error('user-scoped operation reached without an acting user');
  return input.user;
}

/** Whether two emails name the same user (emails compare case-insensitively). */
export const sameEmail = (a: string | null | undefined, b: string): boolean => a?.toLowerCase() === b.toLowerCase();
