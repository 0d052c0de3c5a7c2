import { BoundedLog } from './history/bounded.js';

/**
 * One request as the mock saw it. It holds no secrets: no headers, no body, only a key hint.
 *
 * @example
 * ```ts
 * mock.journal().filter((entry) => entry.status >= 400);
 * ```
 */
export interface JournalEntry {
  readonly requestId: string;
  readonly at: string;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly operationId: string | null;
  readonly tenantId: string | null;
  readonly userEmail: string | null;
  /** `cf_…abcd`: enough to tell keys apart, never the secret. */
  readonly keyHint: string | null;
  readonly status: number;
  readonly errorCode: string | null;
  readonly replayed: boolean;
}

/** A bounded journal: the newest `capacity` entries, so a long benchmark cannot grow it without end. */
export class Journal extends BoundedLog<JournalEntry> {
  record(entry: JournalEntry): void {
    this.push(entry);
  }
}
