/**
 * What is wrong with an options object or a `hooks` option, as a sentence or a clause for an error
 * message: the checks that the client, the request core and webhook verification share.
 *
 * `hooksProblem` sits here, not beside the hook types in core/hooks.ts: there it made the code
 * that only the client and the request core share import this group, which the lazily loaded
 * webhook signing shares too, and Rolldown (size-limit, Vite) then kept this group in a chunk of
 * its own instead of folding it into the client's (docs/performance.md, issue 28).
 */
import { HOOK_NAMES } from './hook-names.js';
import { describeUnknown, isRecord, kindOf, listKeys, unknownKeys, type KnownKeys } from './known-keys.js';

/**
 * What is wrong with an options object, as one sentence that begins with `where`, or `undefined`
 * when nothing is: `toArray: unknown option "maxItems". The options are max.` The message of every
 * options object the SDK checks this way (the client's, `toArray`'s, the webhook functions').
 */
export function optionsProblem(options: unknown, known: KnownKeys, where: string): string | undefined {
  if (!isRecord(options)) return `${where}: the options must be an object, got ${kindOf(options)}.`;
  const unknown = unknownKeys(options, known);
  if (!unknown) return undefined;
  const { names, guessedAll } = describeUnknown(unknown, known);
  const list = guessedAll ? '' : ` The options are ${listKeys(known)}.`;
  return `${where}: unknown option${unknown.length > 1 ? 's' : ''} ${names}.${list}`;
}

/**
 * What is wrong with a `hooks` option, as a clause for an error message, or `undefined` when it is
 * one set of hooks or an array of them: a misspelled hook (`onwait`) would otherwise never run.
 *
 * @internal
 */
export function hooksProblem(hooks: unknown): string | undefined {
  const sets: readonly unknown[] = Array.isArray(hooks) ? hooks : [hooks];
  for (const set of sets) {
    if (!isRecord(set)) {
      return `hooks must be an object of hook functions (${listKeys(HOOK_NAMES)}) or an array of such objects, got ${kindOf(set)}`;
    }
    const unknown = unknownKeys(set, HOOK_NAMES);
    if (unknown) {
      const { names, guessedAll } = describeUnknown(unknown, HOOK_NAMES);
      const list = guessedAll ? '' : `; the hooks are ${listKeys(HOOK_NAMES)}`;
      return `unknown hook${unknown.length > 1 ? 's' : ''} ${names}${list}`;
    }
    for (const [name, hook] of Object.entries(set)) {
      if (hook !== undefined && typeof hook !== 'function')
        return `hook "${name}" must be a function, got ${kindOf(hook)}`;
    }
  }
  return undefined;
}
