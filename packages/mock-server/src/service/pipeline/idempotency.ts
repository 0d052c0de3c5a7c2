import { createHash } from 'node:crypto';
import { HEADERS, takesIdempotencyKey } from '@commflow/contract';
import { ApiError } from '../api-error.js';
import { canonicalJson } from '../../lib/json.js';
import { isDropped } from '../../lib/dropped.js';
import { CLIENT_CLOSED_STATUS } from './client-closed.js';
import { replayResponse } from './envelope.js';
import type { Step } from './context.js';

/**
 * Results that leave the key free for a retry: auth, permission and rate-limit refusals, 5xx,
 * and a client that went away (499).
 */
const notStored = (status: number) =>
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,BooleanLiteral: unreachable under the step order of decisions §3 (401, 403, 429 and 499 are raised before this step; injected faults are released by X-Mock-Fault); kept as defence if the order changes
  status === 401 || status === 403 || status === 429 || status === CLIENT_CLOSED_STATUS || status >= 500;

/**
 * Honours `Idempotency-Key` on the operations whose spec row lists it. Scope: API key + tenant
 * + key value. Fingerprint: method, path, acting user, canonical JSON body. The key is reserved
 * before the operation runs, so a concurrent duplicate gets `IDEMPOTENCY_IN_PROGRESS` and never
 * acts twice.
 */
export const idempotency: Step = (context) => {
  const { op, key, tenant } = context;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: authenticate, route and tenant run first and set these or throw; the guard only narrows the optional fields of RequestContext
  if (op === undefined || key === undefined || tenant === undefined) return;
  if (!takesIdempotencyKey(op)) return;
  const value = context.request.headers.get(HEADERS.idempotencyKey);
  if (value === null) return;
  const scope = `${key.hash}\n${tenant.id}\n${value}`;
  const fingerprint = createHash('sha256')
    .update(
      [
        context.request.method,
        context.url.pathname,
        // Stryker disable next-line MethodExpression,StringLiteral: the record's email, the same string for every request resolving to that user whatever the header's case; '' is any constant for "no user"
        context.user?.email.toLowerCase() ?? '',
        canonicalJson(context.rawBody ?? null),
        // Stryker disable next-line StringLiteral: without the separator no two requests collide either: the path starts with "/", emails hold no "{", and the body is "null" or "{…}"
      ].join('\n'),
    )
    .digest('base64url');
  const store = context.world.state.idempotency;
  const reservation = store.reserve(scope, fingerprint);
  switch (reservation.kind) {
    case 'reused':
      throw new ApiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request.');
    case 'in-progress':
      throw new ApiError('IDEMPOTENCY_IN_PROGRESS', 'The first request with this Idempotency-Key is still running.');
    case 'replay':
      return replayResponse(context, reservation.response);
    case 'fresh':
      context.finalizers.push((response, body) => {
        if (
          isDropped(response) ||
          notStored(response.status) ||
          response.headers.has('x-mock-fault') ||
          response.headers.has('x-mock-override')
        ) {
          store.release(scope);
          return;
        }
        // Kept for an answer with headers of its own. Today a stored answer has only the envelope's:
        // Content-Type, which the replay sets anyway. The replay names its own request in
        // X-Request-Id, and a fault's answer is never stored.
        // Stryker disable next-line ArrayDeclaration: storing none replays the same headers today (see above)
        const headers = [...response.headers].filter(
          // Stryker disable next-line ArrowFunction: storing none replays the same headers today (see above)
          ([name]) =>
            // The replay carries the window's state now, never the first answer's.
            !name.startsWith('ratelimit-') &&
            // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: the replay sets X-Request-Id after the stored headers
            name !== 'x-request-id' &&
            // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: a fault's answer is never stored
            name !== 'x-mock-fault' &&
            name !== 'x-mock-override',
        );
        store.complete(scope, { status: response.status, headers, body });
      });
  }
};
