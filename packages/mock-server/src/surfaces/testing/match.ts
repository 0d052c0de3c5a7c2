/**
 * How a match is compared with what a mock recorded, and how near misses are shown: the
 * machinery every matcher shares, framework-neutral (it uses only the matcher context).
 */
import type { AsymmetricMatcherLike, MatcherContextLike } from './matcher-types.js';

/** How many near misses a failure prints. */
const CLOSEST_SHOWN = 3;

/** Something a match is compared with: a label for the message and the facts compared. */
export interface Candidate {
  label: string;
  facts: Record<string, unknown>;
}

/** Whether `value` is an asymmetric matcher: it has the method (its answer is the framework's). */
function isAsymmetric(value: unknown): value is AsymmetricMatcherLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    'asymmetricMatch' in value &&
    typeof value.asymmetricMatch === 'function'
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
export function misses(context: MatcherContextLike, actual: unknown, expected: unknown): number {
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
  return equal(context, actual, expected) ? 0 : 1;
}

/** The framework's `equals` when it has one; else a deep equality that honours asymmetric matchers. */
function equal(context: MatcherContextLike, actual: unknown, expected: unknown): boolean {
  if (context.equals !== undefined) {
    return context.equals(actual, expected, [...(context.customTesters ?? [])]);
  }
  return deepEqual(actual, expected);
}

function deepEqual(actual: unknown, expected: unknown): boolean {
  if (isAsymmetric(expected)) return expected.asymmetricMatch(actual);
  if (Object.is(actual, expected)) return true;
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((item, index) => deepEqual(actual[index], item))
    );
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    const keys = Object.keys(expected);
    return (
      keys.length === Object.keys(actual).length &&
      keys.every((key) => key in actual && deepEqual(actual[key], expected[key]))
    );
  }
  return false;
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

/** Candidates sorted closest first: fewest missed leaves, then the newest. */
function closest(context: MatcherContextLike, candidates: readonly Candidate[], match: object): Candidate[] {
  return candidates
    .map((candidate, index) => ({ candidate, index, missed: misses(context, candidate.facts, match) }))
    .sort((a, b) => a.missed - b.missed || b.index - a.index)
    .map(({ candidate }) => candidate);
}

/** The closest candidates, each with a diff of the fields the match names. */
export function nearMisses(context: MatcherContextLike, candidates: readonly Candidate[], match: object): string {
  const shown = closest(context, candidates, match).slice(0, CLOSEST_SHOWN);
  const blocks = shown.map((candidate, index) => {
    const diff =
      context.utils.diff(match, projection(candidate.facts, match), {
        aAnnotation: 'Expected',
        bAnnotation: 'Received',
      }) ?? context.utils.printReceived(candidate.facts);
    return `#${String(index + 1)} ${candidate.label}\n${diff}`;
  });
  const more = candidates.length > shown.length ? `\n… and ${String(candidates.length - shown.length)} more` : '';
  return `${blocks.join('\n\n')}${more}`;
}

/** `1 request`, `2 requests`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${String(count)} ${count === 1 ? one : many}`;
}

/** ` matching` and the match, every line indented alike (a printed object spans several). */
export function matchText(context: MatcherContextLike, match: object | undefined): string {
  if (match === undefined) return '';
  const printed = context.utils.printExpected(match).replaceAll('\n', '\n  ');
  return ` matching\n  ${printed}\n`;
}

/** `a event` never: the article a noun takes. */
export function article(noun: string): string {
  return /^[aeiou]/i.test(noun) ? 'an' : 'a';
}

/** `type ×count` lines, in first-seen order. */
export function counted(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => `  ${name} ×${String(count)}`).join('\n');
}
