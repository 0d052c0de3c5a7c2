/**
 * Journal entries typed by operation: the body of an `sms.send` entry is `sms.send`'s body, as
 * the contract's operation registry defines it.
 */
import type { OperationBody, OperationId, OperationPathParams, OperationQuery } from '@commflow/contract';
import type { JournalEntry, JournalFilter, JournalRequest } from './journal.js';

/**
 * The body an operation takes, as a client sends it; `undefined` for one that takes none.
 *
 * @example
 * ```ts
 * const body: RequestBodyOf<'sms.send'> = { body: 'Hello' };
 * ```
 */
export type RequestBodyOf<Id extends OperationId> = [OperationBody<Id>] extends [never] ? undefined : OperationBody<Id>;

/**
 * An operation's query as the mock decoded it (numbers, not strings); `{}` for one with none.
 *
 * @example
 * ```ts
 * const query: RequestQueryOf<'contacts.list'> = { search: 'ann' };
 * ```
 */
export type RequestQueryOf<Id extends OperationId> = [OperationQuery<Id>] extends [never]
  ? Readonly<Record<string, never>>
  : OperationQuery<Id>;

/**
 * An operation's path parameters; `{}` for one with none.
 *
 * @example
 * ```ts
 * const params: RequestParamsOf<'ai.agents.get'> = { id: 'agt_1' };
 * ```
 */
export type RequestParamsOf<Id extends OperationId> = [OperationPathParams<Id>] extends [never]
  ? Readonly<Record<string, never>>
  : OperationPathParams<Id>;

/**
 * A journal entry of one operation, its request typed by the contract. A request the mock
 * refused before validating it (`VALIDATION_ERROR`, a bad key) holds what was sent, which may
 * not fit the type: filter by `status` when it matters.
 *
 * @example
 * ```ts
 * const [sent] = mock.requests({ operationId: 'sms.send' });
 * sent?.request.body?.body; // string
 * ```
 */
export interface OperationJournalEntry<Id extends OperationId> extends Omit<JournalEntry, 'operationId' | 'request'> {
  readonly operationId: Id;
  readonly request: JournalRequest<RequestQueryOf<Id>, RequestParamsOf<Id>, RequestBodyOf<Id>>;
}

/**
 * A journal entry, discriminated by `operationId`: narrow on it and the request is typed. An
 * entry with `operationId: null` matched no operation (an unknown path, a missing key).
 *
 * @example
 * ```ts
 * for (const entry of mock.requests()) {
 *   if (entry.operationId === 'contacts.create') console.log(entry.request.body?.firstName);
 * }
 * ```
 */
export type TypedJournalEntry =
  { [Id in OperationId]: OperationJournalEntry<Id> }[OperationId] | (JournalEntry & { readonly operationId: null });

/**
 * Which requests {@link CommFlowMock.requests} returns: every given field must match.
 *
 * @example
 * ```ts
 * const filter: RequestFilter<'sms.send'> = { operationId: 'sms.send', tenantId: 'ten_demo_sandbox' };
 * ```
 */
export interface RequestFilter<Id extends OperationId = OperationId> extends Omit<JournalFilter, 'operationId'> {
  operationId?: Id;
}
