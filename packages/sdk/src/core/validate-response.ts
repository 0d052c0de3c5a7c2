/**
 * Checks a success's `data` against the contract's response schema: loaded only by a client with
 * `validateResponses: true`, on its first answer, so that a client without it loads none of the
 * response schemas.
 */
import { HEADERS, operations, validationIssues, type OperationId } from '@commflow/contract';
import * as z from 'zod/mini';
import type { UnexpectedResponseError } from './errors.js';
import type { DEFER_MESSAGES } from './invalid-arguments.js';
import { englishMessage } from './messages.js';

/**
 * What the request core hands over rather than this chunk importing it: modules the request core
 * and this chunk both imported would move to a chunk of their own, which every call would then
 * load apart (and compress apart), though only a client with `validateResponses` loads this one.
 *
 * @internal
 */
export interface ValidatorDeps {
  readonly UnexpectedResponseError: typeof UnexpectedResponseError;
  readonly parseOptions: typeof DEFER_MESSAGES;
}

/** How many wrong places a message names; the error's `paths` holds them all. */
const NAMED_IN_MESSAGE = 5;

/** `data.contacts[0].email` from `['data', 'contacts', '0', 'email']`. */
function pathText(path: readonly string[]): string {
  return path.reduce((text, part) => (/^\d+$/.test(part) ? `${text}[${part}]` : text ? `${text}.${part}` : part), '');
}

/**
 * Throws an {@link UnexpectedResponseError} naming every path where the success's `data` does not
 * match the operation's response schema. Fields the contract does not know are allowed: a newer
 * service may add some.
 *
 * @internal
 */
export function validateResponse(deps: ValidatorDeps, operationId: string, text: string, response: Response): void {
  const schema = operations[operationId as OperationId].response;
  // Parsed again: only a client that asked for the check pays for it.
  const { data } = JSON.parse(text) as { data?: unknown };
  const result = z.safeParse(schema, data, deps.parseOptions);
  if (result.success) return;
  const issues = validationIssues(
    'data',
    result.error.issues.map((issue) => ({ ...issue, message: englishMessage(issue) })),
  );
  const paths = issues.map((issue) => pathText(issue.path));
  const named = issues
    .slice(0, NAMED_IN_MESSAGE)
    .map((issue, i) => `${paths[i] ?? ''} (${issue.message})`)
    .join(', ');
  const more = issues.length > NAMED_IN_MESSAGE ? ` and ${String(issues.length - NAMED_IN_MESSAGE)} more` : '';
  throw new deps.UnexpectedResponseError(operationId, paths, {
    status: response.status,
    code: null,
    message: `${operationId}: the response does not match the contract at ${named}${more}.`,
    details: issues,
    requestId: response.headers.get(HEADERS.requestId),
    headers: response.headers,
  });
}
