import type { FileItem } from '@commflow/contract';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/option-checks.js';
import { APIResource } from '../core/resource.js';
import type { FileListParams } from './params.js';

/**
 * `client.files`: the tenant's files.
 *
 * @example
 * ```ts
 * const files = await client.files.list().toArray();
 * ```
 */
export class Files extends APIResource {
  /**
   * Lists files, newest first (`files.list`, offset-paged).
   *
   * @operation files.list
   *
   * @example
   * ```ts
   * for await (const file of client.files.list({ limit: 100 })) console.log(file.name, file.size);
   * ```
   */
  list(params: FileListParams = {}, options?: RequestOptions): PagePromise<FileItem> {
    return this._client.paginate('files.list', { query: params }, options);
  }
}
