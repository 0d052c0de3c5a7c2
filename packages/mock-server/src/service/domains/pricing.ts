import type { QuoteLineItem } from '@commflow/contract';
import { notFound } from '../api-error.js';
import type { Handler } from './types.js';

/**
 * `pricing.quote`: seats and numbers of a catalogue plan, in integer minor units. `ANNUAL` is
 * twelve monthly prices, less the plan's annual discount (rounded to the nearest minor unit).
 */
const quote: Handler<'pricing.quote'> = ({ world, body }) => {
  const plan = world.state.catalogue.plan(body.planId.toLowerCase());
  if (plan === undefined) throw notFound('Plan');
  const months = body.billingTerm === 'ANNUAL' ? 12 : 1;
  const line = (kind: 'seat' | 'did', quantity: number, monthly: number): QuoteLineItem => ({
    kind,
    quantity,
    unitAmount: monthly * months,
    amount: monthly * months * quantity,
  });
  const lineItems = [line('seat', body.seatCount, plan.seatPrice), line('did', body.didCount, plan.didPrice)];
  const subtotal = lineItems.reduce((sum, item) => sum + item.amount, 0);
  const discount = body.billingTerm === 'ANNUAL' ? Math.round((subtotal * plan.annualDiscountPercent) / 100) : 0;
  return {
    data: {
      quote: {
        planId: plan.id,
        planName: plan.name,
        billingTerm: body.billingTerm,
        currency: plan.currency,
        lineItems,
        subtotal,
        discount,
        total: subtotal - discount,
      },
    },
  };
};

/** The pricing domain. */
export const pricingHandlers = { 'pricing.quote': quote };
