import { OPENAPI_PATH } from '@commflow/contract';
import { ApiError } from '../api-error.js';
import { allowWithHead } from '../http/head.js';
import { registryRouter } from '../http/router.js';
import type { Step } from './context.js';

/** Matches the operation through the indexed router: unknown path 404, other method 405 with `Allow`. */
export const route: Step = (context) => {
  // The document itself is served before the pipeline; only its other methods get here.
  const match =
    context.url.pathname === OPENAPI_PATH
      ? ({ kind: 'method-not-allowed', allow: allowWithHead(['GET']) } as const)
      : registryRouter().match(context.request.method, context.url.pathname);
  if (match.kind === 'not-found') throw new ApiError('NOT_FOUND', `No route for ${context.url.pathname}.`);
  if (match.kind === 'method-not-allowed') {
    const allow = match.allow.join(', ');
    throw new ApiError(
      'METHOD_NOT_ALLOWED',
      `${context.request.method} is not allowed on ${context.url.pathname}. Allowed: ${allow}.`,
      undefined,
      { Allow: allow },
    );
  }
  context.op = match.op;
  context.rawPathParams = match.params;
};
