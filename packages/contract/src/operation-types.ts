/**
 * The typed parts of an operation (its data, query, body and path parameters), derived from the
 * registry's schemas.
 *
 * @module
 */
import type * as z from 'zod/mini';
import type { OperationId, Operations } from './operations.js';

/**
 * The typed `data` of an operation's success response.
 *
 * @example
 * ```ts
 * type Data = OperationData<'contacts.create'>; // { contact: Contact }
 * ```
 */
export type OperationData<Id extends OperationId> = z.output<Operations[Id]['response']>;

/**
 * The typed query of an operation, as code sees it (numbers, not strings).
 *
 * @example
 * ```ts
 * const q: OperationQuery<'contacts.list'> = { search: 'ann', limit: 10 };
 * ```
 */
export type OperationQuery<Id extends OperationId> = z.output<Extract<Operations[Id]['query'], z.ZodMiniType>>;

/**
 * The typed body of an operation.
 *
 * @example
 * ```ts
 * const body: OperationBody<'sms.send'> = { body: 'hello' };
 * ```
 */
export type OperationBody<Id extends OperationId> = z.input<Extract<Operations[Id]['body'], z.ZodMiniType>>;

/**
 * The typed path parameters of an operation.
 *
 * @example
 * ```ts
 * const params: OperationPathParams<'ai.agents.get'> = { id };
 * ```
 */
export type OperationPathParams<Id extends OperationId> = z.output<
  Extract<Operations[Id]['pathParams'], z.ZodMiniType>
>;
