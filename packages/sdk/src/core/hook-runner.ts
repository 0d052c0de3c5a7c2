import { HookError } from './errors.js';
import type { HookContext, HookName, Hooks, HooksOption } from './hooks.js';

/** Runs one hook of every set, in order; the first that throws fails the call, naming itself. */
export async function run<N extends HookName>(
  hooks: readonly Hooks[],
  name: N,
  context: Parameters<NonNullable<Hooks[N]>>[0],
): Promise<void> {
  let failure: HookError | undefined;
  for (const set of hooks) {
    const hook = set[name] as ((context: HookContext) => unknown) | undefined;
    if (hook === undefined) continue;
    try {
      await hook(context);
    } catch (error) {
      failure ??= new HookError(name, context.operationId, error);
      // Every onError runs, so that each set (a tracer closing its span) hears of the failure.
      if (name !== 'onError') break;
    }
  }
  if (failure) throw failure;
}

/** The client's hooks followed by the call's. */
export function withCallHooks(own: readonly Hooks[] | undefined, call: HooksOption): readonly Hooks[] {
  return (own ?? []).concat(call);
}

/** The headers of the context before the first attempt, which no hook sees. */
export const EMPTY = new Headers();
