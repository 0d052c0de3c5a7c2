/**
 * What the CLI says about arguments it cannot read: Node's message, the flag most likely meant,
 * and a pointer to `--help`. The whole help would bury the one line that matters.
 *
 * @module
 */

/**
 * Edits between `a` and `b`: insertions, deletions, substitutions, and a swap of two neighbouring
 * characters (`prot`: `port`) counted as one.
 */
function edits(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    const row: number[] = [];
    for (let j = 0; j <= b.length; j++) {
      if (i === 0 || j === 0) {
        row.push(i + j);
        continue;
      }
      const up = rows[i - 1] ?? [];
      const same = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((up[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (up[j - 1] ?? 0) + same);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/** The flag of `known` (names without `--`) nearest to `given`, when it is near enough: at most a third of its letters off. */
export function nearestFlag(given: string, known: readonly string[]): string | undefined {
  const name = given.replace(/^-+/, '').split('=')[0] ?? '';
  let best: string | undefined;
  let bestEdits = Infinity;
  for (const flag of known) {
    const distance = edits(name, flag);
    const allowed = Math.max(1, Math.floor(Math.max(name.length, flag.length) / 3));
    // A prefix counts too: `--scen` for `--scenario`.
    const near = distance <= allowed || (name.length >= 3 && flag.startsWith(name));
    if (near && distance < bestEdits) {
      best = flag;
      bestEdits = distance;
    }
  }
  return best;
}

/**
 * The message for an error of `node:util` `parseArgs`: an unknown option names the nearest known
 * flag, and every message ends with one line pointing to `--help`.
 */
export function usageErrorMessage(error: Error & { code?: string }, known: readonly string[], program: string): string {
  let message = error.message;
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const given = /'([^']+)'/.exec(error.message)?.[1] ?? '';
    const meant = nearestFlag(given, known);
    message = `Unknown option '${given}'${meant === undefined ? '' : `; did you mean --${meant}?`}`;
  }
  return `${message}\nRun \`${program} --help\` for every option.`;
}
