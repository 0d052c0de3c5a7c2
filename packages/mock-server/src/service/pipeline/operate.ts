import type { OperationId } from '@commflow/contract';
import { HANDLERS } from '../domains/index.js';
import type { Handler, OperationInput } from '../domains/types.js';
import type { Step } from './context.js';

/** Whether an id has a handler: every operation of the registry has one (`HandlerTable`). */
const hasHandler = (id: string): id is OperationId => Object.hasOwn(HANDLERS, id);

/** Runs the operation's domain handler with the validated input, unless a stub answers instead. */
export const runOperation: Step = (context) => {
  const { op, tenant } = context;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: the route and tenant steps set both or throw, and the router matches registry entries only, each with a handler; the guard only narrows RequestContext and the id
  if (op === undefined || tenant === undefined || context.stub !== undefined || !hasHandler(op.id)) return undefined;
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the one place the id meets its handler at run time: HandlerTable types each handler for its own id only
  const handler = HANDLERS[op.id] as Handler<OperationId>;
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- validate.ts parsed params, query and body with this operation's own schemas, those OperationInput is inferred from
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
