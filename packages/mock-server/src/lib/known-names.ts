/**
 * Names checked against the contract's lists, with a suggestion: a misspelt operation id or event
 * type in a filter or a matcher is an error that names the closest known ones, never a silent
 * empty answer.
 */
import { EVENT_TYPE_NAMES, OPERATION_LIST } from '@commflow/contract';

const OPERATION_IDS: readonly string[] = OPERATION_LIST.map((op) => op.id);

/** Edit distance (insert, delete, replace, swap of neighbours), for suggestions. */
function distance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i] ?? [];
      const above = rows[i - 1] ?? [];
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row[j] = best;
    }
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/** The known names nearest to `name` (the ties, at most three), if within a third of its length (2 edits at least). */
export function closestNames(name: string, known: readonly string[]): string[] {
  const scored = known.map((candidate) => ({
    candidate,
    edits: distance(name.toLowerCase(), candidate.toLowerCase()),
  }));
  const best = Math.min(...scored.map(({ edits }) => edits));
  if (best > Math.max(2, Math.floor(name.length / 3))) return [];
  return scored
    .filter(({ edits }) => edits === best)
    .slice(0, 3)
    .map(({ candidate }) => candidate);
}

function problem(what: string, name: string, known: readonly string[]): string | undefined {
  if (known.includes(name)) return undefined;
  const guesses = closestNames(name, known);
  const hint =
    guesses.length === 0
      ? `known ones: ${known.join(', ')}`
      : `did you mean ${guesses.map((guess) => `"${guess}"`).join(' or ')}?`;
  return `unknown ${what} "${name}" (${hint})`;
}

/**
 * Why `id` is not an operation id of the contract, with the closest ones; `undefined` when it is.
 *
 * @example
 * ```ts
 * unknownOperation('sms.sendd'); // 'unknown operation "sms.sendd" (did you mean "sms.send"?)'
 * ```
 */
export function unknownOperation(id: string): string | undefined {
  return problem('operation', id, OPERATION_IDS);
}

/**
 * Why `type` is not an event type of the contract, with the closest ones; `undefined` when it is.
 *
 * @example
 * ```ts
 * unknownEventType('sms.sentt'); // 'unknown event type "sms.sentt" (did you mean "sms.sent"?)'
 * ```
 */
export function unknownEventType(type: string): string | undefined {
  return problem('event type', type, EVENT_TYPE_NAMES);
}
