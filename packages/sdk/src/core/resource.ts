import type { OperationId } from '@commflow/contract';
import type { APIPromise } from './api-promise.js';
import type { PagePromise } from './pagination.js';
import type { ListItem, OperationArgs, OperationResult, PagedOperationId } from './types.js';

/**
 * What a resource namespace needs of its client: a way to call an operation, and one to page
 * through a list. {@link CommFlow} implements it; a namespace never sees the rest of the client,
 * so the namespaces and the client that holds them do not import each other.
 *
 * @example
 * ```ts
 * const client: ResourceClient = new CommFlow();
 * const agent = await client.request('ai.agents.get', { path: { id: agentId } });
 * ```
 */
export interface ResourceClient {
  /** Calls an operation by id: see {@link CommFlow.request}. */
  request<Id extends OperationId>(id: Id, ...args: OperationArgs<Id>): APIPromise<OperationResult<Id>>;
  /** Calls a paged list operation by id: see {@link CommFlow.paginate}. */
  paginate<Id extends PagedOperationId>(id: Id, ...args: OperationArgs<Id>): PagePromise<ListItem<Id>>;
}

/**
 * The base of every resource namespace (`client.contacts`, `client.sms`, …): it holds the client
 * whose configuration its calls use.
 *
 * @example
 * ```ts
 * class Reports extends APIResource {
 *   calls() {
 *     return this._client.paginate('cdr.list', { query: { limit: 100 } });
 *   }
 * }
 * ```
 */
export abstract class APIResource {
  /** The client whose configuration this namespace's calls use. */
  protected readonly _client: ResourceClient;

  constructor(client: ResourceClient) {
    this._client = client;
  }
}
