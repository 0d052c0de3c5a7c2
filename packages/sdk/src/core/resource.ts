import type { CommFlow } from '../client.js';

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
  protected readonly _client: CommFlow;

  constructor(client: CommFlow) {
    this._client = client;
  }
}
