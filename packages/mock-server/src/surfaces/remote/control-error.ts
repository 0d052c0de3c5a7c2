/** The error a remote mock's control call fails with: the control surface's error, typed. */
import type { ControlErrorCode } from '../../control-api/route.js';

/**
 * One problem of a refused input: where (`body.ms`, `query.operationId`) and what.
 *
 * @example
 * ```ts
 * const issue: ControlIssue = { path: ['body', 'ms'], message: 'Too small: expected number to be >=0' };
 * ```
 */
export interface ControlIssue {
  readonly path: readonly string[];
  readonly message: string;
}

/**
 * A control call the mock refused (or could not answer): its `code` (one of the control
 * surface's, or the service's for a route that answers with one), `status`, `issues` naming
 * each bad field of a `VALIDATION_ERROR`, and the `requestId` of the answer.
 *
 * @example
 * ```ts
 * try {
 *   await remote.tenants.get('not-a-uuid');
 * } catch (error) {
 *   if (error instanceof ControlError && error.code === 'VALIDATION_ERROR') console.log(error.issues);
 * }
 * ```
 */
export class ControlError extends Error {
  override readonly name = 'ControlError';
  /**
   * The error code: the mock's (`NOT_FOUND`, `VALIDATION_ERROR`, `CONTROL_TOKEN_REQUIRED`, …), or
   * the handle's own: `UNREACHABLE`, `NOT_JSON`, `HTTP_ERROR`, `UNEXPECTED_ANSWER` for an
   * answer that does not fit the route table (another version of the mock, or not a mock), and
   * `UNKNOWN_ROUTE` for a `call()` of a route id the table lacks (its message names the closest
   * ids; nothing was sent).
   */
  readonly code: ControlErrorCode | (string & {});
  /** The HTTP status; 0 when the mock could not be reached, or nothing was sent (`UNKNOWN_ROUTE`). */
  readonly status: number;
  /** Each bad field of a `VALIDATION_ERROR`; empty otherwise. */
  readonly issues: readonly ControlIssue[];
  /** The `X-Request-Id` of the answer, when there was one. */
  readonly requestId: string | undefined;

  constructor(
    init: { code: string; status: number; message: string; issues?: readonly ControlIssue[]; requestId?: string },
    options?: ErrorOptions,
  ) {
    super(init.message, options);
    this.code = init.code;
    this.status = init.status;
    this.issues = init.issues ?? [];
    this.requestId = init.requestId;
  }
}
