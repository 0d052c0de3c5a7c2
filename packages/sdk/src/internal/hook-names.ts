/**
 * The name of a hook.
 *
 * @example
 * ```ts
 * const name: HookName = 'beforeRequest';
 * ```
 */
export type HookName = 'beforeRequest' | 'afterResponse' | 'onRetry' | 'onError' | 'onWait';

/**
 * Every hook's name, as the check of a `hooks` option (option-problems.ts) lists them: `satisfies`
 * makes TypeScript refuse a name {@link HookName} lacks and one this map forgets, and a type test
 * holds `HookName` equal to the members of `Hooks` (core/hooks.ts). Apart from the hook types, so
 * that the errors (`HookError`), the hooks and that check share the names without importing one
 * another.
 */
export const HOOK_NAMES = {
  beforeRequest: true,
  afterResponse: true,
  onRetry: true,
  onError: true,
  onWait: true,
} as const satisfies Record<HookName, true>;
