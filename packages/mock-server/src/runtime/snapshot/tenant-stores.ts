/**
 * One tenant's part of each world store (issue 34): what a tenant snapshot holds of it, which of
 * its entries are not the tenant's, and how the live store takes the tenant's part of a store
 * loaded aside. Built on the world's store list (`stores.ts`): the slice's fields and schemas are
 * the world's, its loading aside is the world's; a new world store must be given a tenant part
 * here or be named world-only, or this does not compile.
 */
import type * as z from 'zod';
import { ownedBy, type KeyRecordData } from '../../state/keys.js';
import { tenantOf } from '../../state/idempotency-store.js';
import type { StoreDataIssue } from '../../state/store.js';
import { tenantNow } from '../../service/tenant-clock.js';
import type { World, WorldState } from '../world.js';
import { loadEntriesAside, WORLD_STORES, type RestoreGiven, type StoreEntry } from './stores.js';

/** The world's stores that hold nothing of one tenant: the plans, and the carrier's record and setting. */
type WorldOnly = 'catalogue' | 'carrier';
/** The stores a tenant has a part of. */
type TenantStoreKey = Exclude<keyof typeof WORLD_STORES, WorldOnly>;
/** A store's fields of a snapshot's `state`. */
type FieldsOf<K extends keyof typeof WORLD_STORES> = z.output<z.ZodObject<(typeof WORLD_STORES)[K]['shape']>>;

/**
 * The world-only stores' fields, which a tenant snapshot's `state` leaves out: every field of
 * those stores, and nothing else (the type says so).
 */
export const WORLD_ONLY_FIELDS = { plans: true, defaultRateLimit: true, carrier: true } as const satisfies Record<
  { [K in WorldOnly]: keyof (typeof WORLD_STORES)[K]['shape'] }[WorldOnly],
  true
>;

/** One tenant's part of a store whose fields of a snapshot's `state` are `Fields`. */
interface TenantPart<Fields> {
  /** The tenant's part of the store's fields: the same shape as the world's, with its entries only. */
  readonly slice: (state: WorldState, tenantId: string) => Fields;
  /** The entries of `fields` that are not the tenant's, as issues with paths under `state`. */
  readonly strays: (fields: Fields, tenantId: string, keys: readonly KeyRecordData[]) => StoreDataIssue[];
  /** The live store takes the tenant's part of the store loaded aside; the rest stays. Cannot fail. */
  readonly put: (live: World, aside: WorldState, tenantId: string) => void;
}

/** Issues for the entries of `list` whose tenant is not `tenantId`. */
function foreign<T>(
  list: readonly T[],
  at: (string | number)[],
  tenantOfEntry: (entry: T) => string | null | undefined,
  tenantId: string,
): StoreDataIssue[] {
  return list.flatMap((entry, i) => {
    const owner = tenantOfEntry(entry);
    return owner === tenantId
      ? []
      : [{ path: [...at, i], message: `not of tenant "${tenantId}" (the snapshot's): ${JSON.stringify(owner)}` }];
  });
}

/** The hashes of a tenant's own keys in a key store. */
function ownHashes(state: WorldState, tenantId: string): Set<string> {
  return new Set(state.keys.sliceOf(tenantId).map((key) => key.hash));
}

/**
 * Every store's tenant part, in the order a tenant restore puts them: the rate-limit windows
 * before the keys, since the windows to replace are those of the tenant's keys before and after.
 */
const TENANT_PARTS: { readonly [K in TenantStoreKey]: TenantPart<FieldsOf<K>> } = {
  tenants: {
    slice: (state, tenantId) => state.tenants.sliceOf(tenantId),
    strays: (fields, tenantId) => [
      ...(fields.tenants.length === 1
        ? []
        : [{ path: ['tenants'], message: `one tenant: the snapshot's, "${tenantId}"` }]),
      ...foreign(fields.tenants, ['tenants'], (tenant) => tenant.id, tenantId),
      ...foreign(fields.createdTenants, ['createdTenants'], (created) => created.template.id.toLowerCase(), tenantId),
      ...foreign(fields.tenantClocks, ['tenantClocks'], ([id]) => id, tenantId),
      ...foreign(fields.tenantStamps, ['tenantStamps'], ([id]) => id, tenantId),
    ],
    put: (live, aside, tenantId) => {
      live.state.tenants.putTenant(tenantId, aside.tenants);
    },
  },
  calls: {
    slice: (state, tenantId) => ({ calls: state.calls.sliceOf(tenantId) }),
    strays: ({ calls }, tenantId) => [
      ...foreign(calls.active, ['calls', 'active'], ([id]) => id, tenantId),
      ...foreign(calls.ended, ['calls', 'ended'], ([id]) => id, tenantId),
    ],
    put: (live, aside, tenantId) => {
      live.state.calls.putTenant(tenantId, aside.calls);
    },
  },
  rateWindows: {
    slice: (state, tenantId) => ({ rateWindows: state.limiter.sliceOf(ownHashes(state, tenantId)) }),
    strays: ({ rateWindows }, _tenantId, keys) => {
      const hashes = new Set(keys.map((key) => key.hash));
      return rateWindows.flatMap(([hash], i) =>
        hashes.has(hash)
          ? []
          : [{ path: ['rateWindows', i, 0], message: 'not a window of one of the snapshot’s keys' }],
      );
    },
    put: (live, aside, tenantId) => {
      const hashes = new Set([...ownHashes(live.state, tenantId), ...ownHashes(aside, tenantId)]);
      live.state.limiter.putKeys(hashes, aside.limiter);
    },
  },
  keys: {
    slice: (state, tenantId) => ({ keys: state.keys.sliceOf(tenantId) }),
    strays: ({ keys }, tenantId) =>
      keys.flatMap((key, i) =>
        ownedBy({ tenantIds: new Set(key.tenantIds) }, tenantId)
          ? []
          : [
              {
                path: ['keys', i, 'tenantIds'],
                message: `a tenant snapshot's key opens its tenant alone: ["${tenantId}"]`,
              },
            ],
      ),
    put: (live, aside, tenantId) => {
      live.state.keys.putTenant(tenantId, aside.keys);
    },
  },
  idempotency: {
    slice: (state, tenantId) => ({ idempotency: state.idempotency.sliceOf(tenantId) }),
    strays: ({ idempotency }, tenantId) =>
      foreign(idempotency, ['idempotency'], (entry) => tenantOf(entry.scope), tenantId),
    put: (live, aside, tenantId) => {
      live.state.idempotency.putTenant(tenantId, aside.idempotency);
    },
  },
  overrides: {
    slice: (state, tenantId) => ({ overrides: state.overrides.sliceOf(tenantId) }),
    strays: ({ overrides }, tenantId) => foreign(overrides, ['overrides'], (override) => override.tenantId, tenantId),
    put: (live, aside, tenantId) => {
      live.state.overrides.putTenant(tenantId, aside.overrides);
    },
  },
  events: {
    slice: (state, tenantId) => ({ events: state.events.save().filter((event) => event.tenantId === tenantId) }),
    strays: ({ events }, tenantId) => foreign(events, ['events'], (event) => event.tenantId, tenantId),
    put: (live, aside, tenantId) => {
      live.state.events.replaceTenant(tenantId, aside.events.save());
    },
  },
  journal: {
    slice: (state, tenantId) => ({ journal: state.journal.save().filter((entry) => entry.tenantId === tenantId) }),
    strays: ({ journal }, tenantId) => foreign(journal, ['journal'], (entry) => entry.tenantId, tenantId),
    put: (live, aside, tenantId) => {
      live.state.journal.replaceTenant(tenantId, aside.journal.save());
    },
  },
  subscriptions: {
    slice: (state, tenantId) => ({ subscriptions: state.subscriptions.sliceOf(tenantId) }),
    strays: ({ subscriptions }, tenantId) =>
      foreign(subscriptions, ['subscriptions'], (subscription) => subscription.tenantId, tenantId),
    put: (live, aside, tenantId) => {
      live.state.subscriptions.putTenant(tenantId, aside.subscriptions);
    },
  },
  deliveries: {
    slice: (state, tenantId) => ({
      deliveries: state.deliveries.save().filter((delivery) => delivery.tenantId === tenantId),
    }),
    strays: ({ deliveries }, tenantId) =>
      foreign(deliveries, ['deliveries'], (delivery) => delivery.tenantId, tenantId),
    put: (live, aside, tenantId) => {
      // Only the tenant's deliveries: another tenant's attempt in flight keeps its record.
      live.state.deliveries.replaceTenant(tenantId, aside.deliveries.save(), {
        nowFor: (id) => tenantNow(live, id),
      });
      // Due retries of the tenant start, and the retry timer is armed for its waiting ones;
      // nothing of another tenant is cancelled or restarted.
      live.sim.webhooks.runDue();
    },
  },
};

type AllFields = { [K in TenantStoreKey]: FieldsOf<K> }[TenantStoreKey];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** A tenant snapshot's `state`: the tenant's part of every store but the world-only ones. */
export type TenantStoresData = UnionToIntersection<AllFields>;

/** A part as the loops below use it: each reads its own fields of the whole slice. */
interface AnyPart {
  readonly slice: (state: WorldState, tenantId: string) => object;
  readonly strays: (fields: TenantStoresData, tenantId: string, keys: readonly KeyRecordData[]) => StoreDataIssue[];
  readonly put: (live: World, aside: WorldState, tenantId: string) => void;
}

const KEYS = Object.keys(TENANT_PARTS).filter((key): key is TenantStoreKey => key in TENANT_PARTS);
const PARTS: readonly AnyPart[] = Object.values(TENANT_PARTS);
// The world's entries of the same stores: each loads its own fields of the whole slice.
const ENTRIES: readonly StoreEntry<z.ZodRawShape, TenantStoresData>[] = KEYS.map((key) => WORLD_STORES[key]);

/** One tenant's part of every store: a tenant snapshot's `state`. */
export function sliceStores(state: WorldState, tenantId: string): TenantStoresData {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- every part gives its own fields; together, TenantStoresData
  return Object.assign({}, ...PARTS.map((part) => part.slice(state, tenantId))) as TenantStoresData;
}

/** The entries of a slice that are not its tenant's, as issues with paths under `state`. */
export function straysOf(data: TenantStoresData, tenantId: string): StoreDataIssue[] {
  return PARTS.flatMap((part) => part.strays(data, tenantId, data.keys));
}

/**
 * Loads a slice into fresh stores, aside, with the world's loading of each store: the live world
 * is not touched. Throws the world's `StoreDataError` naming every reference that does not resolve.
 */
export function loadSliceAside(live: WorldState, data: TenantStoresData, given: RestoreGiven): WorldState {
  return loadEntriesAside(ENTRIES, live, data, given);
}

/** Each live store takes the tenant's part of the one loaded aside; the other tenants' parts stay. Cannot fail. */
export function putSlice(live: World, aside: WorldState, tenantId: string): void {
  for (const part of PARTS) part.put(live, aside, tenantId);
}
