import { ERROR_CATALOGUE, type OperationId } from '@commflow/contract';
import { ApiError } from '../api-error.js';
import { HANDLERS } from '../domains/index.js';
import type { Handler, OperationInput } from '../domains/types.js';
import type { FaultStore } from '../../state/faults.js';
import type { RequestContext, Step } from './context.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The catalogue code of a status, for faults given without a code. */
function codeFor(status: number): string {
  const entry = Object.entries(ERROR_CATALOGUE).find(([, value]) => value.status === status);
  return entry?.[0] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR');
}

/** Stalls for an injected fault's delay, then fails when it has a status. */
async function applyFault(fault: NonNullable<ReturnType<FaultStore['take']>>): Promise<void> {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator: sleep(0) and no sleep differ by one macrotask, which no client can tell apart
  if (fault.delayMs !== undefined && fault.delayMs > 0) await sleep(fault.delayMs);
  if (fault.status === undefined) return;
  const headers: Record<string, string> = { 'X-Mock-Fault': 'injected' };
  if (fault.status === 429) headers['Retry-After'] = '1';
  const code = fault.code ?? codeFor(fault.status);
  const error = ApiError.custom(fault.status, code, 'Injected fault.', headers);
  if (fault.status === 429) Object.assign(error, { details: { retryAfterSeconds: 1 } });
  // The catalogue's VALIDATION_ERROR always lists its issues: an injected one has none to list.
  else if (code === 'VALIDATION_ERROR') Object.assign(error, { details: [] });
  throw error;
}

/** Runs the operation's domain handler with the validated input. */
function operate(context: RequestContext): void {
  const { op, tenant } = context;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the route and tenant steps set both or throw; the guard only narrows RequestContext
  if (op === undefined || tenant === undefined) return;
  const handler = HANDLERS[op.id as OperationId] as Handler<OperationId>;
  const input = {
    world: context.world,
    tenant,
    user: context.user,
    params: context.input.params,
    query: context.input.query,
    body: context.input.body,
  } as OperationInput<OperationId>;
  const output = handler(input);
  context.result = output;
}

/**
 * Applies an injected fault, if one matches (stall, then fail when it has a status), then runs
 * the operation. Synchronous when no fault matches.
 */
export const runOperation: Step = (context) => {
  const op = context.op;
  const fault =
    // Stryker disable next-line ConditionalExpression: the route step sets `op` or throws; the guard only narrows RequestContext
    op === undefined
      ? undefined
      : context.world.state.faults.take(context.request.method, context.url.pathname, op.path);
  if (fault !== undefined) {
    return applyFault(fault).then(() => {
      operate(context);
      return undefined;
    });
  }
  operate(context);
  return undefined;
};
