import type { Presence } from '@commflow/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/option-checks.js';
import { APIResource } from '../core/resource.js';
import type { PresenceUpdateParams } from './params.js';

/**
 * `client.presence`: who is available.
 *
 * @example
 * ```ts
 * const everyone = await client.presence.list();
 * ```
 */
export class PresenceResource extends APIResource {
  /**
   * The presence of every user of the tenant (`presence.list`; not paged).
   *
   * @operation presence.list
   *
   * @example
   * ```ts
   * const busy = (await client.presence.list()).filter((p) => p.status === 'busy');
   * ```
   */
  list(options?: RequestOptions): APIPromise<Presence[]> {
    return this._client.request('presence.list', {}, options);
  }

  /**
   * Sets the acting user's presence (`presence.update`).
   *
   * @operation presence.update
   *
   * @example
   * ```ts
   * await client.withUser('ann.lee@acme.test').presence.update({ status: 'dnd', message: 'In a meeting' });
   * ```
   */
  update(body: PresenceUpdateParams, options?: RequestOptions): APIPromise<Presence> {
    return this._client.request('presence.update', { body }, options);
  }
}
