/**
 * The snapshot format: a versioned, JSON-serialisable value of the whole world. The schema
 * checks a snapshot before anything is replaced, so a bad one is refused with the path of the
 * problem and leaves the world as it was. The types are inferred from it.
 */
import { CallStatus, FaxStatus, FaxType, PresenceStatus, SmsStatus } from '@commflow/contract';
import * as z from 'zod';
import { PlanSchema, RateLimitSchema } from '../../scenario/schema.js';
import { KeyDataSchema } from '../../state/keys.js';
import { STORE_SCHEMAS } from './stores.js';

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

const ContactRowsData = z
  .strictObject({
    count: z.int().min(0),
    idPrefix: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-$/),
    idBase: z.int().min(0),
    givenIds: z.array(nullableStr).nullable(),
    firstNames: z.array(str),
    lastNames: z.array(nullableStr),
    phones: z.array(nullableStr),
    givenCreatedAt: z.array(ms.nullable()),
  })
  .refine(
    (rows) =>
      [rows.firstNames, rows.lastNames, rows.phones, rows.givenCreatedAt, rows.givenIds ?? rows.firstNames].every(
        (column) => column.length === rows.count,
      ),
    { message: 'every column has `count` rows' },
  );

const User = z.strictObject({
  id: str,
  email: str,
  firstName: str,
  lastName: str,
  extension: nullableStr,
  capabilities: z.array(str).nullable(),
  createdAt: ms,
  presence: z.strictObject({ status: PresenceStatus, message: str, updatedAt: ms }),
});
const Contact = z.strictObject({
  id: str,
  firstName: str,
  lastName: str,
  phoneMobile: nullableStr,
  createdAt: ms,
  updatedAt: ms,
});
const Call = z.strictObject({
  id: str,
  tenantId: str,
  userEmail: str,
  fromExtension: str,
  destination: str,
  status: CallStatus,
  createdAt: ms,
  /** Written by mocks before 2026-11-25, which kept it on the call; read and dropped (the CDR keeps its own). */
  answeredAt: ms.nullable().optional(),
  bridgedAt: ms.nullable(),
  endedAt: ms.nullable(),
  schedule: z.array(z.strictObject({ at: ms, status: CallStatus })),
  history: z.array(z.strictObject({ status: CallStatus, at: ms })),
});
const Cdr = z.strictObject({
  id: str,
  callId: str,
  direction: z.enum(['outbound', 'inbound']),
  from: str,
  to: str,
  userEmail: str,
  startedAt: ms,
  answeredAt: ms.nullable(),
  endedAt: ms,
  durationSeconds: z.number(),
  disposition: z.enum(['answered', 'no_answer', 'busy', 'failed', 'canceled']),
});
const ChatMessage = z.strictObject({ id: str, conversationId: str, senderEmail: str, content: str, createdAt: ms });
const Chat = z.strictObject({
  id: str,
  participants: z.array(str),
  createdAt: ms,
  lastMessageAt: ms.nullable(),
  messages: z.array(ChatMessage),
});
const SmsNumber = z.strictObject({ id: str, number: str, ownerEmail: nullableStr, sharedWithEmails: z.array(str) });
const SmsMessage = z.strictObject({
  id: str,
  conversationId: str,
  direction: z.enum(['outbound', 'inbound']),
  from: str,
  to: str,
  body: str,
  status: SmsStatus,
  simulated: z.boolean(),
  failureReason: str.optional(),
  createdAt: ms,
});
const SmsConversation = z.strictObject({
  id: str,
  smsNumber: str,
  peerNumber: str,
  peerName: nullableStr,
  assigneeEmail: nullableStr,
  lastMessageAt: ms.nullable(),
  messages: z.array(SmsMessage),
});
const Agent = z.strictObject({ id: str, name: str, description: nullableStr, createdAt: ms });
const File = z.strictObject({ id: str, name: str, mimeType: str, size: z.number(), ownerEmail: str, createdAt: ms });
const Fax = z.strictObject({
  id: str,
  type: FaxType,
  from: str,
  to: str,
  pages: z.number(),
  status: FaxStatus,
  createdAt: ms,
});
const CalendarEvent = z.strictObject({
  id: str,
  title: str,
  startTime: ms,
  endTime: ms,
  ownerEmail: str,
  createdAt: ms,
});

const Tenant = z.strictObject({
  id: str,
  name: str,
  mode: z.enum(['sandbox', 'live']),
  modules: z.array(str),
  capabilities: z.array(str),
  users: z.array(User),
  /** Whether the tenant holds its baseline scenario's contact rows; `contacts` are the others. */
  scenarioContacts: z.boolean(),
  contacts: z.array(Contact),
  calls: z.array(Call),
  cdrs: z.array(Cdr),
  chats: z.array(Chat),
  smsNumbers: z.array(SmsNumber),
  smsConversations: z.array(SmsConversation),
  agents: z.array(Agent),
  files: z.array(File),
  faxes: z.array(Fax),
  calendarEvents: z.array(CalendarEvent),
});

/**
 * A scenario as a snapshot's baseline holds it: the resolved scenario without its keys'
 * secrets (the keys are in `keys`, as hashes) and without its contacts (in `contactRows`,
 * one entry per tenant, as columns). Checked in full by the scenario schema on restore.
 */
const Baseline = z.strictObject({
  scenario: z.looseObject({ tenants: z.array(z.looseObject({ id: str })) }),
  contactRows: z.array(ContactRowsData),
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
  state: z.strictObject({
    defaultRateLimit: RateLimitSchema,
    plans: z.array(PlanSchema),
    tenants: z.array(Tenant),
    calls: z.strictObject({
      active: z.array(z.tuple([str, str])),
      ended: z.array(z.tuple([str, str])),
    }),
    ...STORE_SCHEMAS,
    /** Tenants created at run time: the template a tenant reset rebuilds, and its clock's time then. */
    createdTenants: z.array(
      z.strictObject({
        template: z.looseObject({ id: str }),
        contactRows: ContactRowsData,
        createdAt: ms,
      }),
    ),
    /** Each tenant clock's distance ahead of the mock clock: `[tenant id, ms]`. */
    tenantClocks: z.array(z.tuple([str, z.number().min(0)])),
    /** Each tenant's last creation time: `[tenant id, ms]`. */
    tenantStamps: z.array(z.tuple([str, ms])),
  }),
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
/** A tenant as a snapshot holds it. */
export type TenantSnapshot = z.output<typeof Tenant>;
