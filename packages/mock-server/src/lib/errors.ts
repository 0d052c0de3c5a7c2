/**
 * What a caught value says, read without a cast: a `catch` receives `unknown`, and not every
 * throw is an `Error` (a library may throw a string, a rejection may carry anything).
 */

/**
 * The message of a caught value: an `Error`'s message, else the value as text.
 *
 * @example
 * ```ts
 * try { JSON.parse(text); } catch (error) { fail(`not JSON: ${errorMessage(error)}`); }
 * ```
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The `code` of a caught value when it has a string one (a Node system error's `ENOENT`, an API
 * error's `NOT_FOUND`), else `undefined`.
 *
 * @example
 * ```ts
 * try { readFileSync(path); } catch (error) { if (errorCode(error) === 'ENOENT') return undefined; throw error; }
 * ```
 */
export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}
