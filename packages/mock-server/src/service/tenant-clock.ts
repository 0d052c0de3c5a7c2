/**
 * A clock per tenant: each tenant's time is the mock clock plus the tenant's distance ahead of
 * it (the tenant registry's). Advancing the mock clock moves every tenant; advancing a tenant's
 * clock moves only it. A tenant's calls, rate-limit windows, idempotency retention, webhook
 * retries and the timestamps on its records and events all read its time.
 */
import type { ClockReading } from '../sim/clock.js';
import type { World } from '../runtime/world.js';

/** How far a tenant's clock is ahead of the mock clock, in ms. */
export function tenantAheadMs(world: Pick<World, 'state'>, tenantId: string): number {
  return world.state.tenants.aheadMs(tenantId);
}

/** A tenant's time: the mock clock plus its distance ahead. */
export function tenantNow(world: Pick<World, 'state' | 'sim'>, tenantId: string): number {
  return world.sim.clock.now() + tenantAheadMs(world, tenantId);
}

/**
 * A tenant's clock, as the service reads one. Its stamps are the tenant's own: now, or just
 * after the tenant's previous stamp, so records created faster than the clock ticks keep their
 * order, and no other tenant's records shift them (tenants stay isolated, even in time).
 */
export function tenantClock(world: Pick<World, 'state' | 'sim'>, tenantId: string): ClockReading {
  const ahead = tenantAheadMs(world, tenantId);
  const clock = world.sim.clock;
  const tenants = world.state.tenants;
  return {
    now: () => clock.now() + ahead,
    iso: () => (ahead === 0 ? clock.iso() : new Date(clock.now() + ahead).toISOString()),
    stamp: () => tenants.stamp(tenantId, clock.now() + ahead),
  };
}

/** The world as work for one tenant sees it: the same state, on the tenant's clock. */
export function worldFor(world: World, tenantId: string): World {
  return { state: world.state, sim: world.sim, clock: tenantClock(world, tenantId) };
}
