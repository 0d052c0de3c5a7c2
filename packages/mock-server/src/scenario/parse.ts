import { generateWebhookSecret } from '@commflow/contract/webhooks';
import { flat, newId } from '../lib/ids.js';
import { type HintedIssue, parseWithKeyHints } from '../lib/input-issues.js';
import { ContactRows, type ResolvedContact } from './contact-rows.js';
import { ScenarioSchema } from './schema.js';
import type { ResolvedScenario } from './resolved.js';

export type { ResolvedScenario, ResolvedWebhook, ScenarioTenant, WithIds } from './resolved.js';

/**
 * A scenario that failed validation. `issues` name each bad path, such as
 * `tenants[0].users[2].email`.
 *
 * @example
 * ```ts
 * try { parseScenario(input); } catch (error) { if (error instanceof ScenarioError) console.error(error.issues); }
 * ```
 */
export class ScenarioError extends Error {
  readonly issues: readonly ScenarioIssue[];

  constructor(issues: readonly ScenarioIssue[]) {
    super(`Invalid scenario:\n${issues.map((issue) => `  - ${issue.path || '(root)'}: ${issue.message}`).join('\n')}`);
    this.name = 'ScenarioError';
    this.issues = issues;
  }
}

const formatPath = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (text, part) => (typeof part === 'number' ? `${text}[${part}]` : `${text}${text === '' ? '' : '.'}${String(part)}`),
    '',
  );

/**
 * One problem of a scenario: its path as text (`tenants[0].users[2].email`) and as segments.
 *
 * @example
 * ```ts
 * const issue: ScenarioIssue = { path: 'tenants[0].mode', segments: ['tenants', '0', 'mode'], message: 'Invalid option' };
 * ```
 */
export interface ScenarioIssue {
  path: string;
  segments: string[];
  message: string;
}

function issueOf(issue: HintedIssue): ScenarioIssue {
  return { path: formatPath(issue.path), segments: issue.path.map(String), message: issue.message };
}

function fillIds<T extends { id?: string | undefined }>(rows: readonly T[]): (T & { id: string })[] {
  return rows.map((row) => ({ ...row, id: row.id === undefined ? newId() : flat(row.id) }));
}

const cache = new WeakMap<object, ResolvedScenario>();
const contactRows = new WeakMap<object, ContactRows>();

/**
 * A tenant's `contacts`, read from its compact rows on demand (an enumerable getter, so spreads
 * and JSON see the array): a big world keeps no second copy of its contacts for reset().
 */
function withContacts<T extends object>(tenant: T, rows: ContactRows): T & { contacts: ResolvedContact[] } {
  Object.defineProperty(tenant, 'contacts', { get: () => rows.contacts(), enumerable: true });
  contactRows.set(tenant, rows);
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the getter was just defined; defineProperty does not widen its argument's type
  return tenant as T & { contacts: ResolvedContact[] };
}

/** The compact contact rows of a tenant of a resolved scenario (undefined for one not made by {@link parseScenario}). */
export function contactRowsOf(tenant: object): ContactRows | undefined {
  return contactRows.get(tenant);
}

/**
 * Validates a scenario and generates its omitted ids.
 *
 * @throws ScenarioError naming every bad path.
 * @example
 * ```ts
 * const scenario = parseScenario({ tenants: [{ id: tenantId, name: 'Acme', mode: 'sandbox' }] });
 * ```
 */
export function parseScenario(input: unknown): ResolvedScenario {
  return resolve(input, undefined);
}

/**
 * Parses a scenario whose tenants' contacts come as rows already (a snapshot's baseline): the
 * `contacts` of each tenant in `input` are ignored, `rows[t]` stands in, with its ids.
 *
 * @throws ScenarioError naming every bad path.
 */
export function parseScenarioWithRows(input: unknown, rows: readonly ContactRows[]): ResolvedScenario {
  return resolve(input, rows);
}

function resolve(input: unknown, rows: readonly ContactRows[] | undefined): ResolvedScenario {
  if (rows === undefined && typeof input === 'object' && input !== null) {
    const hit = cache.get(input);
    if (hit !== undefined) return hit;
  }
  // A misspelt key is named with the key it most likely meant, as the control routes name theirs.
  const result = parseWithKeyHints(ScenarioSchema, input);
  if (!result.success) throw new ScenarioError(result.issues.map(issueOf));
  const scenario = result.data;
  const resolved: ResolvedScenario = {
    ...scenario,
    tenants: scenario.tenants.map(({ contacts, ...tenant }, t) =>
      withContacts(
        {
          ...tenant,
          users: fillIds(tenant.users),
          smsNumbers: fillIds(tenant.smsNumbers),
          smsConversations: fillIds(tenant.smsConversations),
          aiAgents: fillIds(tenant.aiAgents),
          files: fillIds(tenant.files),
          faxes: fillIds(tenant.faxes),
          calendarEvents: fillIds(tenant.calendarEvents),
          webhooks: fillIds(tenant.webhooks).map((webhook) => ({
            ...webhook,
            secret: webhook.secret ?? generateWebhookSecret(),
          })),
        },
        rows?.[t] ?? new ContactRows(contacts),
      ),
    ),
  };
  if (rows === undefined && typeof input === 'object' && input !== null) cache.set(input, resolved);
  cache.set(resolved, resolved);
  return resolved;
}
