import type { OperationId } from '@commflow/contract';
import { HANDLERS } from '../domains/index.js';
import type { Handler, OperationInput } from '../domains/types.js';
import type { Step } from './context.js';

/** Runs the operation's domain handler with the validated input, unless a stub answers instead. */
export const runOperation: Step = (context) => {
  const { op, tenant } = context;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the route and tenant steps set both or throw; the guard only narrows RequestContext
  if (op === undefined || tenant === undefined || context.stub !== undefined) return undefined;
  const handler = HANDLERS[op.id as OperationId] as Handler<OperationId>;
  const input = {
    world: context.world,
    tenant,
    user: context.user,
    params: context.input.params,
    query: context.input.query,
    body: context.input.body,
  } as OperationInput<OperationId>;
  context.result = handler(input);
  return undefined;
};
