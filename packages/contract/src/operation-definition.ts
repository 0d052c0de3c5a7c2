/**
 * The shape of one operation of the registry: what it needs (gating), what it answers, which
 * events it emits, and which elements `decisions.md` supplied. The registry is `operations.ts`.
 *
 * @module
 */
import type * as z from 'zod/mini';
import type { ErrorCode } from './errors.js';
import type { EventType } from './event-types.js';
import type { OperationRequest } from './operation-requests.js';

/**
 * What an operation needs beyond a valid key: a key permission, a tenant module, and a
 * capability of the tenant (and of the acting user, when the user carries a capability list).
 *
 * @example
 * ```ts
 * const gating: Gating = { permission: 'sms', module: 'sms', capability: 'sms.use' };
 * ```
 */
export interface Gating {
  readonly permission: string;
  readonly module: string | null;
  readonly capability: string | null;
}

/**
 * An element of an operation that `decisions.md` decided because the service spec leaves it open.
 * It is marked `x-assumed: true` in the OpenAPI document.
 *
 * @example
 * ```ts
 * const element: AssumedElement = 'query.cursor';
 * ```
 */
export type AssumedElement = 'operationId' | 'gating' | 'successStatus' | 'response' | 'body' | `query.${string}`;

/**
 * One entry of the operation registry: everything the SDK, the mock server and the OpenAPI
 * generator need to know about an operation.
 *
 * @example
 * ```ts
 * const op: OperationDefinition = operations['contacts.create'];
 * op.method; // 'POST'
 * ```
 */
export interface OperationDefinition extends OperationRequest {
  readonly summary: string;
  /** The success statuses: two for the operations whose status tells new from existing. */
  readonly successStatus: readonly [200] | readonly [201] | readonly [201, 200];
  /** The schema of `data`. */
  readonly response: z.ZodMiniObject;
  readonly gating: Gating;
  readonly events: readonly EventType[];
  readonly assumed: readonly AssumedElement[];
  /**
   * The errors this operation raises for reasons of its own (`NO_EXTENSION` on click-to-dial, a
   * `NOT_FOUND` for an id it loads), each with when. The errors that follow from its headers,
   * gating, body and pagination are derived by {@link operationErrors}, never listed here.
   */
  readonly errors: OperationSpecificErrors;
}

/**
 * The operation-specific errors of a registry entry: a catalogue code and when the operation
 * raises it.
 *
 * @example
 * ```ts
 * const errors: OperationSpecificErrors = { NO_EXTENSION: 'The acting user has no provisioned extension to ring.' };
 * ```
 */
export type OperationSpecificErrors = Readonly<Partial<Record<ErrorCode, string>>>;

/**
 * Defines a registry entry, keeping every literal type so that clients infer exact shapes.
 *
 * @example
 * ```ts
 * const op = defineOperation({ ...operations['users.list'] });
 * ```
 */
export function defineOperation<const T extends OperationDefinition>(definition: T): T {
  return definition;
}

/**
 * Whether `decisions.md`, not the service spec, supplied an element of an operation.
 *
 * @example
 * ```ts
 * isAssumed(operations['pricing.quote'], 'operationId'); // true
 * ```
 */
export function isAssumed(op: OperationDefinition, element: AssumedElement): boolean {
  return op.assumed.includes(element);
}
