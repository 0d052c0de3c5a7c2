import { HISTORY_LIMITS, type HistoryLimits } from '../../history/limits.js';
import { keysOf } from '../../lib/tables.js';

const names = keysOf(HISTORY_LIMITS);

/** The `parseArgs` options of the history caps: `--event-limit <n>` and so on. */
export const LIMIT_FLAG_OPTIONS = Object.fromEntries(
  names.map((name) => [HISTORY_LIMITS[name].flag, { type: 'string' as const }]),
);

/** The help lines of the history caps, aligned like the CLI's other options. */
export const LIMIT_FLAG_HELP = names
  .map((name) => {
    const rule = HISTORY_LIMITS[name];
    return `  ${`--${rule.flag} <n>`.padEnd(28)} Max ${rule.holds} (default ${rule.defaultValue})`;
  })
  .join('\n');

/**
 * The caps given on the command line, as `createMock` options. A value that is not a whole
 * number at or above the cap's minimum throws, naming the flag.
 */
export function limitsFromFlags(values: Readonly<Record<string, unknown>>): HistoryLimits {
  const limits: HistoryLimits = {};
  for (const name of names) {
    const rule = HISTORY_LIMITS[name];
    const text = values[rule.flag];
    if (typeof text !== 'string') continue;
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < rule.min) {
      throw new RangeError(`invalid --${rule.flag} "${text}": a whole number >= ${rule.min}`);
    }
    limits[name] = value;
  }
  return limits;
}
