/** The shapes of a scenario once parsed: every id decided. */
import type { Scenario } from './schema.js';

/**
 * A scenario shape in which every optional `id` has become a required string.
 *
 * @example
 * ```ts
 * type User = WithIds<{ id?: string; email: string }>; // { email: string } & { id: string }
 * ```
 */
export type WithIds<T> = T extends readonly (infer Item)[]
  ? WithIds<Item>[]
  : T extends object
    ? { [K in keyof T as Exclude<K, 'id'>]: WithIds<T[K]> } & ('id' extends keyof T ? { id: string } : unknown)
    : T;

/**
 * One tenant of a validated scenario, before its ids are filled in.
 *
 * @example
 * ```ts
 * const tenant: ScenarioTenant = ScenarioSchema.parse(input).tenants[0]!;
 * ```
 */
export type ScenarioTenant = Scenario['tenants'][number];

/**
 * A scenario webhook subscription with its id and secret decided (generated once, at parse time,
 * so both stay the same across resets).
 *
 * @example
 * ```ts
 * const secret = parseScenario(input).tenants[0]?.webhooks[0]?.secret; // 'whsec_…'
 * ```
 */
export type ResolvedWebhook = WithIds<ScenarioTenant['webhooks'][number]> & { secret: string };

/**
 * A validated scenario whose omitted ids (and webhook secrets) have been generated. Reset goes
 * back to exactly this, so ids and secrets stay the same across resets.
 *
 * @example
 * ```ts
 * const resolved: ResolvedScenario = parseScenario(input);
 * resolved.tenants[0]?.users[0]?.id; // always a string
 * resolved.tenants[0]?.webhooks[0]?.secret; // 'whsec_…', generated when the scenario gave none
 * ```
 */
export type ResolvedScenario = Omit<WithIds<Scenario>, 'tenants'> & {
  tenants: (Omit<WithIds<ScenarioTenant>, 'webhooks'> & { webhooks: ResolvedWebhook[] })[];
};
