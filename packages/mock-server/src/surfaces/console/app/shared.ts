import type { Catalogue, JournalEntry, Tenant } from './types.js';

/** Everything the page shares: world data every view reads, and the live journal. */
export interface Shared {
  tenants: Tenant[];
  catalogue: Catalogue | undefined;
  /** Call after an action that changes the world's shape (reset, new scenario). */
  reloadWorld: () => void;
  journal: JournalEntry[];
  journalLive: boolean;
  clearJournal: () => void;
}
