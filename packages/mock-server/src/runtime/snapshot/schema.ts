/**
 * The snapshot format: a versioned, JSON-serialisable value of the whole world. The schema
 * checks a snapshot before anything is replaced, so a bad one is refused with the path of the
 * problem and leaves the world as it was. The types are inferred from it.
 */
import * as z from 'zod';
import { KeyDataSchema } from '../../state/keys.js';
import { ContactRowsDataSchema } from '../../state/tenant-registry-schema.js';
import { STORE_SHAPES } from './stores.js';

/**
 * The format's name, so a file can say what it is.
 *
 * @example
 * ```ts
 * mock.snapshot().format === SNAPSHOT_FORMAT; // true
 * ```
 */
export const SNAPSHOT_FORMAT = 'commflow-mock-snapshot';
/**
 * The version this mock writes and reads. A snapshot of another version is refused.
 *
 * @example
 * ```ts
 * mock.snapshot().version === SNAPSHOT_VERSION; // true
 * ```
 */
export const SNAPSHOT_VERSION = 1;

const ms = z.number();
const str = z.string();
const nullableStr = z.string().nullable();

/**
 * A scenario as a snapshot's baseline holds it: the resolved scenario without its keys'
 * secrets (the keys are in `keys`, as hashes) and without its contacts (in `contactRows`,
 * one entry per tenant, as columns). Checked in full by the scenario schema on restore.
 */
const Baseline = z.strictObject({
  scenario: z.looseObject({ tenants: z.array(z.looseObject({ id: str })) }),
  contactRows: z.array(ContactRowsDataSchema),
  keys: z.array(KeyDataSchema.extend({ label: nullableStr })),
  loadedAt: ms,
});

/**
 * The schema of a snapshot: what `mock.restore()` and `PUT /__mock/snapshot` check before they
 * replace anything.
 *
 * @example
 * ```ts
 * const ok = SnapshotSchema.safeParse(JSON.parse(await readFile('world.json', 'utf8'))).success;
 * ```
 */
export const SnapshotSchema = z.strictObject({
  format: z.literal(SNAPSHOT_FORMAT),
  version: z.literal(SNAPSHOT_VERSION, { error: `this mock reads snapshot version ${SNAPSHOT_VERSION}` }),
  takenAt: str,
  clock: z.strictObject({ now: ms, offsetMs: ms, lastStamp: ms }),
  baseline: Baseline,
  /** The world's stores, each as the fields its data makes up (`stores.ts`). */
  state: z.strictObject(STORE_SHAPES),
});

/**
 * A snapshot of a mock's world: versioned plain JSON. It holds webhook signing secrets (keep it
 * like a secret), never an API key's secret.
 *
 * @example
 * ```ts
 * await writeFile('world.json', JSON.stringify(mock.snapshot()));
 * ```
 */
export type MockSnapshot = z.output<typeof SnapshotSchema>;
