/**
 * The protocol every store of the world follows (issue 25). A store saves its content to plain
 * data and loads it back through the same two methods, typed by its one schema (beside the
 * store). A restore loads the snapshot's data into fresh stores aside, then each live store
 * adopts its fresh one's content whole: a failure while loading leaves the world untouched, and
 * the machinery that holds a store (the webhook dispatcher, listeners on the event log) keeps
 * holding the same object.
 */

/**
 * A store of the world.
 *
 * @typeParam Data - its content as plain JSON data (its schema's output).
 * @typeParam Context - what its `load` needs beside the data (other stores it refers to).
 * @typeParam Self - the store's own class: `fresh` makes one, `adopt` takes one.
 */
export interface Store<Data, Context, Self> {
  /** The store's content as plain JSON data, a copy. */
  save(): Data;
  /**
   * Puts `data` (checked by the store's schema) in place of the content. Called on a fresh
   * store; throws {@link StoreDataError} when the data refers to something that is not there.
   */
  load(data: Data, context: Context): void;
  /** A new, empty store configured as this one (caps, clocks), for a restore to load aside. */
  fresh(): Self;
  /** Takes `other`'s content in place of its own, keeping its own listeners; cannot fail. */
  adopt(other: Self): void;
}

/** One problem of a store's data: where, from the top of the store's data, and what. */
export interface StoreDataIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Data a store cannot load: it refers to something that is not there (a call of no tenant, a
 * subscription of an unknown tenant). A restore names each issue under the store's place.
 *
 * @example
 * ```ts
 * throw new StoreDataError([{ path: ['active', 0], message: 'no call "…" in tenant "…"' }]);
 * ```
 */
export class StoreDataError extends Error {
  readonly issues: readonly StoreDataIssue[];

  constructor(issues: readonly StoreDataIssue[]) {
    // Stryker disable next-line all: every StoreDataError is caught and renamed (a restore's SnapshotError names the issues); the message only helps when one escapes by a bug
    super(issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    // Stryker disable next-line StringLiteral: as above
    this.name = 'StoreDataError';
    this.issues = issues;
  }
}

/** Throws the issues, if any, as one {@link StoreDataError}. */
export function throwIssues(issues: readonly StoreDataIssue[]): void {
  if (issues.length > 0) throw new StoreDataError(issues);
}
