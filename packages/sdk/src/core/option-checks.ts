import type { OperationRequest } from '@commflow/contract';
import { ValidationError } from './errors.js';
import type { HooksOption } from './hooks.js';
import { hooksProblem } from '../internal/option-problems.js';
import { isRecord, kindOf, unknownKeyIssues, unknownKeys } from '../internal/known-keys.js';
import { numericOptionProblem } from './option-rules.js';

/**
 * Options of one call, overriding the client's for that call only. A key that is not one of these
 * (from JavaScript, a typo such as `retries`) rejects the call with a `ValidationError` naming it
 * and the option it probably meant; nothing is sent.
 *
 * @example
 * ```ts
 * await client.contacts.create(
 *   { firstName: 'Ann' },
 *   { userEmail: 'bob.stone@acme.test', idempotencyKey: 'import-42', timeout: 5_000, maxRetries: 5 },
 * );
 * // { retries: 5 } rejects: Invalid arguments for contacts.create: options.retries: unknown option (did you mean "maxRetries"?)
 * ```
 */
export interface RequestOptions {
  /** The acting user (`X-User-Email`) of a user-scoped operation. */
  userEmail?: string | undefined;
  /** The tenant (`X-Tenant-Id`): an account (`cfa_`) key may access several. */
  tenantId?: string | undefined;
  /** The `Idempotency-Key` of an operation that takes one. Default: a new UUID v4 per call, reused by its retries. */
  idempotencyKey?: string | undefined;
  /** Aborts the call, including its retries and backoff waits. An aborted call rejects with {@link APIUserAbortError}. */
  signal?: AbortSignal | undefined;
  /** Milliseconds each attempt may take: an integer in 1..2147483647. */
  timeout?: number | undefined;
  /** How many times a failed attempt may be retried: an integer >= 0. */
  maxRetries?: number | undefined;
  /** Extra request headers. */
  headers?: Readonly<Record<string, string>> | undefined;
  /** Hooks of this call only: they run after the client's (see {@link Hooks}). */
  hooks?: HooksOption | undefined;
}

/**
 * Every call option's name, once: `satisfies` makes TypeScript refuse a name
 * {@link RequestOptions} lacks and an option this map forgets, so the check cannot drift.
 */
const CALL_OPTION_NAMES = {
  userEmail: true,
  tenantId: true,
  idempotencyKey: true,
  signal: true,
  timeout: true,
  maxRetries: true,
  headers: true,
  hooks: true,
} as const satisfies Record<keyof RequestOptions, true>;

/**
 * The arguments of a call, before validation.
 *
 * @internal
 */
export interface CallInput {
  path?: Readonly<Record<string, unknown>> | undefined;
  query?: Readonly<Record<string, unknown>> | undefined;
  body?: unknown;
}

/**
 * The keys of a call's input, once: `satisfies` makes TypeScript refuse a key {@link CallInput}
 * lacks and one this map forgets.
 */
const INPUT_NAMES = { path: true, query: true, body: true } as const satisfies Record<keyof CallInput, true>;

function invalid(op: OperationRequest, name: string, message: string): never {
  throw new ValidationError(op.id, [{ path: ['options', name], message }]);
}

/**
 * Refuses call options that are not an object, unknown ones (`retries`), a `hooks` that is not
 * hooks and a `maxRetries` or `timeout` out of range, and an unknown key in the call's input
 * (`qurey`), which plain JavaScript would otherwise have ignored. A handful of `in` checks per call.
 *
 * @internal
 */
export function checkCall(op: OperationRequest, input: CallInput, options: RequestOptions): void {
  // Typed for TypeScript callers; plain JavaScript may pass anything.
  const given: unknown = options;
  if (!isRecord(given)) {
    throw new ValidationError(op.id, [{ path: ['options'], message: `must be an object, got ${kindOf(given)}` }]);
  }
  const unknown = unknownKeys(options, CALL_OPTION_NAMES);
  if (unknown) {
    throw new ValidationError(
      op.id,
      unknownKeyIssues(unknown, CALL_OPTION_NAMES, ['options'], 'option', "a call's options are"),
    );
  }
  const { hooks, maxRetries, timeout } = options;
  const problem = hooks === undefined ? undefined : hooksProblem(hooks);
  if (problem !== undefined) throw new ValidationError(op.id, [{ path: ['options', 'hooks'], message: problem }]);
  const unknownInput = unknownKeys(input, INPUT_NAMES);
  if (unknownInput) {
    throw new ValidationError(op.id, unknownKeyIssues(unknownInput, INPUT_NAMES, [], 'key', "a call's input holds"));
  }
  if (maxRetries !== undefined) {
    const wrong = numericOptionProblem('maxRetries', maxRetries);
    if (wrong) invalid(op, 'maxRetries', wrong);
  }
  if (timeout !== undefined) {
    const wrong = numericOptionProblem('timeout', timeout);
    if (wrong) invalid(op, 'timeout', wrong);
  }
}
