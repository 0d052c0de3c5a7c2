/**
 * The catalogue: the pricing plans and the rate limit of keys that have none of their own, as the
 * loaded scenario set them. A snapshot holds both directly under `state`.
 */
import { Id, PricingQuote } from '@commflow/contract';
import * as z from 'zod';
import { RateLimitSchema, type RateLimit } from './keys.js';
import type { Store } from './store.js';

/**
 * A plan of the pricing catalogue. Prices are monthly, in integer minor units of `currency`.
 *
 * @example
 * ```ts
 * PlanSchema.parse({ id, name: 'Team', currency: 'USD', seatPrice: 2500, didPrice: 500, annualDiscountPercent: 15 });
 * ```
 */
export const PlanSchema = z.strictObject({
  id: Id,
  name: z.string().min(1).max(200),
  currency: PricingQuote.shape.currency,
  seatPrice: z.int().min(0).meta({ description: 'Price of one seat for one month, in minor units.' }),
  didPrice: z.int().min(0).meta({ description: 'Price of one number (DID) for one month, in minor units.' }),
  annualDiscountPercent: z.number().min(0).max(100),
});

/** A plan of the pricing catalogue. */
export type Plan = z.output<typeof PlanSchema>;

/** The catalogue's data: each field sits directly under a snapshot's `state`. */
export const CatalogueDataSchema = z.strictObject({
  defaultRateLimit: RateLimitSchema,
  plans: z.array(PlanSchema),
});
/** The catalogue's data. */
export type CatalogueData = z.output<typeof CatalogueDataSchema>;

const DEFAULT_RATE_LIMIT: RateLimit = { limit: 600, windowSeconds: 60 };

/**
 * The plans by lower-case id, and the default rate limit.
 *
 * @example
 * ```ts
 * catalogue.plan(planId.toLowerCase())?.seatPrice;
 * ```
 */
export class Catalogue implements Store<CatalogueData, unknown, Catalogue> {
  #plans = new Map<string, Plan>();
  #defaultRateLimit: RateLimit = DEFAULT_RATE_LIMIT;

  /** A plan by its lower-case id. */
  plan(id: string): Plan | undefined {
    return this.#plans.get(id);
  }

  /** The rate limit of a key without its own. */
  get defaultRateLimit(): RateLimit {
    return this.#defaultRateLimit;
  }

  /** Sets the plans and the default rate limit (a scenario loaded). */
  set(plans: readonly Plan[], defaultRateLimit: RateLimit): void {
    this.#plans = new Map(plans.map((plan) => [plan.id.toLowerCase(), plan]));
    this.#defaultRateLimit = defaultRateLimit;
  }

  save(): CatalogueData {
    return {
      defaultRateLimit: { ...this.#defaultRateLimit },
      plans: [...this.#plans.values()].map((plan) => ({ ...plan })),
    };
  }

  load(data: CatalogueData): void {
    this.set(data.plans, data.defaultRateLimit);
  }

  /** A new, empty catalogue. */
  fresh(): Catalogue {
    return new Catalogue();
  }

  /** Takes `other`'s plans and default rate limit in place of its own. */
  adopt(other: Catalogue): void {
    this.#plans = other.#plans;
    this.#defaultRateLimit = other.#defaultRateLimit;
  }
}
