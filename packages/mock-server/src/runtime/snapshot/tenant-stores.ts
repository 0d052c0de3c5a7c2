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
import { StoreDataError, throwIssues, type StoreDataIssue } from '../../state/store.js';
import { tenantNow } from '../../service/tenant-clock.js';
import type { EventLog } from '../../state/events/index.js';
import type { Journal } from '../../state/journal.js';
import type { DeliveryData, DeliveryTable } from '../../state/webhooks/deliveries.js';
import type { World, WorldState } from '../world.js';
import { WORLD_STORES, type RestoreGiven, type StoreEntry } from './stores.js';

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
 * `others`, with `theirs` merged in by time: each list keeps its own order (the other tenants'
 * entries stay exactly as they were), and an entry of `theirs` goes before the first of `others`
 * that is later.
 */
function mergeByTime<T>(others: readonly T[], theirs: readonly T[], timeOf: (entry: T) => number): T[] {
  const merged: T[] = [];
  let next = 0;
  for (const entry of others) {
    const at = timeOf(entry);
    for (let own = theirs[next]; own !== undefined && timeOf(own) < at; own = theirs[++next]) merged.push(own);
    merged.push(entry);
  }
  merged.push(...theirs.slice(next));
  return merged;
}

/** A history store as the tenant parts use it: the public `save()`, `load()`, `fresh()` and `adopt()`. */
interface HistoryStore<Entry, Self> {
  save(): Entry[];
  fresh(): Self;
  adopt(other: Self): void;
}

/**
 * Puts a history store's entries of one tenant (the journal, the events, the deliveries) from
 * the store loaded aside into the live one, through their whole-store `save()` and `load()`: the
 * other tenants' entries are saved, merged with the tenant's in time order, loaded into a fresh
 * store, and the live one adopts it. When the store's cap (`limit`, the world's) could push out
 * another tenant's entry, the tenant's own oldest entries give way instead. Nothing happens when
 * neither holds any of it.
 */
function putHistory<Entry, Self extends HistoryStore<Entry, Self>>(
  live: Self,
  aside: Self,
  tenantId: string,
  how: {
    readonly load: (store: Self, entries: Entry[]) => void;
    readonly tenantOf: (entry: Entry) => string | null;
    readonly timeOf: (entry: Entry) => number;
    readonly limit: number;
  },
): void {
  const saved = live.save();
  const others = saved.filter((entry) => how.tenantOf(entry) !== tenantId);
  let theirs = aside.save();
  if (others.length === saved.length && theirs.length === 0) return;
  let fresh = live.fresh();
  const merged = mergeByTime(others, theirs, how.timeOf);
  how.load(fresh, merged);
  // Under the cap, nothing was pushed out: no need to count (a save costs every entry).
  const kept =
    merged.length <= how.limit
      ? others.length
      : fresh.save().filter((entry) => how.tenantOf(entry) !== tenantId).length;
  if (kept < others.length) {
    theirs = theirs.slice(others.length - kept);
    fresh = live.fresh();
    how.load(fresh, mergeByTime(others, theirs, how.timeOf));
  }
  live.adopt(fresh);
}

const time = (iso: string): number => Date.parse(iso);
type EventData = ReturnType<EventLog['save']>[number];
type JournalData = ReturnType<Journal['save']>[number];

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
      putHistory<EventData, EventLog>(live.state.events, aside.events, tenantId, {
        load: (store, entries) => {
          store.load(entries);
        },
        tenantOf: (event) => event.tenantId,
        timeOf: (event) => time(event.timestamp),
        limit: live.state.limits.eventLimit,
      });
    },
  },
  journal: {
    slice: (state, tenantId) => ({ journal: state.journal.save().filter((entry) => entry.tenantId === tenantId) }),
    strays: ({ journal }, tenantId) => foreign(journal, ['journal'], (entry) => entry.tenantId, tenantId),
    put: (live, aside, tenantId) => {
      putHistory<JournalData, Journal>(live.state.journal, aside.journal, tenantId, {
        load: (store, entries) => {
          store.load(entries);
        },
        tenantOf: (entry) => entry.tenantId,
        timeOf: (entry) => time(entry.at),
        limit: live.state.limits.journalLimit,
      });
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
      putHistory<DeliveryData, DeliveryTable>(live.state.deliveries, aside.deliveries, tenantId, {
        load: (store, entries) => {
          store.load(entries, { nowFor: (id) => tenantNow(live, id) });
        },
        tenantOf: (delivery) => delivery.tenantId,
        timeOf: (delivery) => time(delivery.createdAt),
        limit: live.state.limits.deliveryLimit,
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
  let aside: WorldState = { ...live };
  for (const entry of ENTRIES) aside = entry.fresh(aside, live);
  const issues: StoreDataIssue[] = [];
  for (const entry of ENTRIES) {
    try {
      entry.load(aside, data, given, live);
    } catch (error) {
      if (!(error instanceof StoreDataError)) throw error;
      for (const issue of error.issues) issues.push({ ...issue, path: [...entry.at, ...issue.path] });
    }
  }
  throwIssues(issues);
  return aside;
}

/** Each live store takes the tenant's part of the one loaded aside; the other tenants' parts stay. Cannot fail. */
export function putSlice(live: World, aside: WorldState, tenantId: string): void {
  for (const part of PARTS) part.put(live, aside, tenantId);
}
