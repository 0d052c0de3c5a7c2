import {
  ApiKey,
  CreateContactBody,
  DateTimeInput,
  Email,
  E164,
  Extension,
  Fax,
  FaxStatus,
  FaxType,
  FileItem,
  Id,
  PresenceStatus,
} from '@commflow/contract';
import * as z from 'zod';
import { PlanSchema } from '../state/catalogue.js';
import { RateLimitSchema } from '../state/keys.js';

export { PlanSchema, RateLimitSchema };
import { CAPABILITY_NAMES, MODULE_NAMES, PERMISSION_NAMES } from '../service/gating-names.js';
import { ScenarioWebhookSchema } from '../state/webhooks/subscription-schemas.js';

const optionalId = z.optional(Id).meta({ description: 'A UUID v4. Generated when omitted.' });
const createdAt = z.optional(DateTimeInput).meta({
  description: 'ISO 8601 date-time. Omitted: staggered before the clock start, in list order.',
});

const UserSchema = z.strictObject({
  id: optionalId,
  email: Email,
  firstName: z.string().min(1).max(100),
  lastName: z.string().max(100),
  extension: z.optional(Extension),
  capabilities: z
    .array(z.enum(CAPABILITY_NAMES))
    .optional()
    .meta({ description: 'When present, the user must hold the capability too, on user-scoped operations.' }),
  presence: z
    .strictObject({ status: PresenceStatus, message: z.string().max(140).default('') })
    .optional()
    .meta({ description: 'Initial presence. Default: offline, empty message.' }),
  createdAt,
});

// A contact is what contacts.create accepts, plus a fixed id and creation time.
const ContactSchema = z.strictObject({
  ...CreateContactBody.shape,
  id: optionalId,
  createdAt,
});

const SmsNumberSchema = z.strictObject({
  id: optionalId,
  number: E164,
  ownerEmail: z.optional(Email),
  sharedWithEmails: z.array(Email).default([]),
});

const SmsConversationSchema = z.strictObject({
  id: optionalId,
  smsNumber: E164.check(z.meta({ description: 'One of the tenant’s smsNumbers[].number.' })),
  peerNumber: E164,
  peerName: z.string().min(1).max(200).optional(),
  assigneeEmail: z.optional(Email),
});

const AiAgentSchema = z.strictObject({
  id: optionalId,
  name: z.string().min(1).max(200),
  description: z.string().max(2000).optional(),
  createdAt,
});

// Fields taken from the contract's shapes (not its methods), so either zod flavour fits.
const FileSchema = z.strictObject({
  name: FileItem.shape.name,
  mimeType: FileItem.shape.mimeType,
  size: FileItem.shape.size,
  ownerEmail: FileItem.shape.ownerEmail,
  id: optionalId,
  createdAt,
});

// A scenario seeds the values the mock knows; the response schema's `type` and `status` are open.
const FaxSchema = z.strictObject({
  type: FaxType,
  from: Fax.shape.from,
  to: Fax.shape.to,
  pages: Fax.shape.pages,
  status: FaxStatus,
  id: optionalId,
  createdAt,
});

const CalendarEventSchema = z.strictObject({
  id: optionalId,
  ownerEmail: Email,
  title: z.string().min(1).max(200),
  startTime: DateTimeInput,
  endTime: DateTimeInput,
});

const TenantSchema = z.strictObject({
  id: Id,
  name: z.string().min(1).max(200),
  mode: z.enum(['sandbox', 'live']),
  modules: z
    .array(z.enum(MODULE_NAMES))
    .default([...MODULE_NAMES])
    .meta({ description: 'Modules granted to the tenant. Default: all.' }),
  capabilities: z
    .array(z.enum(CAPABILITY_NAMES))
    .default([...CAPABILITY_NAMES])
    .meta({ description: 'Capabilities granted to the tenant. Default: all.' }),
  users: z.array(UserSchema).default([]),
  contacts: z.array(ContactSchema).default([]),
  smsNumbers: z.array(SmsNumberSchema).default([]),
  smsConversations: z.array(SmsConversationSchema).default([]),
  aiAgents: z.array(AiAgentSchema).default([]),
  files: z.array(FileSchema).default([]),
  faxes: z.array(FaxSchema).default([]),
  calendarEvents: z.array(CalendarEventSchema).default([]),
  webhooks: z.array(ScenarioWebhookSchema).default([]).meta({
    description:
      'Webhook subscriptions of the tenant, loaded on every reset. A secret left out is generated once per load.',
  }),
});

const ApiKeySchema = z.strictObject({
  key: ApiKey.check(z.meta({ description: 'The secret. Kept only as a SHA-256 hash once loaded.' })),
  tenantIds: z.array(Id).min(1),
  permissions: z
    .array(z.enum([...PERMISSION_NAMES, '*']))
    .meta({ description: 'Permissions held by the key; "*" holds them all.' }),
  rateLimit: RateLimitSchema.optional(),
  revoked: z.boolean().default(false),
  label: z.string().max(200).optional().meta({ description: 'Shown where the key is printed.' }),
});

type Issue = z.core.$ZodRawIssue;
const referenceChecks = (scenario: ScenarioOutputShape, push: (issue: Issue) => void) => {
  const issue = (path: (string | number)[], message: string, input: unknown) => {
    push({ code: 'custom', path, message, input });
  };
  const unique = <T>(
    items: readonly T[],
    value: (item: T) => string | undefined,
    path: (i: number) => (string | number)[],
    what: string,
  ) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      const v = value(item);
      if (v === undefined) return;
      if (seen.has(v)) issue(path(i), `duplicate ${what} "${v}"`, v);
      seen.add(v);
    });
  };
  unique(
    scenario.plans,
    (plan) => plan.id,
    (i) => ['plans', i, 'id'],
    'plan id',
  );
  unique(
    scenario.tenants,
    (tenant) => tenant.id,
    (i) => ['tenants', i, 'id'],
    'tenant id',
  );
  unique(
    scenario.apiKeys,
    (key) => key.key,
    (i) => ['apiKeys', i, 'key'],
    'key',
  );
  // Subscription ids are global, like the control surface's: unique across tenants.
  const webhooks = scenario.tenants.flatMap((tenant, t) => tenant.webhooks.map((webhook, w) => ({ webhook, t, w })));
  unique(
    webhooks,
    (entry) => entry.webhook.id?.toLowerCase(),
    (i) => ['tenants', webhooks[i]?.t ?? 0, 'webhooks', webhooks[i]?.w ?? 0, 'id'],
    'webhook id',
  );
  const tenantIds = new Set(scenario.tenants.map((tenant) => tenant.id));
  scenario.apiKeys.forEach((key, i) => {
    key.tenantIds.forEach((tenantId, j) => {
      if (!tenantIds.has(tenantId)) issue(['apiKeys', i, 'tenantIds', j], `no tenant has id "${tenantId}"`, tenantId);
    });
    if (key.key.startsWith('cf_') && key.tenantIds.length !== 1) {
      issue(
        ['apiKeys', i, 'tenantIds'],
        'a cf_ key belongs to exactly one tenant (use cfa_ for several)',
        key.tenantIds,
      );
    }
  });
  scenario.tenants.forEach((tenant, t) => {
    const at = (...rest: (string | number)[]) => ['tenants', t, ...rest];
    const emails = new Set(tenant.users.map((user) => user.email.toLowerCase()));
    const knownUser = (email: string | undefined, path: (string | number)[]) => {
      if (email !== undefined && !emails.has(email.toLowerCase()))
        issue(path, `no user of the tenant has email "${email}"`, email);
    };
    unique(
      tenant.users,
      (user) => user.email.toLowerCase(),
      (i) => at('users', i, 'email'),
      'email',
    );
    unique(
      tenant.users,
      (user) => user.extension,
      (i) => at('users', i, 'extension'),
      'extension',
    );
    for (const table of [
      'users',
      'contacts',
      'smsNumbers',
      'smsConversations',
      'aiAgents',
      'files',
      'faxes',
      'calendarEvents',
    ] as const) {
      const rows: readonly { id?: string | undefined }[] = tenant[table];
      unique(
        rows,
        (row) => row.id,
        (i) => at(table, i, 'id'),
        'id',
      );
    }
    unique(
      tenant.smsNumbers,
      (number) => number.number,
      (i) => at('smsNumbers', i, 'number'),
      'SMS number',
    );
    tenant.smsNumbers.forEach((number, i) => {
      knownUser(number.ownerEmail, at('smsNumbers', i, 'ownerEmail'));
      number.sharedWithEmails.forEach((email, j) => {
        knownUser(email, at('smsNumbers', i, 'sharedWithEmails', j));
      });
    });
    const numbers = new Set(tenant.smsNumbers.map((number) => number.number));
    tenant.smsConversations.forEach((conversation, i) => {
      if (!numbers.has(conversation.smsNumber)) {
        issue(at('smsConversations', i, 'smsNumber'), `not one of the tenant's smsNumbers`, conversation.smsNumber);
      }
      knownUser(conversation.assigneeEmail, at('smsConversations', i, 'assigneeEmail'));
    });
    unique(
      tenant.smsConversations,
      (conversation) => `${conversation.smsNumber} ↔ ${conversation.peerNumber}`,
      (i) => at('smsConversations', i, 'peerNumber'),
      'conversation',
    );
    tenant.files.forEach((file, i) => {
      knownUser(file.ownerEmail, at('files', i, 'ownerEmail'));
    });
    tenant.calendarEvents.forEach((event, i) => {
      knownUser(event.ownerEmail, at('calendarEvents', i, 'ownerEmail'));
      if (Date.parse(event.endTime) <= Date.parse(event.startTime)) {
        issue(at('calendarEvents', i, 'endTime'), 'must be after startTime', event.endTime);
      }
    });
  });
};

const ScenarioObject = z.strictObject({
  $schema: z.string().optional().meta({ description: 'Editor hint; ignored.' }),
  rateLimit: RateLimitSchema.default({ limit: 600, windowSeconds: 60 }).meta({
    description: 'The default rate limit of every key without its own. Default: 600 per 60 s.',
  }),
  plans: z.array(PlanSchema).default([]),
  tenants: z.array(TenantSchema).default([]),
  apiKeys: z.array(ApiKeySchema).default([]),
});
type ScenarioOutputShape = z.output<typeof ScenarioObject>;

/**
 * The scenario schema: the world a mock starts from. Unknown fields are rejected, and references
 * (emails, numbers, tenant ids) are checked, each error naming its path.
 *
 * @example
 * ```ts
 * const result = ScenarioSchema.safeParse(JSON.parse(await readFile('scenario.json', 'utf8')));
 * ```
 */
export const ScenarioSchema = ScenarioObject.check((ctx) => {
  referenceChecks(ctx.value, (issue) => ctx.issues.push(issue));
}).meta({ id: 'Scenario', title: 'CommFlow mock scenario' });

/**
 * A scenario as written (optional fields may be omitted).
 *
 * @example
 * ```ts
 * const scenario: ScenarioInput = { tenants: [{ id, name: 'Acme', mode: 'sandbox' }] };
 * ```
 */
export type ScenarioInput = z.input<typeof ScenarioSchema>;
/**
 * A validated scenario, defaults applied.
 *
 * @example
 * ```ts
 * const scenario: Scenario = ScenarioSchema.parse(input);
 * ```
 */
export type Scenario = z.output<typeof ScenarioSchema>;
