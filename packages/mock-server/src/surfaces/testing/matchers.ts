/**
 * Test matchers over a mock's journal, events and webhook deliveries, for any `expect` that
 * takes `expect.extend` (vitest, jest). They use only the matcher context (`this.equals`,
 * `this.utils`, `this.isNot`), never a test framework's module.
 *
 * A `match` is compared like `toMatchObject`: the fields it gives must match, recursively; the
 * others are ignored; asymmetric matchers (`expect.any(String)`, `expect.stringContaining`)
 * work anywhere in it.
 */
import type { EventOf, EventType, OperationId, WebhookEvent } from '@commflow/contract';
import type { CommFlowMock } from '../../facade/commflow-mock.js';
import type {
  RequestBodyOf,
  RequestFilter,
  RequestParamsOf,
  RequestQueryOf,
  TypedJournalEntry,
} from '../../state/journal-operations.js';
import type { WebhookDelivery } from '../../state/webhooks/deliveries.js';

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
 * What a request must match for {@link matchers.toHaveReceived}: each field given, like
 * `toMatchObject`. `query`, `params` and `body` are typed by the operation.
 *
 * @example
 * ```ts
 * const match: RequestMatch<'sms.send'> = { tenantId, body: { body: expect.stringContaining('table') } };
 * ```
 */
export interface RequestMatch<Id extends OperationId> {
  /** The tenant; `null` for a request refused before its tenant was known. */
  readonly tenantId?: Matchable<string | null>;
  /** The acting user's email; `null` for a request without one. */
  readonly userEmail?: Matchable<string | null>;
  /** The acting user's id; `null` for a request without one. */
  readonly userId?: Matchable<string | null>;
  /** The status the mock answered. */
  readonly status?: Matchable<number>;
  /** The query as the mock decoded it (numbers, not strings). */
  readonly query?: Matchable<RequestQueryOf<Id>>;
  readonly params?: Matchable<RequestParamsOf<Id>>;
  /** The body as sent. */
  readonly body?: Matchable<RequestBodyOf<Id>>;
}

/**
 * What an event must match for {@link matchers.toHaveEmitted}; `data` is typed by the event type.
 *
 * @example
 * ```ts
 * const match: EventMatch<'sms.sent'> = { data: { message: { body: 'Hello' } } };
 * ```
 */
export interface EventMatch<Type extends EventType> {
  readonly tenantId?: Matchable<string>;
  readonly data?: Matchable<EventOf<Type>['data']>;
}

/**
 * What a delivery must match for {@link matchers.toHaveDelivered}: its subscription, tenant and
 * the delivered event's data.
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
 * The part of `vitest`'s and `jest`'s matcher context the matchers use.
 *
 * @example
 * ```ts
 * function check(this: MatcherContextLike, received: unknown) { return this.isNot; }
 * ```
 */
export interface MatcherContextLike {
  readonly isNot?: boolean;
  readonly customTesters?: readonly unknown[];
  equals(a: unknown, b: unknown, customTesters?: never[], strictCheck?: boolean): boolean;
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

/** How many near misses a failure prints. */
const CLOSEST_SHOWN = 3;

function isAsymmetric(value: unknown): value is AsymmetricMatcherLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AsymmetricMatcherLike).asymmetricMatch === 'function'
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * How many leaves of `expected` `actual` misses: 0 is a match. Plain objects are compared key by
 * key (extra keys in `actual` are fine), arrays item by item (same length), everything else
 * (asymmetric matchers included) with the context's `equals`.
 */
function misses(context: MatcherContextLike, actual: unknown, expected: unknown): number {
  if (isPlainObject(expected) && !isAsymmetric(expected)) {
    if (!isPlainObject(actual)) return Math.max(1, Object.keys(expected).length);
    let count = 0;
    for (const [key, value] of Object.entries(expected)) count += misses(context, actual[key], value);
    return count;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return Math.max(1, expected.length);
    let count = actual.length === expected.length ? 0 : 1;
    expected.forEach((value, index) => {
      count += misses(context, actual[index], value);
    });
    return count;
  }
  return context.equals(actual, expected, [...(context.customTesters ?? [])] as never[]) ? 0 : 1;
}

/** The fields of `actual` that `expected` names, for a diff that shows only what was asked. */
function projection(actual: unknown, expected: unknown): unknown {
  if (!isPlainObject(expected) || isAsymmetric(expected) || !isPlainObject(actual)) return actual;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(expected)) {
    if (key in actual) out[key] = projection(actual[key], expected[key]);
  }
  return out;
}

function mockOf(received: unknown, matcher: string): CommFlowMock {
  const candidate = received as Partial<CommFlowMock> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.requests !== 'function' ||
    typeof candidate.events !== 'function'
  ) {
    throw new TypeError(`${matcher}: the received value must be a CommFlowMock (expect(mock).${matcher}(…))`);
  }
  return candidate as CommFlowMock;
}

/** What a request is compared on: the match's fields, read from the entry. */
function requestFacts(entry: TypedJournalEntry): Record<string, unknown> {
  return {
    tenantId: entry.tenantId,
    userEmail: entry.userEmail,
    userId: entry.userId,
    status: entry.status,
    query: entry.request.query,
    params: entry.request.params,
    body: entry.request.body,
  };
}

function describeRequest(entry: TypedJournalEntry): string {
  return `${entry.method} ${entry.path}${entry.query} → ${entry.status} (${entry.requestId})`;
}

function eventFacts(event: WebhookEvent): Record<string, unknown> {
  return { tenantId: event.tenantId, data: event.data };
}

interface Candidate {
  label: string;
  facts: Record<string, unknown>;
}

/** Candidates sorted closest first: fewest missed leaves, then the newest. */
function closest(context: MatcherContextLike, candidates: readonly Candidate[], match: object): Candidate[] {
  return candidates
    .map((candidate, index) => ({ candidate, index, missed: misses(context, candidate.facts, match) }))
    .sort((a, b) => a.missed - b.missed || b.index - a.index)
    .map(({ candidate }) => candidate);
}

function nearMisses(context: MatcherContextLike, candidates: readonly Candidate[], match: object): string {
  const shown = closest(context, candidates, match).slice(0, CLOSEST_SHOWN);
  const blocks = shown.map((candidate, index) => {
    const diff =
      context.utils.diff(match, projection(candidate.facts, match), {
        aAnnotation: 'Expected',
        bAnnotation: 'Received',
      }) ?? context.utils.printReceived(candidate.facts);
    return `#${index + 1} ${candidate.label}\n${diff}`;
  });
  const more = candidates.length > shown.length ? `\n… and ${candidates.length - shown.length} more` : '';
  return `${blocks.join('\n\n')}${more}`;
}

function plural(count: number, one: string): string {
  return `${count} ${one}${count === 1 ? '' : 's'}`;
}

/** Which operations the mock received, with counts: what a failure says when none was of the one asked. */
function operationsCalled(mock: CommFlowMock): string {
  const counts = new Map<string, number>();
  for (const entry of mock.requests()) {
    const name = entry.operationId ?? `${entry.method} ${entry.path} (no operation)`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  if (counts.size === 0) return 'The mock received no requests.';
  const list = [...counts].map(([name, count]) => `  ${name} ×${count}`).join('\n');
  return `The mock received:\n${list}`;
}

function matchText(context: MatcherContextLike, match: object | undefined): string {
  return match === undefined ? '' : ` matching\n  ${context.utils.printExpected(match)}\n`;
}

/** The shared body of the request matchers: `times` undefined means "at least one". */
function receivedResult(
  context: MatcherContextLike,
  name: string,
  received: unknown,
  operationId: string,
  match: object | undefined,
  times: number | undefined,
): MatcherResult {
  const mock = mockOf(received, name);
  // The untyped overload: the operation is only known at run time here.
  const filter: RequestFilter = { operationId: operationId as OperationId };
  const all = mock.requests(filter);
  const matching = match === undefined ? all : all.filter((entry) => misses(context, requestFacts(entry), match) === 0);
  const pass = times === undefined ? matching.length > 0 : matching.length === times;
  const hint = context.utils.matcherHint(
    name,
    'mock',
    times === undefined ? 'operationId, match' : 'operationId, times, match',
    { isNot: context.isNot },
  );
  const wanted = times === undefined ? 'a request' : plural(times, 'request');
  const message = (): string => {
    const head = `${hint}\n\nExpected ${context.isNot ? 'not ' : ''}${wanted} of ${operationId}${matchText(context, match)}\n`;
    if (context.isNot || (times !== undefined && matching.length > times)) {
      const listed = matching.map((entry) => `  ${describeRequest(entry)}`).join('\n');
      return `${head}Received ${plural(matching.length, 'matching request')}:\n${listed}`;
    }
    if (all.length === 0) return `${head}Received no request of ${operationId}. ${operationsCalled(mock)}`;
    const counted = times === undefined ? '' : `Received ${plural(matching.length, 'matching request')}. `;
    if (match === undefined) return `${head}${counted}`.trimEnd();
    const others = all.filter((entry) => !matching.includes(entry));
    const candidates = others.map((entry) => ({ label: describeRequest(entry), facts: requestFacts(entry) }));
    return `${head}${counted}The closest of the ${plural(all.length, 'request')} of ${operationId}:\n\n${nearMisses(context, candidates, match)}`;
  };
  return { pass, message };
}

function eventResult(
  context: MatcherContextLike,
  name: string,
  candidates: readonly { label: string; facts: Record<string, unknown> }[],
  eventType: string,
  what: string,
  match: object | undefined,
  others: () => string,
): MatcherResult {
  const matching = match === undefined ? candidates : candidates.filter((c) => misses(context, c.facts, match) === 0);
  const hint = context.utils.matcherHint(name, 'mock', 'eventType, match', { isNot: context.isNot });
  const message = (): string => {
    const head = `${hint}\n\nExpected ${context.isNot ? 'no' : 'a'} ${what} of ${eventType}${matchText(context, match)}\n`;
    if (context.isNot) {
      return `${head}Received ${plural(matching.length, `matching ${what}`)}:\n${matching.map((c) => `  ${c.label}`).join('\n')}`;
    }
    if (candidates.length === 0) return `${head}Received no ${what} of ${eventType}. ${others()}`;
    return `${head}The closest of the ${plural(candidates.length, what)} of ${eventType}:\n\n${nearMisses(context, candidates, match ?? {})}`;
  };
  return { pass: matching.length > 0, message };
}

function typesSeen(types: readonly string[], what: string): string {
  if (types.length === 0) return `There were no ${what}s.`;
  const counts = new Map<string, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  return `There were:\n${[...counts].map(([type, count]) => `  ${type} ×${count}`).join('\n')}`;
}

/**
 * The matchers, framework-neutral: `expect.extend(matchers)` in vitest or jest. In vitest,
 * importing `@commflow/mock-server/vitest` registers them and types them.
 *
 * @example
 * ```ts
 * import { matchers } from '@commflow/mock-server/matchers';
 * expect.extend(matchers);
 * expect(mock).toHaveReceived('sms.send', { body: { body: 'Hello' } });
 * ```
 */
export const matchers = {
  /**
   * Passes when the mock received at least one request of `operationId` that matches `match`
   * (every request of it, when no match is given). Refused requests count: add `status` to the
   * match to ask for answered ones.
   */
  toHaveReceived(this: MatcherContextLike, received: unknown, operationId: string, match?: object): MatcherResult {
    return receivedResult(this, 'toHaveReceived', received, operationId, match, undefined);
  },

  /** Passes when exactly `times` requests of `operationId` match `match`. */
  toHaveReceivedTimes(
    this: MatcherContextLike,
    received: unknown,
    operationId: string,
    times: number,
    match?: object,
  ): MatcherResult {
    if (!Number.isSafeInteger(times) || times < 0) {
      throw new TypeError(`toHaveReceivedTimes: times must be a whole number >= 0 (got ${String(times)})`);
    }
    return receivedResult(this, 'toHaveReceivedTimes', received, operationId, match, times);
  },

  /** Passes when the mock recorded an event of `eventType` that matches `match`. */
  toHaveEmitted(this: MatcherContextLike, received: unknown, eventType: string, match?: object): MatcherResult {
    const mock = mockOf(received, 'toHaveEmitted');
    const events = mock.events({ type: eventType });
    const candidates = events.map((event) => ({
      label: `${event.id} at ${event.timestamp}`,
      facts: eventFacts(event),
    }));
    return eventResult(this, 'toHaveEmitted', candidates, eventType, 'event', match, () =>
      typesSeen(
        mock.events().map((event) => event.type),
        'event',
      ),
    );
  },

  /**
   * Passes when a signed webhook delivery of an `eventType` event succeeded (the receiver
   * answered 2xx) and matches `match`. Deliveries run after the request: `await mock.idle()` first.
   */
  toHaveDelivered(this: MatcherContextLike, received: unknown, eventType: string, match?: object): MatcherResult {
    const mock = mockOf(received, 'toHaveDelivered');
    const events = new Map(mock.events({ type: eventType }).map((event) => [event.id, event]));
    const deliveries = mock.deliveries({ status: 'succeeded' }).filter((delivery) => delivery.eventType === eventType);
    const facts = (delivery: WebhookDelivery) => ({
      tenantId: delivery.tenantId,
      subscriptionId: delivery.subscriptionId,
      data: events.get(delivery.eventId)?.data,
    });
    const candidates = deliveries.map((delivery) => ({
      label: `${delivery.id} to ${delivery.subscriptionId}`,
      facts: facts(delivery),
    }));
    return eventResult(this, 'toHaveDelivered', candidates, eventType, 'succeeded delivery', match, () => {
      const all = mock.deliveries();
      return typesSeen(
        all.map((delivery) => `${delivery.eventType} (${delivery.status})`),
        'deliverie',
      );
    });
  },
};

/**
 * The matchers' types, for a framework's `Matchers` interface: `R` is what an assertion returns.
 *
 * @example
 * ```ts
 * declare module 'vitest' {
 *   interface Matchers<R, T> extends CommFlowMatchers<R> {}
 * }
 * ```
 */
export interface CommFlowMatchers<R = unknown> {
  /**
   * The mock received a request of `operationId` matching `match` (like `toMatchObject`; typed
   * by the operation). A failure prints the closest requests of it, with a diff.
   *
   * @example
   * ```ts
   * expect(mock).toHaveReceived('sms.send', { body: { body: expect.stringContaining('table') } });
   * ```
   */
  toHaveReceived<Id extends OperationId>(operationId: Id, match?: RequestMatch<Id>): R;
  /**
   * Exactly `times` requests of `operationId` match `match`.
   *
   * @example
   * ```ts
   * expect(mock).toHaveReceivedTimes('contacts.create', 1, { body: { firstName: 'Ada' } });
   * ```
   */
  toHaveReceivedTimes<Id extends OperationId>(operationId: Id, times: number, match?: RequestMatch<Id>): R;
  /**
   * The mock recorded an event of `eventType` matching `match`.
   *
   * @example
   * ```ts
   * expect(mock).toHaveEmitted('contact.changed', { data: { change: 'created' } });
   * ```
   */
  toHaveEmitted<Type extends EventType>(eventType: Type, match?: EventMatch<Type>): R;
  /**
   * A signed webhook delivery of an `eventType` event succeeded, matching `match`.
   *
   * @example
   * ```ts
   * await mock.idle();
   * expect(mock).toHaveDelivered('sms.sent', { subscriptionId: id });
   * ```
   */
  toHaveDelivered<Type extends EventType>(eventType: Type, match?: DeliveryMatch<Type>): R;
}
