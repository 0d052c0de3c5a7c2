/**
 * `@commflow/mock-server/matchers`: the mock's test matchers for any `expect` that takes
 * `expect.extend` (jest, vitest), with no test framework imported.
 *
 * ```js
 * import { expect } from '@jest/globals';
 * import { matchers } from '@commflow/mock-server/matchers';
 * expect.extend(matchers);
 * ```
 *
 * @module matchers
 */
export { matchers } from './matchers.js';
export type {
  AsymmetricMatcherLike,
  CommFlowMatchers,
  DeliveryMatch,
  EventMatch,
  Matchable,
  MatcherContextLike,
  MatcherResult,
  RequestMatch,
} from './matchers.js';
