/**
 * `@commflow/mock-server/jest`: registers the mock's matchers on jest's `expect` and types them,
 * from one shipped module. List it in both places, and the types and the registration go
 * together in every test file:
 *
 * ```json
 * // package.json (jest)            // tsconfig.json
 * "setupFilesAfterEnv": [           "compilerOptions": {
 *   "@commflow/mock-server/jest"      "types": ["@commflow/mock-server/jest"]
 * ]                                 }
 * ```
 *
 * Every matcher takes the mock, a remote mock, or a tenant handle (`mock.tenants.create()`,
 * `mock.tenant(id)`), scoped to its tenant: `expect(tenant).toHaveReceived('contacts.create')`.
 *
 * @module jest
 */
import type {} from 'expect';
import { matchers } from './matchers.js';
import type { CommFlowMatchers } from './matcher-types.js';

declare module 'expect' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an augmentation: its type parameters must be jest's
  interface Matchers<R extends void | Promise<void>, T = unknown> extends CommFlowMatchers<R, T> {}
}

// jest's global `expect`, as a setup file sees it: a function with `extend`.
const expect: unknown = Reflect.get(globalThis, 'expect');
if (typeof expect !== 'function' || !('extend' in expect) || typeof expect.extend !== 'function') {
  throw new Error(
    '@commflow/mock-server/jest registers matchers on jest\u2019s global expect: list it in setupFilesAfterEnv (with injectGlobals on, the default).',
  );
}
Reflect.apply(expect.extend, expect, [matchers]);

// The matchers entry's exports, not `export * from './matchers-entry.js'`: an entry that other
// entries import becomes a chunk of its own, with no code in it (tsup: "Generated an empty chunk").
export { matchers } from './matchers.js';
export type * from './matcher-types.js';
