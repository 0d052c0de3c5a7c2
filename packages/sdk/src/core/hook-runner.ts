import { HookError } from './errors.js';
import type { HookName, HookResult, Hooks, HooksOption } from './hooks.js';

/** The context the hook `N` is called with. */
type ContextOf<N extends HookName> = Parameters<NonNullable<Hooks[N]>>[0];

/**
 * {@link Hooks} as a mapped type: indexed by a generic name, it gives the hook that takes that
 * name's context, which TypeScript cannot tell of the interface's members. `Hooks` is assignable
 * to it, member by member.
 */
type HookTable = { [N in HookName]?: ((context: ContextOf<N>) => HookResult) | undefined };

/** Runs one hook of every set, in order; the first that throws fails the call, naming itself. */
export async function run<N extends HookName>(
  hooks: readonly HookTable[],
  name: N,
  context: ContextOf<N>,
): Promise<void> {
  let failure: HookError | undefined;
  for (const set of hooks) {
    const hook = set[name];
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
