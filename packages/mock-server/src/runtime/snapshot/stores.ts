/**
 * The world's stores, each with the part of a snapshot's `state` its data makes up. Every store
 * saves to plain data and loads from it through the same two methods, `save()` and
 * `load(data, context)`, typed by its one schema (beside the store, in `state/`). Snapshot take
 * and restore loop over this list, and the snapshot's schema is built from it: a new field of a
 * store touches that store's file and its schema, nothing here; a new store is one line here.
 *
 * A restore loads every store aside (fresh stores, {@link loadStoresAside}) and only then has
 * each live store adopt its fresh one's content ({@link adoptStores}), which cannot fail.
 */
import * as z from 'zod';
import { CarrierDataSchema } from '../../state/carrier-record.js';
import { CallsDataSchema } from '../../state/calls.js';
import { CatalogueDataSchema } from '../../state/catalogue.js';
import { EventsDataSchema } from '../../state/events/event-log.js';
import { IdempotencyDataSchema } from '../../state/idempotency-store.js';
import { JournalDataSchema } from '../../state/journal.js';
import { KeysDataSchema } from '../../state/keys.js';
import { OverridesDataSchema } from '../../state/overrides.js';
import { RateWindowsDataSchema } from '../../state/rate-limiter.js';
import type { ContactRecord } from '../../state/records.js';
import { StoreDataError, throwIssues, type Store, type StoreDataIssue } from '../../state/store.js';
import { tableOf } from '../../lib/tables.js';
import { TenantRegistryDataSchema } from '../../state/tenant-registry-schema.js';
import { DeliveriesDataSchema } from '../../state/webhooks/delivery-data.js';
import { SubscriptionsDataSchema } from '../../state/webhooks/subscription-schemas.js';
import type { WorldState } from '../world.js';

/** What a restore knows before it loads any store: the snapshot's clock and its baseline. */
export interface RestoreGiven {
  /** The mock clock's time in the snapshot. */
  readonly now: number;
  /** A baseline tenant's contact rows as records (the baseline is parsed before the stores). */
  baselineContacts(tenantId: string): readonly ContactRecord[] | undefined;
}

/** Builds a store's load context from the stores loaded aside so far, what is given, and the live world. */
type ContextOf<Context> = (aside: WorldState, given: RestoreGiven, live: WorldState) => Context;

type StoreKey = {
  [K in keyof WorldState]: WorldState[K] extends { fresh(): WorldState[K] } ? K : never;
}[keyof WorldState];

/** Where a store sits in the world: how to read it, and a world with another store in its place. */
interface Slot<S> {
  readonly get: (state: WorldState) => S;
  readonly with: (state: WorldState, store: S) => WorldState;
}

/** The slot of the world's store under `key`. */
function slot<K extends StoreKey>(key: K): Slot<WorldState[K]> {
  return { get: (state) => state[key], with: (state, store) => ({ ...state, [key]: store }) };
}

/**
 * One store as a snapshot's `state` holds it: its fields and their schemas, and what take and
 * restore do with it. Each entry is built from its store's own types (see {@link under}), so a
 * store whose `save` and `load` do not fit its schema is a type error where the entry is written.
 */
export interface StoreEntry<Shape extends z.ZodRawShape, Data> {
  /** The fields of a snapshot's `state` this store's data makes up. */
  readonly shape: Shape;
  /** Where the store's data paths start, under `state`. */
  readonly at: readonly string[];
  /** The store's fields of `state`. */
  readonly save: (state: WorldState) => object;
  /** `aside` with a fresh store (configured as the live one) in this store's place. */
  readonly fresh: (aside: WorldState, live: WorldState) => WorldState;
  /** Loads the store's fields of `data` into the store of `aside`. */
  readonly load: (aside: WorldState, data: Data, given: RestoreGiven, live: WorldState) => void;
  /** The live store takes the content of the one loaded aside. */
  readonly adopt: (live: WorldState, aside: WorldState) => void;
}

/** A store whose data is one field of `state`, under `name`. */
function under<Name extends string, Schema extends z.ZodType, Context, S extends Store<z.output<Schema>, Context, S>>(
  name: Name,
  schema: Schema,
  { get, with: replaced }: Slot<S>,
  context: ContextOf<Context>,
): StoreEntry<Record<Name, Schema>, Readonly<Record<Name, z.output<Schema>>>> {
  return {
    shape: tableOf([name], () => schema),
    at: [name],
    save: (state) => ({ [name]: get(state).save() }),
    fresh: (aside, live) => replaced(aside, get(live).fresh()),
    load: (aside, data, given, live) => {
      get(aside).load(data[name], context(aside, given, live));
    },
    adopt: (live, aside) => {
      get(live).adopt(get(aside));
    },
  };
}

/** A store whose data is several fields of `state`: its schema's. */
function spread<Shape extends z.ZodRawShape, Context, S extends Store<z.output<z.ZodObject<Shape>>, Context, S>>(
  schema: z.ZodObject<Shape>,
  { get, with: replaced }: Slot<S>,
  context: ContextOf<Context>,
): StoreEntry<Shape, z.output<z.ZodObject<Shape>>> {
  return {
    shape: schema.shape,
    at: [],
    save: (state) => get(state).save(),
    fresh: (aside, live) => replaced(aside, get(live).fresh()),
    // The store reads its own fields of the whole `state` data.
    load: (aside, data, given, live) => {
      get(aside).load(data, context(aside, given, live));
    },
    adopt: (live, aside) => {
      get(live).adopt(get(aside));
    },
  };
}

const none = () => undefined;

/**
 * Every store, in the order a restore loads them: the tenants first, since others refer to them
 * (the calls, the subscriptions) and look them up in the registry loaded aside.
 */
export const WORLD_STORES = {
  tenants: spread(TenantRegistryDataSchema, slot('tenants'), (_aside, given) => ({
    baselineContacts: (tenantId: string) => given.baselineContacts(tenantId),
  })),
  catalogue: spread(CatalogueDataSchema, slot('catalogue'), none),
  calls: under('calls', CallsDataSchema, slot('calls'), (aside) => ({ tenants: aside.tenants })),
  keys: under('keys', KeysDataSchema, slot('keys'), none),
  rateWindows: under('rateWindows', RateWindowsDataSchema, slot('limiter'), none),
  idempotency: under('idempotency', IdempotencyDataSchema, slot('idempotency'), none),
  overrides: under('overrides', OverridesDataSchema, slot('overrides'), none),
  carrier: under('carrier', CarrierDataSchema, slot('carrierRecord'), none),
  events: under('events', EventsDataSchema, slot('events'), none),
  journal: under('journal', JournalDataSchema, slot('journal'), none),
  subscriptions: under('subscriptions', SubscriptionsDataSchema, slot('subscriptions'), (aside, _given, live) => ({
    tenants: aside.tenants,
    callbackOf: (id: string) => live.subscriptions.callbackOf(id),
  })),
  deliveries: under('deliveries', DeliveriesDataSchema, slot('deliveries'), (aside, given) => ({
    nowFor: (tenantId: string) => given.now + aside.tenants.aheadMs(tenantId),
  })),
};

type Entries = (typeof WORLD_STORES)[keyof typeof WORLD_STORES];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type Shapes = UnionToIntersection<Entries['shape']>;
/** Every store's data, as fields of a snapshot's `state`. */
export type StoresData = z.output<z.ZodObject<{ [Name in keyof Shapes]: Shapes[Name] }>>;
const ENTRIES: readonly StoreEntry<z.ZodRawShape, StoresData>[] = Object.values(WORLD_STORES);

/** The stores' fields of a snapshot's `state`, with their schemas: the part of the snapshot's schema they make up. */
// eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- ENTRIES is every store of WORLD_STORES, each giving its own fields: together, Shapes; tsc cannot fold a list into the intersection of its parts
export const STORE_SHAPES = Object.assign({}, ...ENTRIES.map((entry) => entry.shape)) as Shapes;

/** Every store's data. */
export function saveStores(state: WorldState): StoresData {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- as STORE_SHAPES: every store saves its own fields (typed by its schema in under() and spread()), together StoresData
  return Object.assign({}, ...ENTRIES.map((entry) => entry.save(state))) as StoresData;
}

/**
 * Loads every store's data into a fresh store, aside: the live world is not touched. Throws a
 * {@link StoreDataError} naming every problem (paths under `state`) when some data refers to
 * what is not there; any other error of a store's load propagates, the world still untouched.
 */
export function loadStoresAside(live: WorldState, data: StoresData, given: RestoreGiven): WorldState {
  return loadEntriesAside(ENTRIES, live, data, given);
}

/**
 * {@link loadStoresAside} over some of the stores (a tenant's slice loads the stores a tenant
 * has a part of): fresh stores for `entries`, each loaded from `data`, every problem named.
 */
export function loadEntriesAside<Data>(
  entries: readonly StoreEntry<z.ZodRawShape, Data>[],
  live: WorldState,
  data: Data,
  given: RestoreGiven,
): WorldState {
  let aside: WorldState = { ...live };
  for (const entry of entries) aside = entry.fresh(aside, live);
  const issues: StoreDataIssue[] = [];
  for (const entry of entries) {
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

/** Each live store takes the content its fresh one loaded aside: a swap of references, which cannot fail. */
export function adoptStores(live: WorldState, aside: WorldState): void {
  for (const entry of ENTRIES) entry.adopt(live, aside);
}
