import type { PricingQuote } from '@commflow/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/option-checks.js';
import { APIResource } from '../core/resource.js';
import type { PricingQuoteParams } from './params.js';

/**
 * `client.pricing`: subscription quotes.
 *
 * @example
 * ```ts
 * const quote = await client.pricing.quote({ planId, seatCount: 10, didCount: 2, billingTerm: 'ANNUAL' });
 * ```
 */
export class Pricing extends APIResource {
  /**
   * Prices seats and numbers (DIDs) of a plan, monthly or annual, in integer minor units
   * (`pricing.quote`). A pure computation, so it is retried without an idempotency key.
   *
   * @operation pricing.quote
   *
   * @example
   * ```ts
   * const { total, currency } = await client.pricing.quote({ planId, seatCount: 5, didCount: 1, billingTerm: 'MONTHLY' });
   * ```
   */
  quote(body: PricingQuoteParams, options?: RequestOptions): APIPromise<PricingQuote> {
    return this._client.request('pricing.quote', { body }, options);
  }
}
