/**
 * `@commflow/sdk/validate`: the response validator, an entry of its own so that only an app that
 * imports it bundles the contract's response schemas. A lazily loaded chunk would not do: a
 * bundler splits by module, so the statements of zod's and the contract's shared modules that
 * only the validator uses would land in the chunks every client loads (about 2 kB gzipped).
 *
 * @module
 */
import { HEADERS, operations, validationIssues, type OperationId } from '@commflow/contract';
import * as z from 'zod/mini';
import { UnexpectedResponseError } from './core/errors.js';
import { DEFER_MESSAGES } from './core/invalid-arguments.js';
import { englishMessage } from './core/messages.js';
import type { ResponseValidator } from './core/state.js';

export type { ResponseValidator } from './core/state.js';

/** How many wrong places a message names; the error's `paths` holds them all. */
const NAMED_IN_MESSAGE = 5;

/** `data.contacts[0].email` from `['data', 'contacts', '0', 'email']`. */
function pathText(path: readonly string[]): string {
  return path.reduce((text, part) => (/^\d+$/.test(part) ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
}

/**
 * Checks every success's `data` against the contract's response schema, and throws an
 * {@link UnexpectedResponseError} naming every path where it does not match. Fields the contract
 * does not know are allowed: a newer service may add some. Pass it as the client's
 * `validateResponses`; for tests and staging against a new service version.
 *
 * @example
 * ```ts
 * import { CommFlow } from '@commflow/sdk';
 * import { responseValidator } from '@commflow/sdk/validate';
 *
 * const client = new CommFlow({ apiKey: process.env.COMMFLOW_API_KEY, validateResponses: responseValidator });
 * ```
 */
export const responseValidator: ResponseValidator = (operationId, text, response) => {
  // Parsed again: only a client that asked for the check pays for it. The request core has read
  // the envelope already; this checks its `data`.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the request core passes the id of the call's registry entry; ResponseValidator takes a string so that a validator of one's own needs no contract types
  const envelope = z.object({ data: operations[operationId as OperationId].response });
  const result = z.safeParse(envelope, JSON.parse(text), DEFER_MESSAGES);
  if (result.success) return;
  const issues = validationIssues(
    [],
    result.error.issues.map((issue) => ({ ...issue, message: englishMessage(issue) })),
  );
  const paths = issues.map((issue) => pathText(issue.path));
  const named = issues
    .slice(0, NAMED_IN_MESSAGE)
    .map((issue, i) => `${paths[i] ?? ''} (${issue.message})`)
    .join(', ');
  const more = issues.length > NAMED_IN_MESSAGE ? ` and ${String(issues.length - NAMED_IN_MESSAGE)} more` : '';
  throw new UnexpectedResponseError(operationId, paths, {
    status: response.status,
    code: null,
    message: `${operationId}: the response does not match the contract at ${named}${more}.`,
    details: issues,
    requestId: response.headers.get(HEADERS.requestId),
    headers: response.headers,
  });
};
