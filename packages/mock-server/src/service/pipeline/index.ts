import { ApiError } from '../api-error.js';
import { progressCalls } from '../domains/voice.js';
import type { World } from '../../runtime/world.js';
import { authenticate } from './authenticate.js';
import { clientClosedResponse, isClientClosed } from './client-closed.js';
import type { RequestContext, Step } from './context.js';
import { errorResponse, internalError, successResponse } from './envelope.js';
import { checkCapability, checkModule, checkPermission, resolveActingUser } from './gating.js';
import { idempotency } from './idempotency.js';
import { runOperation } from './operate.js';
import { applyOverride, ConnectionDroppedError, stubResponse } from './override.js';
import { rateLimit } from './rate-limit.js';
import { assignRequestId } from './request-id.js';
import { refuseMalformed } from './malformed.js';
import { route } from './route.js';
import { resolveTenant } from './tenant.js';
import { validateRequest } from './validate.js';

/**
 * The pipeline, in the order of decisions.md section 3. Every request passes every step until
 * one answers; the envelope and headers are added after the last.
 *
 * Routing sits after the rate limit: the check order starts with the key, so an unknown route
 * with no key is 401, and an unknown route with a key still counts and carries RateLimit-*. A
 * request Node's parser refused is refused there too, after the key and the rate limit, like
 * any 400.
 */
export const PIPELINE: readonly Step[] = [
  assignRequestId,
  authenticate,
  rateLimit,
  refuseMalformed,
  route,
  resolveTenant,
  checkPermission,
  checkModule,
  resolveActingUser,
  checkCapability,
  validateRequest,
  idempotency,
  applyOverride,
  runOperation,
];

/**
 * The steps of a request for the OpenAPI document by another method. The document needs no key,
 * so neither does its 405: a keyless `TRACE /api/v1/openapi.json` is 405 like any other path's
 * wrong method, not 401.
 */
export const DOCUMENT_PIPELINE: readonly Step[] = [assignRequestId, refuseMalformed, route];

/** What the pipeline produced, for the journal. */
export interface PipelineOutcome {
  response: Response;
  context: RequestContext;
  errorCode: string | null;
  replayed: boolean;
  /** The response's body text, for the journal. */
  body: string;
  /**
   * The response's headers as the record it was built from, for the journal: reading
   * `response.headers` would build a `Headers` the Node adapter otherwise never needs.
   */
  headers: Readonly<Record<string, string>>;
}

/** Runs one request through `steps` (the pipeline). Never throws: any failure becomes an error envelope. */
export async function runPipeline(
  world: World,
  request: Request,
  url: URL,
  steps: readonly Step[] = PIPELINE,
): Promise<PipelineOutcome> {
  progressCalls(world);
  const context: RequestContext = {
    request,
    url,
    world,
    // Stryker disable next-line StringLiteral: a placeholder; the request-id step, always the first, sets it
    requestId: '',
    rawPathParams: {},
    // Stryker disable next-line ObjectLiteral: a placeholder; the journal reads the input only once the validate step has replaced it
    input: { params: {}, query: {}, body: undefined },
    finalizers: [],
  };
  let built: { response: Response; body: string; headers: Record<string, string> };
  let errorCode: string | null = null;
  try {
    for (const step of steps) {
      // Most steps are synchronous: awaiting only real promises saves a microtask turn per step.
      let answer = step(context);
      if (answer instanceof Promise) answer = await answer;
      if (answer instanceof Response) {
        return {
          response: answer,
          context,
          errorCode: null,
          replayed: true,
          // Stryker disable next-line StringLiteral: the only step that answers early is the idempotency replay, which sets replayBody
          body: context.replayBody ?? '',
          headers: context.replayHeaders ?? {},
        };
      }
    }
    built =
      context.stub !== undefined && context.op !== undefined
        ? stubResponse(context, context.op)
        : successResponse(context);
  } catch (error) {
    if (error instanceof ConnectionDroppedError) {
      // No answer: the adapters close the connection (mock.fetch rejects, as fetch would).
      const response = Response.error();
      for (const finalize of context.finalizers) finalize(response, '');
      return { response, context, errorCode: null, replayed: false, body: '', headers: {} };
    }
    if (!(error instanceof ApiError) && isClientClosed(error, request)) {
      const response = clientClosedResponse(context.requestId);
      // Stryker disable next-line StringLiteral: a 499 only frees the idempotency key, which reads the status, never the body
      for (const finalize of context.finalizers) finalize(response, '');
      return {
        response,
        context,
        errorCode: null,
        replayed: false,
        body: '',
        headers: { 'x-request-id': context.requestId },
      };
    }
    const apiError = error instanceof ApiError ? error : internalError(error);
    errorCode = apiError.code;
    built = errorResponse(context, apiError);
  }
  for (const finalize of context.finalizers) finalize(built.response, built.body);
  return { response: built.response, context, errorCode, replayed: false, body: built.body, headers: built.headers };
}
