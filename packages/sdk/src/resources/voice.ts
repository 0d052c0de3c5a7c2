import type { Click2DialResult } from '@commflow/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/option-checks.js';
import { APIResource } from '../core/resource.js';
import type { Click2DialParams } from './params.js';

/**
 * `client.voice`: click-to-dial calls.
 *
 * @example
 * ```ts
 * const { callId } = await client.withUser('ann.lee@acme.test').voice.click2dial({ destination: '+14155550100' });
 * ```
 */
export class Voice extends APIResource {
  /**
   * Rings the acting user's extension, then bridges `destination` (an E.164 number or an
   * extension) when the user answers (`voice.click2dial`). Its `Idempotency-Key` makes a retried
   * call never start a second one.
   *
   * @operation voice.click2dial
   *
   * @example
   * ```ts
   * const call = await client.voice.click2dial({ destination: '1002' }, { userEmail: 'ann.lee@acme.test' });
   * call.status; // 'initiated'
   * ```
   */
  click2dial(body: Click2DialParams, options?: RequestOptions): APIPromise<Click2DialResult> {
    return this._client.request('voice.click2dial', { body }, options);
  }
}
