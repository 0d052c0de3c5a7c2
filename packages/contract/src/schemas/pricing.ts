import * as z from 'zod';
import { Id, IdInput } from './primitives.js';

/**
 * How a subscription is billed. `ANNUAL` is twelve months less the plan's annual discount.
 *
 * @example
 * ```ts
 * BillingTerm.parse('ANNUAL');
 * ```
 */
export const BillingTerm = z.enum(['MONTHLY', 'ANNUAL']).meta({ id: 'BillingTerm' });
/**
 * The shape of {@link BillingTerm}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: BillingTerm = BillingTerm.parse(json);
 * ```
 */
export type BillingTerm = z.infer<typeof BillingTerm>;

/**
 * Body of `pricing.quote`.
 *
 * @example
 * ```ts
 * PricingQuoteBody.parse({ planId, seatCount: 10, didCount: 2, billingTerm: 'MONTHLY' });
 * ```
 */
export const PricingQuoteBody = z
  .strictObject({
    planId: IdInput,
    seatCount: z.int().min(1).max(10_000),
    didCount: z.int().min(0).max(10_000),
    billingTerm: BillingTerm,
  })
  .meta({ id: 'PricingQuoteBody' });
/**
 * The input shape of {@link PricingQuoteBody}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: PricingQuoteBody = PricingQuoteBody.parse(json);
 * ```
 */
export type PricingQuoteBody = z.input<typeof PricingQuoteBody>;

/** A non-negative amount of money in integer minor units (cents). */
const Money = z.int().min(0);

/**
 * One priced line of a quote.
 *
 * @example
 * ```ts
 * const line: QuoteLineItem = { kind: 'seat', quantity: 10, unitAmount: 2500, amount: 25000 };
 * ```
 */
export const QuoteLineItem = z
  .object({
    kind: z.enum(['seat', 'did']),
    quantity: z.int().min(0),
    unitAmount: Money.meta({ description: 'Price of one unit for the whole term, in minor units.' }),
    amount: Money.meta({ description: 'quantity × unitAmount, in minor units.' }),
  })
  .meta({ id: 'QuoteLineItem' });
/**
 * The shape of {@link QuoteLineItem}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: QuoteLineItem = QuoteLineItem.parse(json);
 * ```
 */
export type QuoteLineItem = z.infer<typeof QuoteLineItem>;

/**
 * A price quote. Money is in integer minor units of `currency`; `total = subtotal - discount`.
 *
 * @example
 * ```ts
 * console.log(`${quote.total / 100} ${quote.currency}`);
 * ```
 */
export const PricingQuote = z
  .object({
    planId: Id,
    planName: z.string(),
    billingTerm: BillingTerm,
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .meta({ description: 'ISO 4217 code.' }),
    lineItems: z.array(QuoteLineItem),
    subtotal: Money,
    discount: Money,
    total: Money,
  })
  .meta({ id: 'PricingQuote' });
/**
 * The shape of {@link PricingQuote}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: PricingQuote = PricingQuote.parse(json);
 * ```
 */
export type PricingQuote = z.infer<typeof PricingQuote>;
