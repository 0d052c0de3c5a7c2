/**
 * The CLI's flags and the reading of its arguments, in one place: the `commflow-mock` bin and
 * `scripts/start.mjs` (which must refuse a mistyped flag before it probes the port or builds)
 * read them alike and say the same thing about a mistake.
 *
 * @module
 */
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { withoutSeparator } from './arguments.js';
import { LIMIT_FLAG_OPTIONS } from './limit-flags.js';
import { usageErrorMessage } from './usage-error.js';

/** The `parseArgs` config of `commflow-mock`: every flag, its type and its default. */
export const CLI_ARGUMENTS = {
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4010' },
    scenario: { type: 'string', default: 'demo' },
    'no-control': { type: 'boolean', default: false },
    'allowed-host': { type: 'string', multiple: true, default: [] },
    'control-token': { type: 'string' },
    'webhook-timestamp': { type: 'string', default: 'wall' },
    state: { type: 'string' },
    'save-interval': { type: 'string', default: '5' },
    help: { type: 'boolean', default: false },
    ...LIMIT_FLAG_OPTIONS,
  },
  strict: true,
} satisfies { options: ParseArgsOptionsConfig; strict: true };

/**
 * The flags in `args` (the process's arguments after the script), or `usage`: the message for
 * arguments that cannot be read, such as `Unknown option '--prot'; did you mean --port?` and a
 * pointer to `--help`. A leading `--` separator is dropped (`npm run x -- --flag` habits).
 */
export function readCliArguments(args: readonly string[]) {
  try {
    return { values: parseArgs({ args: withoutSeparator(args), ...CLI_ARGUMENTS }).values };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return { usage: usageErrorMessage(error, Object.keys(CLI_ARGUMENTS.options), 'commflow-mock') };
  }
}
