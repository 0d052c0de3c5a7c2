/**
 * A client that goes away in the middle of its request (a dropped connection while the body
 * streams in, an aborted `fetch`) is not a bug of the mock, so it is never a 500: the journal and
 * the request log record it with status 499, the status nginx made the usual name for "client
 * closed request". No answer reaches the client; whatever the operation did before stands.
 *
 * @module
 */

/** The status recorded for a request whose client went away before its answer. */
export const CLIENT_CLOSED_STATUS = 499;

/** Reading the request failed because the client went away (the body stream broke off). */
export class ClientClosedError extends Error {
  constructor(cause: unknown) {
    // Stryker disable next-line StringLiteral,ObjectLiteral: no client, journal entry or log shows this error; it only steers the catch in runPipeline
    super('The client closed the connection before the request was read.', { cause });
    // Stryker disable next-line StringLiteral: as above, the name is for a debugger only
    this.name = 'ClientClosedError';
  }
}

/** Whether a failure of the pipeline is the client going away rather than a fault of the mock. */
export function isClientClosed(error: unknown, request: Request): boolean {
  if (error instanceof ClientClosedError) return true;
  // Only asked for failures that are no ApiError: reading `signal` costs the Node adapter a full Request.
  return request.signal.aborted;
}

/** The response recorded for such a request; nobody reads it. */
export function clientClosedResponse(requestId: string): Response {
  return new Response(null, { status: CLIENT_CLOSED_STATUS, headers: { 'x-request-id': requestId } });
}
