import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/request.js';
import { APIResource } from '../core/resource.js';
import type { ListItem, ListParams } from '../core/types.js';

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
  list(params: ListParams<'fax.list'> = {}, options?: RequestOptions): PagePromise<ListItem<'fax.list'>> {
    return this._client.paginate('fax.list', { query: params }, options);
  }
}
