import * as z from 'zod/mini';
import { pure } from './pure.js';
import { openEnum } from './open-enum.js';
import { Id, IdInput } from './primitives.js';

/**
 * How a subscription is billed. `ANNUAL` is twelve months less the plan's annual discount.
 *
 * @example
 * ```ts
 * BillingTerm.parse('ANNUAL');
 * ```
 */
export const BillingTerm = /* @__PURE__ */ pure(() =>
  z.enum(['MONTHLY', 'ANNUAL']).check(z.meta({ id: 'BillingTerm' })),
);
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
export const PricingQuoteBody = /* @__PURE__ */ pure(() =>
  z
    .strictObject({
      planId: IdInput,
      seatCount: z.int().check(z.gte(1), z.lte(10_000)),
      didCount: z.int().check(z.gte(0), z.lte(10_000)),
      billingTerm: BillingTerm,
    })
    .check(z.meta({ id: 'PricingQuoteBody' })),
);
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
const Money = /* @__PURE__ */ pure(() => z.int().check(z.gte(0)));

/**
 * One priced line of a quote.
 *
 * @example
 * ```ts
 * const line: QuoteLineItem = { kind: 'seat', quantity: 10, unitAmount: 2500, amount: 25000 };
 * ```
 */
export const QuoteLineItem = /* @__PURE__ */ pure(() =>
  z
    .object({
      kind: openEnum(z.enum(['seat', 'did'])),
      quantity: z.int().check(z.gte(0)),
      unitAmount: Money.check(z.meta({ description: 'Price of one unit for the whole term, in minor units.' })),
      amount: Money.check(z.meta({ description: 'quantity × unitAmount, in minor units.' })),
    })
    .check(z.meta({ id: 'QuoteLineItem' })),
);
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
export const PricingQuote = /* @__PURE__ */ pure(() =>
  z
    .object({
      planId: Id,
      planName: z.string(),
      billingTerm: BillingTerm,
      currency: z.string().check(z.regex(/^[A-Z]{3}$/), z.meta({ description: 'ISO 4217 code.' })),
      lineItems: z.array(QuoteLineItem),
      subtotal: Money,
      discount: Money,
      total: Money,
    })
    .check(z.meta({ id: 'PricingQuote' })),
);
/**
 * The shape of {@link PricingQuote}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: PricingQuote = PricingQuote.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `PricingQuote` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface PricingQuote extends z.infer<typeof PricingQuote> {}
