import type { CallDetailRecord } from '@commflow/contract';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/option-checks.js';
import { APIResource } from '../core/resource.js';
import type { CdrListParams } from './params.js';

/**
 * `client.cdr`: call detail records.
 *
 * @example
 * ```ts
 * const records = await client.cdr.list({ limit: 100 }).toArray({ max: 500 });
 * ```
 */
export class Cdr extends APIResource {
  /**
   * Lists call detail records, newest first (`cdr.list`, offset-paged).
   *
   * @operation cdr.list
   *
   * @example
   * ```ts
   * for await (const record of client.cdr.list()) console.log(record.disposition, record.durationSeconds);
   * ```
   */
  list(params: CdrListParams = {}, options?: RequestOptions): PagePromise<CallDetailRecord> {
    return this._client.paginate('cdr.list', { query: params }, options);
  }
}
