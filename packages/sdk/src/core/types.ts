import type {
  OperationBody,
  OperationData,
  OperationId,
  OperationPathParams,
  OperationQuery,
  Operations,
} from '@commflow/contract';
import type * as z from 'zod/mini';
import type { RequestOptions } from './option-checks.js';

/**
 * What a call of an operation resolves to: `data[resultKey]` of its response, or the whole of
 * `data` when the registry names no key.
 *
 * @example
 * ```ts
 * type Contact = OperationResult<'contacts.create'>; // the contact
 * type Call = OperationResult<'voice.click2dial'>; // { callId, status }
 * ```
 */
export type OperationResult<Id extends OperationId> = Operations[Id]['resultKey'] extends infer K extends
  keyof OperationData<Id>
  ? OperationData<Id>[K]
  : OperationData<Id>;

/**
 * The ids of the paged list operations (those whose registry entry pages by offset or cursor).
 *
 * @example
 * ```ts
 * const id: PagedOperationId = 'contacts.list';
 * ```
 */
export type PagedOperationId = {
  [Id in OperationId]: Operations[Id]['pagination'] extends 'none' ? never : Id;
}[OperationId];

/**
 * The item type of a list operation.
 *
 * @example
 * ```ts
 * type Record = ListItem<'cdr.list'>;
 * ```
 */
export type ListItem<Id extends OperationId> = OperationResult<Id> extends readonly (infer Item)[] ? Item : never;

/**
 * The query parameters of a list operation, as code writes them (numbers, not strings).
 *
 * @example
 * ```ts
 * const params: ListParams<'contacts.list'> = { search: 'ann', limit: 100 };
 * ```
 */
export type ListParams<Id extends OperationId> = OperationQuery<Id>;

/**
 * The arguments of {@link CommFlow.request} for one operation: `path` when the operation has path
 * parameters, `body` when it takes one, and `query` (required when the query has required fields).
 * What an operation does not take cannot be passed.
 *
 * @example
 * ```ts
 * const input: OperationInput<'sms.send'> = { path: { id: conversationId }, body: { body: 'Hi' } };
 * ```
 */
export type OperationInput<Id extends OperationId> = (Operations[Id]['pathParams'] extends z.core.$ZodType
  ? { path: OperationPathParams<Id> }
  : { path?: undefined }) &
  (Operations[Id]['query'] extends z.core.$ZodType
    ? object extends OperationQuery<Id>
      ? { query?: OperationQuery<Id> }
      : { query: OperationQuery<Id> }
    : { query?: undefined }) &
  (Operations[Id]['body'] extends z.core.$ZodType ? { body: OperationBody<Id> } : { body?: undefined });

/**
 * The arguments after the operation id: the input may be left out when nothing in it is required.
 *
 * @example
 * ```ts
 * const args: OperationArgs<'users.list'> = [{ query: { search: 'ann' } }, { timeout: 5_000 }];
 * ```
 */
export type OperationArgs<Id extends OperationId> =
  object extends OperationInput<Id>
    ? [input?: OperationInput<Id>, options?: RequestOptions]
    : [input: OperationInput<Id>, options?: RequestOptions];
