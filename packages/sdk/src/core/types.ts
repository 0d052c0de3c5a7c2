import type { OperationData, OperationId, OperationQuery, Operations } from '@commflow/contract';

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
