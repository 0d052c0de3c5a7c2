import type { Fax } from '@commflow/contract';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/option-checks.js';
import { APIResource } from '../core/resource.js';
import type { FaxListParams } from './params.js';

/**
 * `client.fax`: fax listings.
 *
 * @example
 * ```ts
 * const inbox = await client.fax.list({ type: 'inbox' }).toArray();
 * ```
 */
export class FaxResource extends APIResource {
  /**
   * Lists faxes, newest first, optionally of one box (`fax.list`, offset-paged).
   *
   * @operation fax.list
   *
   * @example
   * ```ts
   * for await (const fax of client.fax.list({ type: 'queue' })) console.log(fax.status);
   * ```
   */
  list(params: FaxListParams = {}, options?: RequestOptions): PagePromise<Fax> {
    return this._client.paginate('fax.list', { query: params }, options);
  }
}
