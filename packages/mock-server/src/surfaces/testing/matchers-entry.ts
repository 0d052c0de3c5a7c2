/**
 * `@commflow/mock-server/matchers`: the mock's test matchers for any `expect` that takes
 * `expect.extend` (jest, vitest), with no test framework imported. For jest with types, prefer
 * `@commflow/mock-server/jest`; for vitest, `@commflow/mock-server/vitest`.
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
export type * from './matcher-types.js';
