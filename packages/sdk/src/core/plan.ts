import { isSafeToRetry, isUserScoped, takesIdempotencyKey, type OperationRequest } from '@commflow/contract/requests';
import * as z from 'zod/mini';

/**
 * What the SDK knows of one operation, worked out on its first call and reused by every later
 * one: the path template split at its parameters, which headers apply, whether it may be retried,
 * and the query string an empty query encodes to.
 */
export interface OperationPlan {
  readonly method: OperationRequest['method'];
  readonly userScoped: boolean;
  readonly idempotent: boolean;
  readonly safeToRetry: boolean;
  /** Literal segments and parameter names, alternating: `['/api/v1/sms/', 'id', '/messages']`. */
  readonly pathParts: readonly string[] | undefined;
  /** The encoded empty query (`''`) when `{}` is a valid query that encodes to nothing, else `undefined`. */
  readonly emptyQuery: string | undefined;
}

const plans = new WeakMap<OperationRequest, OperationPlan>();
const PATH_PARAM = /\{(\w+)\}/;

export function planOf(op: OperationRequest): OperationPlan {
  let plan = plans.get(op);
  if (plan === undefined) {
    let emptyQuery: string | undefined;
    if (op.query === undefined) emptyQuery = '';
    else {
      const encoded = z.safeEncode(op.query, {});
      if (encoded.success && Object.values(encoded.data).every((value) => value === undefined)) emptyQuery = '';
    }
    plan = {
      method: op.method,
      userScoped: isUserScoped(op),
      idempotent: takesIdempotencyKey(op),
      safeToRetry: isSafeToRetry(op),
      pathParts: op.pathParams ? op.path.split(PATH_PARAM) : undefined,
      emptyQuery,
    };
    plans.set(op, plan);
  }
  return plan;
}
