import { HEADER_SCHEMAS, HEADERS } from '@commflow/contract';
import { ApiError, invalid } from '../api-error.js';
import type { Step } from './context.js';
import { BoundedMemo } from './memo.js';
import { worldFor } from '../tenant-clock.js';

/** Tenant ids that passed the header schema (pure, so they pass again). */
const wellFormed = new BoundedMemo<string, true>(1024);

/**
 * Reads `X-Tenant-Id`: missing or not a uuid is 400; a tenant the key may not access is 403,
 * whether or not it exists, so keys cannot probe for tenants.
 */
export const resolveTenant: Step = (context) => {
  const value = context.request.headers.get(HEADERS.tenantId);
  if (value === null) throw invalid(['header', HEADERS.tenantId], 'Required');
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement: a memo of a pure check; skipping it only costs time
  if (wellFormed.get(value) === undefined) {
    const parsed = HEADER_SCHEMAS.T.safeParse(value);
    // Stryker disable next-line OptionalChaining,LogicalOperator,StringLiteral: zod reports at least one issue on a failed parse, so the fallback never shows
    if (!parsed.success) throw invalid(['header', HEADERS.tenantId], parsed.error.issues[0]?.message ?? 'Invalid');
    // Stryker disable next-line BooleanLiteral: any stored value marks the id as well-formed
    wellFormed.set(value, true);
  }
  const id = value.toLowerCase();
  const tenant = context.world.state.tenants.get(id);
  // Stryker disable next-line OptionalChaining: authenticate sets the key or throws; the chain only narrows RequestContext
  if (context.key?.tenantIds.has(id) !== true || tenant === undefined) {
    throw new ApiError('TENANT_ACCESS_DENIED', 'This API key may not access the tenant.');
  }
  context.tenant = tenant;
  // From here on, the request runs on its tenant's clock.
  context.world = worldFor(context.world, tenant.id);
};
