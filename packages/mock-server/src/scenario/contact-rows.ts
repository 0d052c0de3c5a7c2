import { randomBytes } from 'node:crypto';
import { flat } from '../lib/ids.js';
import { epochMs } from './epoch.js';
import type { ContactRecord } from '../state/records.js';
import type { ScenarioTenant, WithIds } from './resolved.js';

type ContactInput = ScenarioTenant['contacts'][number];
/** A scenario contact with its id decided, as `mock.scenario` shows it. */
export type ResolvedContact = WithIds<ContactInput>;

/** Staggers records without a createdAt one minute apart, ending just before the clock start. */
export const createdAtOf = (given: number, index: number, count: number, start: number) =>
  Number.isNaN(given) ? start - (count - index) * 60_000 : given;

/** A scenario's contact rows as plain data: columns, and the seed of derived ids. */
export interface ContactRowsData {
  count: number;
  idPrefix: string;
  idBase: number;
  /** `null` when no contact was given an id. */
  givenIds: (string | null)[] | null;
  firstNames: string[];
  lastNames: (string | null)[];
  phones: (string | null)[];
  /** Epoch ms as given, `null` where the scenario gave none. */
  givenCreatedAt: (number | null)[];
}

/** Whether a contact record is a row of a loaded scenario (not created at run time). */
export function isScenarioContact(record: ContactRecord): boolean {
  return record instanceof SeedContact;
}

/**
 * A scenario's contacts in columns: the compact source every reset rebuilds from. A big world
 * holds each name once (the records read it from here), its dates as numbers, and no id at all
 * for contacts that were given none: those ids are derived from a per-scenario random base and
 * the contact's row, so they are the same on every reset and cost no memory.
 *
 * @example
 * ```ts
 * const rows = new ContactRows(parsed.contacts);
 * rows.records(clockStart); // the records, sorted oldest first, shared by every reset at that start
 * ```
 */
export class ContactRows {
  readonly count: number;
  readonly #givenIds: (string | undefined)[] | undefined;
  /** The first 24 hex digits of the derived ids (a UUID v4 prefix), and the base of the last 12. */
  readonly #idPrefix: string;
  readonly #idBase: number;
  readonly firstNames: string[];
  readonly lastNames: (string | undefined)[];
  readonly phones: (string | undefined)[];
  /** Epoch ms as given, NaN where the scenario gave none. */
  readonly givenCreatedAt: Float64Array;
  #records: { start: number; sorted: ContactRecord[] } | undefined;

  /** Rows as a snapshot holds them: columns, and the seed of the derived ids, so ids survive. */
  toData(): ContactRowsData {
    const givenIds = this.#givenIds;
    return {
      count: this.count,
      idPrefix: this.#idPrefix,
      idBase: this.#idBase,
      givenIds: givenIds === undefined ? null : Array.from({ length: this.count }, (_, n) => givenIds[n] ?? null),
      firstNames: this.firstNames,
      lastNames: this.lastNames.map((name) => name ?? null),
      phones: this.phones.map((phone) => phone ?? null),
      givenCreatedAt: Array.from(this.givenCreatedAt, (ms) => (Number.isNaN(ms) ? null : ms)),
    };
  }

  /** Rows from a snapshot's columns: the same ids, derived or given. */
  static fromData(data: ContactRowsData): ContactRows {
    return new ContactRows(data);
  }

  constructor(source: readonly ContactInput[] | ContactRowsData) {
    // Rows from a snapshot's columns (an array of contacts has no `count`).
    if ('count' in source) {
      const data = source;
      this.count = data.count;
      this.firstNames = [...data.firstNames];
      this.lastNames = data.lastNames.map((name) => name ?? undefined);
      this.phones = data.phones.map((phone) => phone ?? undefined);
      this.givenCreatedAt = Float64Array.from(data.givenCreatedAt, (ms) => ms ?? Number.NaN);
      this.#givenIds = data.givenIds?.map((id) => id ?? undefined);
      this.#idPrefix = data.idPrefix;
      this.#idBase = data.idBase;
      return;
    }
    const contacts = source;
    const count = contacts.length;
    this.count = count;
    this.firstNames = new Array<string>(count);
    this.lastNames = new Array<string | undefined>(count);
    this.phones = new Array<string | undefined>(count);
    this.givenCreatedAt = new Float64Array(count);
    let givenIds: (string | undefined)[] | undefined;
    for (const [i, contact] of contacts.entries()) {
      this.firstNames[i] = contact.firstName;
      this.lastNames[i] = contact.lastName;
      this.phones[i] = contact.phoneMobile;
      this.givenCreatedAt[i] = contact.createdAt === undefined ? Number.NaN : epochMs(contact.createdAt);
      if (contact.id !== undefined) {
        givenIds ??= new Array<string | undefined>(count);
        givenIds[i] = flat(contact.id);
      }
    }
    this.#givenIds = givenIds;
    const random = randomBytes(16);
    // Version 4 and the RFC 4122 variant, as newId() gives.
    random[6] = ((random[6] ?? 0) & 0x0f) | 0x40;
    random[8] = ((random[8] ?? 0) & 0x3f) | 0x80;
    const hex = random.toString('hex');
    this.#idPrefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-`;
    // 36 random bits leave room for 2^48 - 2^36 rows before the last group wraps.
    this.#idBase = Number.parseInt(hex.slice(20, 29), 16);
  }

  /** The id of row `n`: given, or derived (stable for the life of these rows). */
  id(n: number): string {
    const given = this.#givenIds?.[n];
    if (given !== undefined) return given;
    return this.#idPrefix + (this.#idBase + n).toString(16).padStart(12, '0');
  }

  /** The contacts as the scenario lists them, ids decided (built on each call: big worlds rarely ask). */
  contacts(): ResolvedContact[] {
    const contacts: ResolvedContact[] = [];
    for (let n = 0; n < this.count; n++) {
      const contact: ResolvedContact = { id: this.id(n), firstName: this.firstNames[n] ?? '' };
      const lastName = this.lastNames[n];
      const phone = this.phones[n];
      const createdAt = this.givenCreatedAt[n] ?? Number.NaN;
      if (lastName !== undefined) contact.lastName = lastName;
      if (phone !== undefined) contact.phoneMobile = phone;
      if (!Number.isNaN(createdAt)) contact.createdAt = new Date(createdAt).toISOString();
      contacts.push(contact);
    }
    return contacts;
  }

  /**
   * The records at clock start `start`, sorted ascending by (createdAt, id). Records are
   * immutable, so every reset at the same start shares them; only the index array is copied.
   */
  records(start: number): readonly ContactRecord[] {
    if (this.#records?.start !== start) {
      const times = new Float64Array(this.count);
      for (let n = 0; n < this.count; n++) {
        times[n] = createdAtOf(this.givenCreatedAt[n] ?? Number.NaN, n, this.count, start);
      }
      const records: ContactRecord[] = new Array<ContactRecord>(this.count);
      const Record = seedContactClass({ rows: this, times });
      for (let n = 0; n < this.count; n++) records[n] = new Record(n);
      let inOrder = true;
      for (let n = 1; n < this.count && inOrder; n++) inOrder = (times[n - 1] ?? 0) < (times[n] ?? 0);
      if (!inOrder) records.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      this.#records = { start, sorted: records };
    }
    return this.#records.sorted;
  }
}

/** What the records of one load read: the rows, and the creation times at that clock start. */
interface Seed {
  readonly rows: ContactRows;
  readonly times: Float64Array;
}

/**
 * A scenario contact: a row of {@link ContactRows}, read on demand. Each load makes a subclass
 * whose prototype holds the {@link Seed}, so a record holds nothing but its row number (a million
 * records: 32 MB instead of 48).
 */
abstract class SeedContact implements ContactRecord {
  declare readonly seed: Seed;
  readonly #n: number;

  constructor(n: number) {
    this.#n = n;
  }

  get id(): string {
    return this.seed.rows.id(this.#n);
  }
  get firstName(): string {
    return this.seed.rows.firstNames[this.#n] ?? '';
  }
  get lastName(): string {
    return this.seed.rows.lastNames[this.#n] ?? '';
  }
  get phoneMobile(): string | null {
    return this.seed.rows.phones[this.#n] ?? null;
  }
  get createdAt(): number {
    return this.seed.times[this.#n] ?? Number.NaN;
  }
  get updatedAt(): number {
    return this.createdAt;
  }
}

/** The record class of one load. */
function seedContactClass(seed: Seed): new (n: number) => SeedContact {
  class LoadedContact extends SeedContact {}
  Object.defineProperty(LoadedContact.prototype, 'seed', { value: seed });
  return LoadedContact;
}
