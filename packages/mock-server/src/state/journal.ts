import { BoundedLog } from '../history/bounded.js';

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
  /** The status answered; 499 when the client went away before its answer (never a 500). */
  readonly status: number;
  readonly errorCode: string | null;
  readonly replayed: boolean;
}

/** A bounded journal: the newest `capacity` entries, so a long benchmark cannot grow it without end. */
export class Journal extends BoundedLog<JournalEntry> {
  readonly #listeners = new Set<(entry: JournalEntry) => void>();

  record(entry: JournalEntry): void {
    this.push(entry);
    // The console's live view listens; with no listener the request path pays one size check.
    if (this.#listeners.size > 0) for (const listener of this.#listeners) listener(entry);
  }

  /** Calls `listener` with each entry as it is recorded; returns the unsubscribe function. */
  subscribe(listener: (entry: JournalEntry) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }
}
