import { HEADER_SCHEMAS, HEADERS, isUserScoped } from '@commflow/contract';
import { ApiError, invalid } from '../api-error.js';
import type { Step } from './context.js';

/** The key must hold the operation's permission. */
export const checkPermission: Step = ({ key, op }) => {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: authenticate and route set both or throw; the guard only narrows RequestContext
  if (key === undefined || op === undefined) return;
  if (key.permissions !== null && !key.permissions.has(op.gating.permission)) {
    throw new ApiError('PERMISSION_DENIED', `This API key lacks the "${op.gating.permission}" permission.`);
  }
};

/** The tenant must have the operation's module. */
export const checkModule: Step = ({ tenant, op }) => {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,OptionalChaining: route and tenant set both or throw; the guard only narrows RequestContext
  if (tenant === undefined || op === undefined) return;
  if (op.gating.module == null) return;
  if (!tenant.modules.has(op.gating.module)) {
    throw new ApiError('MODULE_DISABLED', `The tenant does not have the "${op.gating.module}" module.`);
  }
};

/** On user-scoped operations, `X-User-Email` must name a user of the tenant. */
export const resolveActingUser: Step = (context) => {
  const { op, tenant } = context;
  // Stryker disable next-line ConditionalExpression,LogicalOperator: route and tenant set both or throw; the guard only narrows RequestContext
  if (op === undefined || tenant === undefined) return;
  if (!isUserScoped(op)) return;
  const value = context.request.headers.get(HEADERS.userEmail);
  if (value === null) throw invalid(['header', HEADERS.userEmail], 'Required');
  const parsed = HEADER_SCHEMAS.U.safeParse(value);
  // Stryker disable next-line OptionalChaining,LogicalOperator,StringLiteral: zod reports at least one issue on a failed parse, so the fallback never shows
  if (!parsed.success) throw invalid(['header', HEADERS.userEmail], parsed.error.issues[0]?.message ?? 'Invalid');
  const user = tenant.userByEmail(value);
  // Named, as the other messages name what they refused: the header is the app's, never a secret.
  if (user === undefined) throw new ApiError('UNKNOWN_USER', `X-User-Email "${value}" names no user of the tenant.`);
  context.user = user;
};

/** The tenant, and an acting user that carries a capability list, must hold the capability. */
export const checkCapability: Step = ({ op, tenant, user }) => {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,OptionalChaining: route and tenant set both or throw; the guard only narrows RequestContext
  if (op === undefined || tenant === undefined) return;
  const capability = op.gating.capability;
  if (capability == null) return;
  if (!tenant.capabilities.has(capability)) {
    throw new ApiError('CAPABILITY_DENIED', `The tenant is not granted the "${capability}" capability.`);
  }
  if (user?.capabilities != null && !user.capabilities.has(capability)) {
    throw new ApiError('CAPABILITY_DENIED', `The acting user is not granted the "${capability}" capability.`);
  }
};
