/**
 * Test matchers over a mock's journal, events and webhook deliveries, for any `expect` that
 * takes `expect.extend` (vitest, jest), on the in-process mock or a remote one. They use only
 * the matcher context (`this.equals`, `this.utils`, `this.isNot`), never a test framework's module.
 *
 * A `match` is compared like `toMatchObject`: the fields it gives must match, recursively; the
 * others are ignored; asymmetric matchers (`expect.any(String)`, `expect.stringContaining`)
 * work anywhere in it. `within` beside them makes the check eventual.
 */
import type { OperationId, WebhookEvent } from '@commflow/contract';
import { EVENT_TYPE_NAMES, operations } from '@commflow/contract';
import { unknownNameMessage } from '../../control-api/closest-names.js';
import { keysOf } from '../../lib/tables.js';
import type { TypedJournalEntry } from '../../state/journal-operations.js';
import type { WebhookDelivery } from '../../state/webhooks/delivery-types.js';
import { article, counted, matchText, nearMisses, plural, type Candidate, misses } from './match.js';
import type { MatchSource, MatcherContextLike, MatcherResult, MaybePromise } from './matcher-types.js';
import { overrideMatchers } from './override-matcher.js';
import { assertionTenant, givenTenant } from './tenant-scope.js';

/** `next(value)`, at once for a value, after it for a promise: in-process checks stay synchronous. */
function then<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** How often an eventual check looks again, in milliseconds. */
const POLL_MS = 50;

/** Whether `value` reads like a mock: it has the three listings the matchers call (their answers are the mock's). */
function isMatchSource(value: unknown): value is MatchSource {
  return (
    typeof value === 'object' &&
    value !== null &&
    'requests' in value &&
    typeof value.requests === 'function' &&
    'events' in value &&
    typeof value.events === 'function' &&
    'deliveries' in value &&
    typeof value.deliveries === 'function'
  );
}

function sourceOf(received: unknown, matcher: string): MatchSource {
  if (!isMatchSource(received)) {
    throw new TypeError(
      `${matcher}: the received value must be a CommFlowMock or a remote mock, or a tenant handle of one (expect(mock).${matcher}(…))`,
    );
  }
  return received;
}

/** `{ tenantId }` when the assertion is about one tenant: what its listings are narrowed to. */
function ofTenant(tenantId: string | undefined): { tenantId?: string } {
  return tenantId === undefined ? {} : { tenantId };
}

/** A name the contract does not know is an error naming the closest ones, under `.not` too. */
function knownName<Name extends string>(
  matcher: string,
  kind: 'operation id' | 'event type',
  name: string,
  known: readonly Name[],
): Name {
  const found = known.find((candidate) => candidate === name);
  if (found === undefined) throw new TypeError(`${matcher}: ${unknownNameMessage(kind, name, known)}`);
  return found;
}

const OPERATION_ID_LIST = keysOf(operations);

/** The match without `within`, and `within` checked; a match of `within` alone matches everything. */
function splitMatch(matcher: string, match: object | undefined): { match: object | undefined; within?: number } {
  if (match === undefined || !('within' in match)) return { match };
  const { within, ...rest } = match;
  if (typeof within !== 'number' || !Number.isFinite(within) || within < 0) {
    throw new TypeError(`${matcher}: within must be a number of milliseconds >= 0 (got ${String(within)})`);
  }
  return { match: Object.keys(rest).length === 0 ? undefined : rest, within };
}

/**
 * Gathers and judges once, or, with `within`, until the judgement passes or the window ends.
 * Under `.not` a pass is the failure: the loop stops at the first, so `.not` holds only when the
 * assertion stayed false for the whole window.
 */
function settle<D>(
  gather: () => MaybePromise<D>,
  judge: (data: D) => MatcherResult,
  within: number | undefined,
): MaybePromise<MatcherResult> {
  if (within === undefined) return then(gather(), judge);
  return (async () => {
    const deadline = performance.now() + within;
    const rounds = Math.ceil(within / POLL_MS) + 1;
    let result = judge(await gather());
    for (let round = 1; round < rounds && !result.pass && performance.now() < deadline; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - performance.now()))));
      result = judge(await gather());
    }
    return result;
  })();
}

/** What a request is compared on: the match's fields, read from the entry. */
function requestFacts(entry: TypedJournalEntry): Record<string, unknown> {
  return {
    tenantId: entry.tenantId,
    userEmail: entry.userEmail,
    userId: entry.userId,
    status: entry.status,
    errorCode: entry.errorCode,
    query: entry.request.query,
    params: entry.request.params,
    body: entry.request.body,
  };
}

function describeRequest(entry: TypedJournalEntry): string {
  const code = entry.errorCode === null ? '' : ` ${entry.errorCode}`;
  return `${entry.method} ${entry.path}${entry.query} → ${String(entry.status)}${code} (${entry.requestId})`;
}

/**
 * Which operations the mock received, with counts: what a failure says when none was of the one
 * asked. Of the tenant asked about alone, when there was one: another test's traffic is noise.
 */
function operationsCalled(entries: readonly TypedJournalEntry[], tenantId: string | undefined): string {
  const who = tenantId === undefined ? 'The mock' : `Tenant ${tenantId}`;
  if (entries.length === 0) return `${who} received no requests.`;
  return `${who} received:\n${counted(entries.map((entry) => entry.operationId ?? `${entry.method} ${entry.path} (no operation)`))}`;
}

/** `There were:` and the counts, or `There were no events.`; of the tenant asked about, when there was one. */
function seenText(what: string, names: readonly string[], tenantId: string | undefined): string {
  const of = tenantId === undefined ? '' : ` of tenant ${tenantId}`;
  return names.length === 0 ? `There were no ${what}${of}.` : `There were${of}:\n${counted(names)}`;
}

function windowText(within: number | undefined): string {
  return within === undefined ? '' : ` within ${String(within)} ms`;
}

/** The shared body of the request matchers: `times` undefined means "at least one". */
function receivedResult(
  context: MatcherContextLike,
  name: string,
  received: unknown,
  operationId: string,
  given: object | undefined,
  times: number | undefined,
): MaybePromise<MatcherResult> {
  const source = sourceOf(received, name);
  const known = knownName(name, 'operation id', operationId, OPERATION_ID_LIST);
  const { match, within } = splitMatch(name, given);
  return then(assertionTenant(name, received, givenTenant(match)), (tenantId) =>
    receivedJudgement(context, { name, source, operationId: known, match, within, times, tenantId }),
  );
}

interface ReceivedQuestion {
  name: string;
  source: MatchSource;
  operationId: OperationId;
  match: object | undefined;
  within: number | undefined;
  times: number | undefined;
  /** The tenant asked about: the listings are narrowed to it. */
  tenantId: string | undefined;
}

function receivedJudgement(
  context: MatcherContextLike,
  { name, source, operationId, match, within, times, tenantId }: ReceivedQuestion,
): MaybePromise<MatcherResult> {
  const scope = ofTenant(tenantId);
  const gather = () =>
    then(source.requests({ operationId, ...scope }), (all) =>
      all.length > 0 ? { all, every: [] } : then(source.requests(scope), (every) => ({ all, every })),
    );
  const judge = ({ all, every }: { all: readonly TypedJournalEntry[]; every: readonly TypedJournalEntry[] }) => {
    const matching =
      match === undefined ? all : all.filter((entry) => misses(context, requestFacts(entry), match) === 0);
    const pass = times === undefined ? matching.length > 0 : matching.length === times;
    const hint = context.utils.matcherHint(
      name,
      'mock',
      times === undefined ? 'operationId, match' : 'operationId, times, match',
      { isNot: context.isNot },
    );
    const wanted = times === undefined ? 'a request' : plural(times, 'request');
    const message = (): string => {
      const head = `${hint}\n\nExpected ${context.isNot ? 'not ' : ''}${wanted} of ${operationId}${windowText(within)}${matchText(context, match)}\n`;
      if (context.isNot || (times !== undefined && matching.length > times)) {
        const listed = matching.map((entry) => `  ${describeRequest(entry)}`).join('\n');
        return `${head}Received ${plural(matching.length, 'matching request')}:\n${listed}`;
      }
      if (all.length === 0) return `${head}Received no request of ${operationId}. ${operationsCalled(every, tenantId)}`;
      const count = times === undefined ? '' : `Received ${plural(matching.length, 'matching request')}. `;
      if (match === undefined) return `${head}${count}`.trimEnd();
      const candidates = all
        .filter((entry) => !matching.includes(entry))
        .map((entry) => ({ label: describeRequest(entry), facts: requestFacts(entry) }));
      return `${head}${count}The closest of the ${plural(all.length, 'request')} of ${operationId}:\n\n${nearMisses(context, candidates, match)}`;
    };
    return { pass, message };
  };
  return settle(gather, judge, within);
}

interface EventJudgement {
  context: MatcherContextLike;
  name: string;
  eventType: string;
  /** `event`, `succeeded delivery`. */
  what: string;
  match: object | undefined;
  within: number | undefined;
}

function eventResult(
  { context, name, eventType, what, match, within }: EventJudgement,
  candidates: readonly Candidate[],
  others: string,
): MatcherResult {
  const matching = match === undefined ? candidates : candidates.filter((c) => misses(context, c.facts, match) === 0);
  const hint = context.utils.matcherHint(name, 'mock', 'eventType, match', { isNot: context.isNot });
  const message = (): string => {
    const head = `${hint}\n\nExpected ${context.isNot ? 'no' : article(what)} ${what} of ${eventType}${windowText(within)}${matchText(context, match)}\n`;
    if (context.isNot) {
      return `${head}Received ${plural(matching.length, `matching ${what}`, `matching ${what.replace(/y$/, 'ie')}s`)}:\n${matching.map((c) => `  ${c.label}`).join('\n')}`;
    }
    if (candidates.length === 0) return `${head}Received no ${what} of ${eventType}. ${others}`;
    const many = `${what.replace(/y$/, 'ie')}s`;
    return `${head}The closest of the ${plural(candidates.length, what, many)} of ${eventType}:\n\n${nearMisses(context, candidates, match ?? {})}`;
  };
  return { pass: matching.length > 0, message };
}

function eventFacts(event: WebhookEvent): Record<string, unknown> {
  return { tenantId: event.tenantId, data: event.data };
}

/** `contact.changed (failed, last answer 500)`: a delivery's status and what its receiver last said. */
function deliveryState(delivery: WebhookDelivery): string {
  const last = delivery.attempts.at(-1);
  if (last === undefined) return `${delivery.eventType} (${delivery.status}, not attempted yet)`;
  const answer = last.status === undefined ? (last.error ?? 'no answer') : `last answer ${String(last.status)}`;
  return `${delivery.eventType} (${delivery.status}, ${answer})`;
}

/**
 * The matchers, framework-neutral: `expect.extend(matchers)` in vitest or jest. In vitest,
 * `@commflow/mock-server/vitest` registers them and types them; in jest,
 * `@commflow/mock-server/jest` does.
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
  toHaveReceived(
    this: MatcherContextLike,
    received: unknown,
    operationId: string,
    match?: object,
  ): MaybePromise<MatcherResult> {
    return receivedResult(this, 'toHaveReceived', received, operationId, match, undefined);
  },

  /** Passes when exactly `times` requests of `operationId` match `match`. */
  toHaveReceivedTimes(
    this: MatcherContextLike,
    received: unknown,
    operationId: string,
    times: number,
    match?: object,
  ): MaybePromise<MatcherResult> {
    if (!Number.isSafeInteger(times) || times < 0) {
      throw new TypeError(`toHaveReceivedTimes: times must be a whole number >= 0 (got ${String(times)})`);
    }
    return receivedResult(this, 'toHaveReceivedTimes', received, operationId, match, times);
  },

  /** Passes when the mock recorded an event of `eventType` that matches `match`. */
  toHaveEmitted(
    this: MatcherContextLike,
    received: unknown,
    eventType: string,
    given?: object,
  ): MaybePromise<MatcherResult> {
    const name = 'toHaveEmitted';
    const source = sourceOf(received, name);
    knownName(name, 'event type', eventType, EVENT_TYPE_NAMES);
    const { match, within } = splitMatch(name, given);
    const judgement = { context: this, name, eventType, what: 'event', match, within };
    return then(assertionTenant(name, received, givenTenant(match)), (tenantId) => {
      const gather = () => then(source.events(ofTenant(tenantId)), (events) => events);
      const judge = (events: readonly WebhookEvent[]) => {
        const candidates = events
          .filter((event) => event.type === eventType)
          .map((event) => ({ label: `${event.id} at ${event.timestamp}`, facts: eventFacts(event) }));
        const seen = seenText(
          'events',
          events.map((e) => e.type),
          tenantId,
        );
        return eventResult(judgement, candidates, seen);
      };
      return settle(gather, judge, within);
    });
  },

  /**
   * Passes when a signed webhook delivery of an `eventType` event succeeded (the receiver
   * answered 2xx) and matches `match`. Deliveries run after the request: `await mock.idle()`
   * first, or give `within`.
   */
  toHaveDelivered(
    this: MatcherContextLike,
    received: unknown,
    eventType: string,
    given?: object,
  ): MaybePromise<MatcherResult> {
    const name = 'toHaveDelivered';
    const source = sourceOf(received, name);
    knownName(name, 'event type', eventType, EVENT_TYPE_NAMES);
    const { match, within } = splitMatch(name, given);
    const judgement = { context: this, name, eventType, what: 'succeeded delivery', match, within };
    return then(assertionTenant(name, received, givenTenant(match)), (tenantId) =>
      deliveredJudgement(judgement, source, tenantId),
    );
  },

  /**
   * Passes when every override (of `filter.tenantId`, when given; of the handle's tenant on a
   * tenant handle) answered at least one request. A promise on a remote mock.
   */
  toHaveUsedEveryOverride(
    this: MatcherContextLike,
    received: unknown,
    filter: { tenantId?: string } = {},
  ): MaybePromise<MatcherResult> {
    const name = 'toHaveUsedEveryOverride';
    return then(assertionTenant(name, received, givenTenant(filter)), () =>
      overrideMatchers.toHaveUsedEveryOverride.call(this, received, filter),
    );
  },
};

function deliveredJudgement(
  judgement: EventJudgement,
  source: MatchSource,
  tenantId: string | undefined,
): MaybePromise<MatcherResult> {
  const { eventType, within } = judgement;
  const scope = ofTenant(tenantId);
  const gather = () =>
    then(source.events({ type: eventType, ...scope }), (events) =>
      then(source.deliveries(scope), (deliveries) => ({ events, deliveries })),
    );
  const judge = ({
    events,
    deliveries,
  }: {
    events: readonly WebhookEvent[];
    deliveries: readonly WebhookDelivery[];
  }) => {
    const data = new Map(events.map((event) => [event.id, event.data]));
    const candidates = deliveries
      .filter((delivery) => delivery.status === 'succeeded' && delivery.eventType === eventType)
      .map((delivery) => ({
        label: `${delivery.id} to ${delivery.subscriptionId}`,
        facts: {
          tenantId: delivery.tenantId,
          subscriptionId: delivery.subscriptionId,
          data: data.get(delivery.eventId),
        },
      }));
    const seen = seenText('deliveries', deliveries.map(deliveryState), tenantId);
    return eventResult(judgement, candidates, seen);
  };
  return settle(gather, judge, within);
}
