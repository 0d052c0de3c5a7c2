/**
 * The opt-in check that a test used every override it added: an override left unused usually
 * means the test never exercised what it meant to (a wrong tenant, operation or subset).
 */
import type { MatcherContextLike, MatcherResult } from './matcher-types.js';

interface ListedOverride {
  readonly id: string;
  readonly operations: readonly string[];
  readonly tenantId?: string | undefined;
}

type Listing = readonly ListedOverride[] | Promise<readonly ListedOverride[]>;

interface OverrideSource {
  readonly overrides: { list(filter: { tenantId?: string; unused?: boolean }): Listing };
}

/** Whether `value` has the overrides' listing the matcher calls (its answer is the mock's). */
function isOverrideSource(value: unknown): value is OverrideSource {
  const overrides = typeof value === 'object' && value !== null && 'overrides' in value ? value.overrides : undefined;
  return (
    typeof overrides === 'object' && overrides !== null && 'list' in overrides && typeof overrides.list === 'function'
  );
}

function describe(override: ListedOverride): string {
  const tenant = override.tenantId === undefined ? 'every tenant' : `tenant ${override.tenantId}`;
  const operations =
    override.operations.length > 3 ? `${override.operations.length} operations` : override.operations.join(', ');
  return `${override.id} (${operations}; ${tenant})`;
}

function result(context: MatcherContextLike, unused: readonly ListedOverride[]): MatcherResult {
  return {
    pass: unused.length === 0,
    message: () =>
      context.isNot === true
        ? 'Expected an override to be left unused, and every one answered at least once.'
        : `Expected every override to have answered a request, and ${unused.length} never did:\n${unused
            .map((override) => `  - ${describe(override)}`)
            .join('\n')}`,
  };
}

/** The override matcher, merged into the mock's matchers. */
export const overrideMatchers = {
  /**
   * Passes when every override (of `filter.tenantId`, when given) answered at least one request.
   * A promise on a remote mock.
   */
  toHaveUsedEveryOverride(
    this: MatcherContextLike,
    received: unknown,
    filter: { tenantId?: string } = {},
  ): MatcherResult | Promise<MatcherResult> {
    if (!isOverrideSource(received)) {
      throw new TypeError('toHaveUsedEveryOverride: the received value must be a CommFlowMock or a remote mock');
    }
    const listed = received.overrides.list({ ...filter, unused: true });
    return listed instanceof Promise ? listed.then((unused) => result(this, unused)) : result(this, listed);
  },
};
