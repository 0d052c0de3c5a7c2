/**
 * Unknown keys in an options object, and the known key each one probably meant. Plain JavaScript
 * callers get no compile-time check, so a misspelled option (`retries`, `api_key`, `onwait`)
 * would otherwise be ignored without a word.
 */

/** The names an options object may hold: a map that TypeScript checks against the options' type. */
export type KnownKeys = Readonly<Record<string, true>>;

/**
 * The keys of `value` that `known` does not list, or `undefined` when there are none. A `for…in`
 * loop, so that options with only known keys (every call's) allocate nothing.
 */
export function unknownKeys(value: object, known: KnownKeys): string[] | undefined {
  let unknown: string[] | undefined;
  for (const key in value) {
    if (known[key] !== true && Object.hasOwn(value, key)) (unknown ??= []).push(key);
  }
  return unknown;
}

/** Lower case without `_`, `-` or spaces: `api_key`, `API-KEY` and `apiKey` are one name. */
function normalize(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

/**
 * The edit distance: single-character insertions, deletions and substitutions, and swaps of two
 * neighbours (`qurey`: `query`), the commonest typo, as one edit each.
 */
function distance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let edits = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        edits = Math.min(edits, (before[j - 2] ?? 0) + 1);
      }
      current[j] = edits;
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The known key closest to `key`: one equal to it but for case, `_` and `-`, else the nearest of
 * those within a third of the longer name's length in edits (at least one), that begin or end
 * with it (`email`: `userEmail`, from four characters on) or begin with it but for that many
 * edits (`tolerence`: `toleranceSeconds`), or with which it begins (`maxItems`: `max`, from three
 * characters on), else `undefined`.
 */
export function closestKey(key: string, known: KnownKeys): string | undefined {
  const wanted = normalize(key);
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of Object.keys(known)) {
    const candidate = normalize(name);
    const edits = distance(wanted, candidate);
    const allowed = Math.max(1, Math.floor(Math.max(wanted.length, candidate.length) / 3));
    const affix =
      (wanted.length >= 4 &&
        (candidate.startsWith(wanted) ||
          candidate.endsWith(wanted) ||
          distance(wanted, candidate.slice(0, wanted.length)) <= Math.floor(wanted.length / 3))) ||
      (candidate.length >= 3 && wanted.startsWith(candidate));
    const close = edits <= allowed || affix;
    if (close && edits < bestDistance) {
      best = name;
      bestDistance = edits;
    }
  }
  return best;
}

/**
 * One validation issue per unknown key, at `[...at, key]`: `unknown <noun> (did you mean "x"?)`
 * when a known key is close, else `unknown <noun>; <listing> <the known keys>`.
 */
export function unknownKeyIssues(
  keys: readonly string[],
  known: KnownKeys,
  at: readonly string[],
  noun: string,
  listing: string,
): { path: string[]; message: string }[] {
  return keys.map((key) => {
    const guess = closestKey(key, known);
    return {
      path: [...at, key],
      message:
        guess === undefined
          ? `unknown ${noun}; ${listing} ${listKeys(known)}`
          : `unknown ${noun} (did you mean "${guess}"?)`,
    };
  });
}

/**
 * `"retries" (did you mean "maxRetries"?)` for each unknown key, joined, and whether any of them
 * had no close known key (the message then lists the known ones).
 */
export function describeUnknown(keys: readonly string[], known: KnownKeys): { names: string; guessedAll: boolean } {
  let guessedAll = true;
  const names = keys.map((key) => {
    const guess = closestKey(key, known);
    if (guess === undefined) {
      guessedAll = false;
      return JSON.stringify(key);
    }
    return `${JSON.stringify(key)} (did you mean ${JSON.stringify(guess)}?)`;
  });
  return { names: names.join(', '), guessedAll };
}

/** The known keys as a list for a message: `apiKey, tenantId, baseUrl`. */
export function listKeys(known: KnownKeys): string {
  return Object.keys(known).join(', ');
}

/** Whether a value is an object that holds keys: not `null`, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a value is, for a message: `a function`, `null`, `an array`, `a string`. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  if (type === 'undefined') return type;
  return type === 'object' ? 'an object' : `a ${type}`;
}
