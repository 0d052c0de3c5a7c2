/**
 * What the CLI says about arguments it cannot read: Node's message, the flag most likely meant,
 * and a pointer to `--help`. The whole help would bury the one line that matters.
 *
 * @module
 */
import { edits } from '../../control-api/closest-names.js';
import { errorCode, errorMessage } from '../../lib/errors.js';

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
export function usageErrorMessage(error: unknown, known: readonly string[], program: string): string {
  let message = errorMessage(error);
  if (errorCode(error) === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const given = /'([^']+)'/.exec(message)?.[1] ?? '';
    const meant = nearestFlag(given, known);
    message = `Unknown option '${given}'${meant === undefined ? '' : `; did you mean --${meant}?`}`;
  }
  return `${message}\nRun \`${program} --help\` for every option.`;
}
