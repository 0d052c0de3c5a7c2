import { keysOf, tableOf } from '../lib/tables.js';

/**
 * The caps of everything in a mock that grows with traffic rather than with the data a client
 * created: one table, read by `createMock`'s options, the CLI's flags and its help text.
 *
 * Live state (contacts, messages, conversations, users, CDRs, subscriptions…) is never capped:
 * a client created it and may read it back. Only history is, and always oldest first. The
 * journal, the event log and the deliveries are capped per tenant, so that one tenant's traffic
 * never evicts another's; requests that belong to no tenant share one more journal bucket of
 * `journalLimit`. Their memory is bounded by cap × (live tenants + 1); a deleted tenant's history
 * is freed.
 *
 * @example
 * ```ts
 * HISTORY_LIMITS.eventLimit.defaultValue; // 1000
 * ```
 */
export const HISTORY_LIMITS = {
  journalLimit: {
    flag: 'journal-limit',
    defaultValue: 1_000,
    min: 0,
    holds: 'requests in the journal per tenant (and as many that belong to no tenant)',
  },
  journalBodyLimit: {
    flag: 'journal-body-limit',
    defaultValue: 65_536,
    min: 0,
    holds: 'bytes of each body a journal entry keeps (the rest is cut, and marked)',
  },
  eventLimit: { flag: 'event-limit', defaultValue: 1_000, min: 0, holds: 'events in the event log per tenant' },
  deliveryLimit: {
    flag: 'delivery-limit',
    defaultValue: 1_000,
    min: 0,
    holds: 'webhook deliveries per tenant (finished ones are evicted; pending ones stay)',
  },
  callLimit: { flag: 'call-limit', defaultValue: 10_000, min: 0, holds: 'calls (ended ones are evicted)' },
  carrierMessageLimit: {
    flag: 'carrier-message-limit',
    defaultValue: 10_000,
    min: 0,
    holds: 'messages the recording carrier keeps',
  },
  idempotencyLimit: {
    flag: 'idempotency-limit',
    defaultValue: 100_000,
    min: 1,
    holds: 'idempotency keys (each also expires 24 h after its request)',
  },
} as const satisfies Record<keyof HistoryLimits, { flag: string; defaultValue: number; min: number; holds: string }>;

/**
 * The name of one history cap, as a `createMock` option.
 *
 * @example
 * ```ts
 * const name: HistoryLimitName = 'deliveryLimit';
 * ```
 */
export type HistoryLimitName = keyof typeof HISTORY_LIMITS;

/**
 * The history caps a mock accepts; each is optional and falls back to its default in
 * {@link HISTORY_LIMITS}.
 *
 * @example
 * ```ts
 * const mock = createMock('demo', { eventLimit: 500, deliveryLimit: 500 });
 * ```
 */
export interface HistoryLimits {
  /**
   * Requests the journal keeps per tenant; requests that belong to no tenant (a 401 naming no
   * tenant, an unknown route) have one more bucket of this size. Default 1 000.
   */
  journalLimit?: number;
  /**
   * Bytes of each request and response body a journal entry keeps; a longer body is cut there
   * and marked `bodyTruncated`. Default 65 536 (64 KiB).
   */
  journalBodyLimit?: number;
  /** Events the event log keeps per tenant. Default 1 000. */
  eventLimit?: number;
  /** Webhook deliveries kept per tenant; the oldest finished ones go first, pending ones stay. Default 1 000. */
  deliveryLimit?: number;
  /** Calls kept; the oldest ended ones go first, their CDRs stay. Default 10 000. */
  callLimit?: number;
  /** Messages the recording carrier keeps. Default 10 000. */
  carrierMessageLimit?: number;
  /** Idempotency keys kept, at least 1; each also expires 24 h after its request. Default 100 000. */
  idempotencyLimit?: number;
}

/** Every cap decided: the given ones checked, the others at their defaults. */
export function resolveHistoryLimits(options: HistoryLimits): Required<HistoryLimits> {
  return tableOf(keysOf(HISTORY_LIMITS), (name) => {
    const rule = HISTORY_LIMITS[name];
    const value = options[name] ?? rule.defaultValue;
    if (!Number.isSafeInteger(value) || value < rule.min) {
      throw new RangeError(`${name} must be an integer >= ${rule.min} (got ${String(value)})`);
    }
    return value;
  });
}
