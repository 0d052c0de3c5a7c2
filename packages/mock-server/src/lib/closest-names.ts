/**
 * The known names closest to an unknown one, so that a misspelt operation id or event type
 * (`sms.sendd`, `contacts.craete`) is refused with what was probably meant instead of matching
 * nothing in silence. Shared by the control surface's filters, `mock.requests()`, the matchers,
 * the override schema, every control input's unknown keys and the remote handle's route ids.
 */

/**
 * Edits between two strings: insertions, deletions, substitutions, and a swap of two neighbours
 * (`craete`: `create`) as one edit, the commonest slip of the fingers. The CLI's flag suggestion
 * counts with it too.
 *
 * @example
 * ```ts
 * edits('prot', 'port'); // 1
 * ```
 */
export function edits(from: string, to: string): number {
  const rows: number[][] = [Array.from({ length: to.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= from.length; i++) {
    const row = [i];
    for (let j = 1; j <= to.length; j++) {
      const above = rows[i - 1] ?? [];
      const substitution = (above[j - 1] ?? 0) + (from[i - 1] === to[j - 1] ? 0 : 1);
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, substitution);
      if (i > 1 && j > 1 && from[i - 1] === to[j - 2] && from[i - 2] === to[j - 1]) {
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return rows[from.length]?.[to.length] ?? 0;
}

/**
 * Up to `limit` names of `known` close to `name`, closest first: within a third of the longer
 * name's length in edits (case ignored), or sharing its first dotted segment (`sms.sentt` is
 * near every `sms.*`). Empty when nothing is close; with `anyDistance`, the nearest whatever
 * their distance.
 *
 * @example
 * ```ts
 * closestNames('sms.sentt', ['sms.sent', 'sms.failed', 'call.ended']); // ['sms.sent', 'sms.failed']
 * ```
 */
export function closestNames(name: string, known: Iterable<string>, limit = 3, anyDistance = false): string[] {
  const wanted = name.toLowerCase();
  const prefix = wanted.includes('.') ? wanted.slice(0, wanted.indexOf('.') + 1) : undefined;
  const scored: { name: string; score: number }[] = [];
  for (const candidate of known) {
    const lower = candidate.toLowerCase();
    const score = edits(wanted, lower);
    const allowed = Math.max(1, Math.floor(Math.max(wanted.length, lower.length) / 3));
    if (anyDistance || score <= allowed || (prefix !== undefined && lower.startsWith(prefix)))
      scored.push({ name: candidate, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((entry) => entry.name);
}

/**
 * Names quoted and joined for a sentence: `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
 *
 * @example
 * ```ts
 * quoteNames(['operationId', 'method'], 'and'); // '"operationId" and "method"'
 * ```
 */
export function quoteNames(names: readonly string[], conjunction: 'or' | 'and' = 'or'): string {
  const quoted = names.map((name) => JSON.stringify(name));
  const last = quoted.at(-1) ?? '';
  return quoted.length <= 1 ? last : `${quoted.slice(0, -1).join(', ')} ${conjunction} ${last}`;
}

/**
 * The message for an unknown name: what it is, and the closest known ones (or where to look).
 *
 * @example
 * ```ts
 * unknownNameMessage('operation id', 'sms.sendd', ['sms.send', 'sms.list']);
 * // 'unknown operation id "sms.sendd"; did you mean "sms.send" or "sms.list"?'
 * ```
 */
export function unknownNameMessage(kind: string, name: string, known: Iterable<string>): string {
  const names = [...known];
  const near = closestNames(name, names);
  const head = `unknown ${kind} ${JSON.stringify(name)}`;
  if (near.length > 0) return `${head}; did you mean ${quoteNames(near)}?`;
  const nearest = closestNames(name, names, 3, true);
  return nearest.length === 0 ? head : `${head}; none is close, the nearest are ${quoteNames(nearest)}`;
}

/**
 * The message for a key an object does not take: `Unrecognized key` (as the contract's
 * `validationIssues` says it, so that it reads the same whichever side refuses), then the key it
 * most likely meant, or else every key it takes.
 *
 * @example
 * ```ts
 * unknownKeyMessage('operationID', ['operationId', 'method', 'path']);
 * // 'Unrecognized key; did you mean "operationId"?'
 * ```
 */
export function unknownKeyMessage(key: string, known: readonly string[]): string {
  if (known.length === 0) return 'Unrecognized key';
  const near = closestNames(key, known);
  if (near.length > 0) return `Unrecognized key; did you mean ${quoteNames(near)}?`;
  return `Unrecognized key; the known keys are ${quoteNames(known, 'and')}`;
}
