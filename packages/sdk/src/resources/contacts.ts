import type { Contact } from '@commflow/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { PagePromise } from '../core/pagination.js';
import type { RequestOptions } from '../core/option-checks.js';
import { APIResource } from '../core/resource.js';
import type { ContactCreateParams, ContactListParams } from './params.js';

/**
 * `client.contacts`: the tenant's CRM contacts.
 *
 * @example
 * ```ts
 * const ann = await client.withUser('bob.stone@acme.test').contacts.create({ firstName: 'Ann', phoneMobile: '+14155550100' });
 * ```
 */
export class Contacts extends APIResource {
  /**
   * Lists contacts, newest first (`contacts.list`). `search` matches full name or phone digits.
   *
   * @operation contacts.list
   *
   * @example
   * ```ts
   * for await (const contact of client.contacts.list({ search: 'ann' })) console.log(contact.id);
   * ```
   */
  list(params: ContactListParams = {}, options?: RequestOptions): PagePromise<Contact> {
    return this._client.paginate('contacts.list', { query: params }, options);
  }

  /**
   * Creates a contact (`contacts.create`, user-scoped, idempotent) and resolves to it.
   *
   * @operation contacts.create
   *
   * @example
   * ```ts
   * const contact = await client.contacts.create({ firstName: 'Ann', lastName: 'Lee' }, { userEmail: 'bob.stone@acme.test' });
   * ```
   */
  create(body: ContactCreateParams, options?: RequestOptions): APIPromise<Contact> {
    return this._client.request('contacts.create', { body }, options);
  }
}
