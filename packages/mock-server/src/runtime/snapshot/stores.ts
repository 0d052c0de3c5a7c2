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
import { TenantRegistryDataSchema } from '../../state/tenant-registry-schema.js';
import { DeliveriesDataSchema } from '../../state/webhooks/deliveries.js';
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
type AnyStore = Store<unknown, unknown, AnyStore>;
/** Compiles only when the world's store under `K` loads `Data` with `Context`. */
type Fits<K extends StoreKey, Data, Context> = WorldState[K] extends Store<Data, Context, WorldState[K]> ? [] : [never];

interface StoreEntry<Shape extends z.ZodRawShape> {
  /** The fields of a snapshot's `state` this store's data makes up. */
  readonly shape: Shape;
  readonly key: StoreKey;
  /** Where the store's data paths start, under `state`. */
  readonly at: readonly string[];
  readonly pick: (state: Readonly<Record<string, unknown>>) => unknown;
  readonly put: (data: unknown) => Record<string, unknown>;
  readonly context: ContextOf<unknown>;
}

/** A store whose data is one field of `state`, under `name`. */
function under<Name extends string, Schema extends z.ZodType, K extends StoreKey, Context>(
  name: Name,
  schema: Schema,
  key: K,
  context: ContextOf<Context>,
  ..._fits: Fits<K, z.output<Schema>, Context>
): StoreEntry<Record<Name, Schema>> {
  return {
    shape: { [name]: schema } as Record<Name, Schema>,
    key,
    at: [name],
    pick: (state) => state[name],
    put: (data) => ({ [name]: data }),
    context,
  };
}

/** A store whose data is several fields of `state`: its schema's. */
function spread<Shape extends z.ZodRawShape, K extends StoreKey, Context>(
  schema: z.ZodObject<Shape>,
  key: K,
  context: ContextOf<Context>,
  ..._fits: Fits<K, z.output<z.ZodObject<Shape>>, Context>
): StoreEntry<Shape> {
  const names = Object.keys(schema.shape);
  return {
    shape: schema.shape,
    key,
    at: [],
    pick: (state) => Object.fromEntries(names.map((name) => [name, state[name]])),
    put: (data) => data as Record<string, unknown>,
    context,
  };
}

const none = () => undefined;

/**
 * Every store, in the order a restore loads them: the tenants first, since others refer to them
 * (the calls, the subscriptions) and look them up in the registry loaded aside.
 */
export const WORLD_STORES = {
  tenants: spread(TenantRegistryDataSchema, 'tenants', (_aside, given) => ({
    baselineContacts: (tenantId: string) => given.baselineContacts(tenantId),
  })),
  catalogue: spread(CatalogueDataSchema, 'catalogue', none),
  calls: under('calls', CallsDataSchema, 'calls', (aside) => ({ tenants: aside.tenants })),
  keys: under('keys', KeysDataSchema, 'keys', none),
  rateWindows: under('rateWindows', RateWindowsDataSchema, 'limiter', none),
  idempotency: under('idempotency', IdempotencyDataSchema, 'idempotency', none),
  overrides: under('overrides', OverridesDataSchema, 'overrides', none),
  carrier: under('carrier', CarrierDataSchema, 'carrierRecord', none),
  events: under('events', EventsDataSchema, 'events', none),
  journal: under('journal', JournalDataSchema, 'journal', none),
  subscriptions: under('subscriptions', SubscriptionsDataSchema, 'subscriptions', (aside, _given, live) => ({
    tenants: aside.tenants,
    callbackOf: (id: string) => live.subscriptions.callbackOf(id),
  })),
  deliveries: under('deliveries', DeliveriesDataSchema, 'deliveries', (aside, given) => ({
    nowFor: (tenantId: string) => given.now + aside.tenants.aheadMs(tenantId),
  })),
};

type Entries = (typeof WORLD_STORES)[keyof typeof WORLD_STORES];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type Shapes = UnionToIntersection<Entries['shape']>;
const ENTRIES: readonly StoreEntry<z.ZodRawShape>[] = Object.values(WORLD_STORES);

/** The stores' fields of a snapshot's `state`, with their schemas: the part of the snapshot's schema they make up. */
export const STORE_SHAPES = Object.assign({}, ...ENTRIES.map((entry) => entry.shape)) as Shapes;
/** Every store's data, as fields of a snapshot's `state`. */
export type StoresData = z.output<z.ZodObject<{ [Name in keyof Shapes]: Shapes[Name] }>>;

const storeOf = (state: WorldState, entry: StoreEntry<z.ZodRawShape>) => state[entry.key] as unknown as AnyStore;

/** Every store's data. */
export function saveStores(state: WorldState): StoresData {
  return Object.assign({}, ...ENTRIES.map((entry) => entry.put(storeOf(state, entry).save()))) as StoresData;
}

/**
 * Loads every store's data into a fresh store, aside: the live world is not touched. Throws a
 * {@link StoreDataError} naming every problem (paths under `state`) when some data refers to
 * what is not there; any other error of a store's load propagates, the world still untouched.
 */
export function loadStoresAside(live: WorldState, data: StoresData, given: RestoreGiven): WorldState {
  const aside: WorldState = { ...live };
  for (const entry of ENTRIES) Object.assign(aside, { [entry.key]: storeOf(live, entry).fresh() });
  const issues: StoreDataIssue[] = [];
  for (const entry of ENTRIES) {
    try {
      storeOf(aside, entry).load(entry.pick(data), entry.context(aside, given, live));
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
  for (const entry of ENTRIES) storeOf(live, entry).adopt(storeOf(aside, entry));
}
