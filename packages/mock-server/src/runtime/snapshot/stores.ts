/**
 * The world's stores, each under the name its data has in a snapshot. Every store saves to plain
 * data and loads from it through the same two methods, `save()` and `load(data)`, typed by its
 * one schema (beside the store, in its own file). Snapshot take and restore loop over this list,
 * and the snapshot's schema is built from it: a new field of a store touches that store's file
 * and its schema, nothing here; a new store is one line here.
 */
import type * as z from 'zod';
import { CarrierDataSchema } from '../../sim/carrier.js';
import { EventsDataSchema } from '../../state/events/event-log.js';
import { IdempotencyDataSchema } from '../../state/idempotency-store.js';
import { JournalDataSchema } from '../../state/journal.js';
import { KeysDataSchema } from '../../state/keys.js';
import { OverridesDataSchema } from '../../state/overrides.js';
import { RateWindowsDataSchema } from '../../state/rate-limiter.js';
import { DeliveriesDataSchema } from '../../state/webhooks/deliveries.js';
import { SubscriptionsDataSchema } from '../../state/webhooks/subscription-schemas.js';
import type { WorldState } from '../world.js';

/** The protocol every store of the world follows. */
export interface Store<Data> {
  /** The store's content as plain JSON data, a copy. */
  save(): Data;
  /** Replaces the store's content with `data`, already checked by the store's schema. */
  load(data: Data): void;
}

interface StoreEntry<Schema extends z.ZodType> {
  readonly schema: Schema;
  readonly of: (state: WorldState) => Store<z.output<Schema>>;
}

const entry = <Schema extends z.ZodType>(
  schema: Schema,
  of: (state: WorldState) => Store<z.output<Schema>>,
): StoreEntry<Schema> => ({ schema, of });

/** Every store, by its name in a snapshot's `state`. The order is the snapshot's. */
export const WORLD_STORES = {
  keys: entry(KeysDataSchema, (state) => state.keys),
  rateWindows: entry(RateWindowsDataSchema, (state) => state.limiter),
  idempotency: entry(IdempotencyDataSchema, (state) => state.idempotency),
  overrides: entry(OverridesDataSchema, (state) => state.overrides),
  carrier: entry(CarrierDataSchema, (state) => state.recordingCarrier),
  events: entry(EventsDataSchema, (state) => state.events),
  journal: entry(JournalDataSchema, (state) => state.journal),
  subscriptions: entry(SubscriptionsDataSchema, (state) => state.subscriptions),
  deliveries: entry(DeliveriesDataSchema, (state) => state.deliveries),
};

type Stores = typeof WORLD_STORES;
type StoreName = keyof Stores;
/** Every store's data, by name. */
export type StoresData = { [Name in StoreName]: z.output<Stores[Name]['schema']> };

const NAMES = Object.keys(WORLD_STORES) as StoreName[];

/** The stores' schemas by name: the part of the snapshot's schema they make up. */
export const STORE_SCHEMAS = Object.fromEntries(NAMES.map((name) => [name, WORLD_STORES[name].schema])) as {
  [Name in StoreName]: Stores[Name]['schema'];
};

/** Every store's data. */
export function saveStores(state: WorldState): StoresData {
  return Object.fromEntries(NAMES.map((name) => [name, WORLD_STORES[name].of(state).save()])) as StoresData;
}

/** Loads every store from its data (checked by the schema before: loading cannot fail). */
export function loadStores(state: WorldState, data: StoresData): void {
  for (const name of NAMES) (WORLD_STORES[name].of(state) as Store<StoresData[StoreName]>).load(data[name]);
}
