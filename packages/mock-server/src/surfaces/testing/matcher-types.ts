/**
 * The types of the mock's matchers: what a match may hold, what the matchers read from a mock
 * (in process or remote), and their signatures for a framework's `Matchers` interface.
 */
import type { EventOf, EventType, OperationId, WebhookEvent } from '@commflow/contract';
import type {
  RequestBodyOf,
  RequestFilter,
  RequestParamsOf,
  RequestQueryOf,
  TypedJournalEntry,
} from '../../state/journal-operations.js';
import type { DeliveryFilter, WebhookDelivery } from '../../state/webhooks/delivery-types.js';

/**
 * An asymmetric matcher, as `expect.any(String)` and `expect.objectContaining({…})` build one.
 *
 * @example
 * ```ts
 * const matcher: AsymmetricMatcherLike = expect.stringContaining('table');
 * ```
 */
export interface AsymmetricMatcherLike {
  asymmetricMatch(other: unknown): boolean;
}

/**
 * `T` with every field optional, recursively, and an asymmetric matcher allowed anywhere.
 *
 * @example
 * ```ts
 * const body: Matchable<{ firstName: string; tags: string[] }> = { firstName: expect.any(String) };
 * ```
 */
export type Matchable<T> =
  | AsymmetricMatcherLike
  | (T extends readonly (infer Item)[]
      ? readonly Matchable<Item>[]
      : T extends object
        ? { readonly [K in keyof T]?: Matchable<T[K]> }
        : T);

/**
 * An eventual check: `within` milliseconds (real time) for the assertion to hold, polled; under
 * `.not`, the assertion must stay false for the whole window. The assertion is then a promise:
 * `await` it.
 *
 * @example
 * ```ts
 * await expect(mock).toHaveReceived('sms.send', { within: 2000 });
 * ```
 */
export interface Eventually {
  readonly within?: number;
}

/**
 * What a request must match for `toHaveReceived`: each field given, like `toMatchObject`.
 * `query`, `params` and `body` are typed by the operation; `within` makes the check eventual.
 *
 * @example
 * ```ts
 * const match: RequestMatch<'sms.send'> = { tenantId, body: { body: expect.stringContaining('table') } };
 * ```
 */
export interface RequestMatch<Id extends OperationId> extends Eventually {
  /** The tenant; `null` for a request refused before its tenant was known. */
  readonly tenantId?: Matchable<string | null>;
  /** The acting user's email; `null` for a request without one. */
  readonly userEmail?: Matchable<string | null>;
  /** The acting user's id; `null` for a request without one. */
  readonly userId?: Matchable<string | null>;
  /** The status the mock answered. */
  readonly status?: Matchable<number>;
  /** The error code the mock answered with; `null` for a success. */
  readonly errorCode?: Matchable<string | null>;
  /** The query as the mock decoded it (numbers, not strings). */
  readonly query?: Matchable<RequestQueryOf<Id>>;
  readonly params?: Matchable<RequestParamsOf<Id>>;
  /** The body as sent. */
  readonly body?: Matchable<RequestBodyOf<Id>>;
}

/**
 * What an event must match for `toHaveEmitted`; `data` is typed by the event type.
 *
 * @example
 * ```ts
 * const match: EventMatch<'sms.sent'> = { data: { message: { body: 'Hello' } } };
 * ```
 */
export interface EventMatch<Type extends EventType> extends Eventually {
  readonly tenantId?: Matchable<string>;
  readonly data?: Matchable<EventOf<Type>['data']>;
}

/**
 * What a delivery must match for `toHaveDelivered`: its subscription, tenant and the delivered
 * event's data.
 *
 * @example
 * ```ts
 * const match: DeliveryMatch<'sms.sent'> = { subscriptionId: id };
 * ```
 */
export interface DeliveryMatch<Type extends EventType> extends EventMatch<Type> {
  readonly subscriptionId?: Matchable<string>;
}

/**
 * The part of `vitest`'s, `jest`'s and Playwright's matcher context the matchers use (Playwright's
 * has no `equals`: the matchers then compare with their own, asymmetric matchers included).
 *
 * @example
 * ```ts
 * function check(this: MatcherContextLike, received: unknown) { return this.isNot; }
 * ```
 */
export interface MatcherContextLike {
  readonly isNot?: boolean;
  readonly customTesters?: readonly unknown[];
  // A method, so that each framework's own tester type fits: it gets back the testers it gave.
  equals?(a: unknown, b: unknown, customTesters?: readonly unknown[], strictCheck?: boolean): boolean;
  readonly utils: {
    diff(a: unknown, b: unknown, options?: Record<string, unknown>): string | null | undefined;
    printExpected(value: unknown): string;
    printReceived(value: unknown): string;
    matcherHint(name: string, received?: string, expected?: string, options?: Record<string, unknown>): string;
  };
}

/**
 * What a matcher returns: `pass` and the message for a failure (or, under `.not`, a pass).
 *
 * @example
 * ```ts
 * const result: MatcherResult = { pass: true, message: () => '' };
 * ```
 */
export interface MatcherResult {
  pass: boolean;
  message: () => string;
}

/**
 * A value now (in process) or later (over HTTP).
 *
 * @example
 * ```ts
 * const result: MaybePromise<MatcherResult> = matchers.toHaveReceived.call(context, mock, 'sms.send');
 * ```
 */
export type MaybePromise<T> = T | Promise<T>;

/**
 * A list, now (in process) or later (over HTTP).
 *
 * @example
 * ```ts
 * const entries: Listed<TypedJournalEntry> = mock.requests();
 * ```
 */
export type Listed<T> = MaybePromise<readonly T[]>;

/**
 * What the matchers read from a mock: the in-process `CommFlowMock` answers at once, the remote
 * handle of `@commflow/mock-server/remote` with promises.
 *
 * @example
 * ```ts
 * const source: MatchSource = createMock();
 * ```
 */
export interface MatchSource {
  requests(filter?: RequestFilter): Listed<TypedJournalEntry>;
  events(filter?: { tenantId?: string; type?: string }): Listed<WebhookEvent>;
  deliveries(filter?: DeliveryFilter): Listed<WebhookDelivery>;
}

/**
 * What marks a mock in another process: every assertion on it is a promise (`await expect(remote)…`).
 *
 * @example
 * ```ts
 * const remote: RemoteMatchSource = await connectMock('http://127.0.0.1:4010');
 * ```
 */
export interface RemoteMatchSource {
  readonly remote: true;
}

/**
 * What an assertion on `T` returns: a promise for a remote mock, else the framework's `R`.
 *
 * @example
 * ```ts
 * const later: AssertionOn<void, RemoteMock> = expect(remote).toHaveReceived('sms.send');
 * ```
 */
export type AssertionOn<R, T> = T extends RemoteMatchSource ? Promise<void> : R;

/**
 * A match with `within`: the assertion is a promise.
 *
 * @example
 * ```ts
 * const window: Within = { within: 2000 };
 * ```
 */
export interface Within {
  readonly within: number;
}

/**
 * The matchers' types, for a framework's `Matchers` interface: `R` is what an assertion returns,
 * `T` the received value. An assertion on a remote mock, or with `within`, is a promise.
 *
 * @example
 * ```ts
 * declare module 'expect' {
 *   interface Matchers<R extends void | Promise<void>, T = unknown> extends CommFlowMatchers<R, T> {}
 * }
 * ```
 */
export interface CommFlowMatchers<R = unknown, T = unknown> {
  /**
   * Every override (of `filter.tenantId`, when given) answered at least one request: opt in to
   * fail a test that set up a fault or stub it never exercised. A failure lists the unused ones.
   *
   * @example
   * ```ts
   * afterEach(() => expect(mock).toHaveUsedEveryOverride());
   * await expect(remote).toHaveUsedEveryOverride({ tenantId });
   * ```
   */
  toHaveUsedEveryOverride(filter?: { tenantId?: string }): AssertionOn<R, T>;
  /**
   * The mock received a request of `operationId` matching `match` (like `toMatchObject`; typed
   * by the operation). A failure prints the closest requests of it, with a diff.
   *
   * @example
   * ```ts
   * expect(mock).toHaveReceived('sms.send', { body: { body: expect.stringContaining('table') } });
   * await expect(mock).toHaveReceived('sms.send', { within: 2000 });
   * ```
   */
  toHaveReceived<Id extends OperationId>(operationId: Id, match: RequestMatch<Id> & Within): Promise<void>;
  toHaveReceived<Id extends OperationId>(operationId: Id, match?: RequestMatch<Id>): AssertionOn<R, T>;
  /**
   * Exactly `times` requests of `operationId` match `match`.
   *
   * @example
   * ```ts
   * expect(mock).toHaveReceivedTimes('contacts.create', 1, { body: { firstName: 'Ada' } });
   * ```
   */
  toHaveReceivedTimes<Id extends OperationId>(
    operationId: Id,
    times: number,
    match: RequestMatch<Id> & Within,
  ): Promise<void>;
  toHaveReceivedTimes<Id extends OperationId>(
    operationId: Id,
    times: number,
    match?: RequestMatch<Id>,
  ): AssertionOn<R, T>;
  /**
   * The mock recorded an event of `eventType` matching `match`.
   *
   * @example
   * ```ts
   * expect(mock).toHaveEmitted('contact.changed', { data: { change: 'created' } });
   * ```
   */
  toHaveEmitted<Type extends EventType>(eventType: Type, match: EventMatch<Type> & Within): Promise<void>;
  toHaveEmitted<Type extends EventType>(eventType: Type, match?: EventMatch<Type>): AssertionOn<R, T>;
  /**
   * A signed webhook delivery of an `eventType` event succeeded, matching `match`. Deliveries run
   * after the request: `await mock.idle()` first, or give `within`.
   *
   * @example
   * ```ts
   * await expect(mock).toHaveDelivered('sms.sent', { subscriptionId: id, within: 5000 });
   * ```
   */
  toHaveDelivered<Type extends EventType>(eventType: Type, match: DeliveryMatch<Type> & Within): Promise<void>;
  toHaveDelivered<Type extends EventType>(eventType: Type, match?: DeliveryMatch<Type>): AssertionOn<R, T>;
}
