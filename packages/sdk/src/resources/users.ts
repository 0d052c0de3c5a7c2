import type { User } from '@commflow/contract';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/option-checks.js';
import { APIResource } from '../core/resource.js';
import type { UserListParams } from './params.js';

/**
 * `client.users`: the users of the tenant.
 *
 * @example
 * ```ts
 * for await (const user of client.users.list({ search: 'ann' })) console.log(user.email, user.extension);
 * ```
 */
export class Users extends APIResource {
  /**
   * Lists the users of the tenant by last name, first name (`users.list`).
   *
   * @operation users.list
   *
   * @example
   * ```ts
   * const page = await client.users.list({ search: '1001', limit: 20 });
   * ```
   */
  list(params: UserListParams = {}, options?: RequestOptions): PagePromise<User> {
    return this._client.paginate('users.list', { query: params }, options);
  }
}
