/**
 * Restores a snapshot: checks all of it and builds the new state aside, then swaps it in. A
 * snapshot that fails any check throws {@link SnapshotError} and leaves the world as it was.
 */
import { withLegacyFaults } from './legacy-faults.js';
import { ContactRows } from '../../scenario/contact-rows.js';
import { capEndedCalls } from '../../service/domains/voice.js';
import { parseScenarioWithRows, ScenarioError, type ResolvedScenario } from '../../scenario/parse.js';
import type { CallRecord, ContactRecord } from '../../state/records.js';
import { chatMessageIndex, contactIndex, smsMessageIndex, TenantState } from '../../state/tenant-state.js';
import { replaceMap } from '../baseline.js';
import type { MockRuntime } from '../mock-runtime.js';
import type { CreatedTenant } from '../world.js';
import { loadStores } from './stores.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, SnapshotSchema, type MockSnapshot, type TenantSnapshot } from './schema.js';

/**
 * One problem of a snapshot: where it is, and what is wrong.
 *
 * @example
 * ```ts
 * const issue: SnapshotIssue = { path: ['state', 'calls', 'active', 0], message: 'no call "…" in tenant "…"' };
 * ```
 */
export interface SnapshotIssue {
  path: (string | number)[];
  message: string;
}

/**
 * A snapshot that cannot be restored: malformed, of another version, or with a reference that
 * does not resolve. `issues` name each place.
 *
 * @example
 * ```ts
 * try { mock.restore(input); } catch (error) { if (error instanceof SnapshotError) console.error(error.issues); }
 * ```
 */
export class SnapshotError extends Error {
  readonly issues: readonly SnapshotIssue[];

  constructor(issues: readonly SnapshotIssue[]) {
    const lines = issues.slice(0, 10).map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    super(`Invalid snapshot:\n${lines.join('\n')}`);
    this.name = 'SnapshotError';
    this.issues = issues;
  }
}

/**
 * The snapshot inside what was given, and where it sits: a snapshot as it is, `{ snapshot }`, or
 * the whole answer of `GET /__mock/snapshot` (`{ success, data: { snapshot }, meta }`), so that a
 * file saved with `curl $M/snapshot > world.json` goes back with `PUT` or `--state` as it is.
 */
function unwrapSnapshot(value: unknown): { snapshot: unknown; at: string[] } {
  if (typeof value !== 'object' || value === null || 'format' in value) return { snapshot: value, at: [] };
  if ('snapshot' in value) return { snapshot: value.snapshot, at: ['snapshot'] };
  const data = 'data' in value ? value.data : undefined;
  if (typeof data === 'object' && data !== null && 'snapshot' in data) {
    return { snapshot: data.snapshot, at: ['data', 'snapshot'] };
  }
  return { snapshot: value, at: [] };
}

/** Runs `work` on the unwrapped snapshot; its issues are named from the top of what was given. */
function unwrapped<T>(value: unknown, work: (snapshot: unknown) => T): T {
  const { snapshot, at } = unwrapSnapshot(value);
  try {
    return work(snapshot);
  } catch (error) {
    if (error instanceof SnapshotError && at.length > 0) {
      throw new SnapshotError(error.issues.map((issue) => ({ ...issue, path: [...at, ...issue.path] })));
    }
    throw error;
  }
}

/**
 * Checks a value as a snapshot: the format and version first, so another file says so plainly.
 * The snapshot may come as it is, as `{ snapshot }`, or inside `GET /__mock/snapshot`'s answer.
 */
export function parseSnapshot(input: unknown): MockSnapshot {
  return unwrapped(input, parseBareSnapshot);
}

function parseBareSnapshot(input: unknown): MockSnapshot {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new SnapshotError([{ path: [], message: 'a snapshot is a JSON object' }]);
  }
  const { format, version } = input as { format?: unknown; version?: unknown };
  if (format !== SNAPSHOT_FORMAT) {
    throw new SnapshotError([{ path: ['format'], message: `must be "${SNAPSHOT_FORMAT}"` }]);
  }
  if (version !== SNAPSHOT_VERSION) {
    throw new SnapshotError([
      {
        path: ['version'],
        message: `unknown version ${JSON.stringify(version)}; this mock reads version ${SNAPSHOT_VERSION}`,
      },
    ]);
  }
  const parsed = SnapshotSchema.safeParse(withLegacyFaults(input));
  if (!parsed.success) {
    throw new SnapshotError(
      parsed.error.issues.map((issue) => ({
        path: issue.path.map((part) => (typeof part === 'number' ? part : String(part))),
        message: issue.message,
      })),
    );
  }
  return parsed.data;
}

/** Puts a snapshot's world in place of the runtime's. */
export function restoreSnapshot(runtime: MockRuntime, input: unknown): void {
  const { snapshot, prepared } = unwrapped(input, (bare) => {
    const parsed = parseBareSnapshot(bare);
    return { snapshot: parsed, prepared: prepare(parsed) };
  });
  const { state, sim } = runtime.world;

  sim.clock.resume(snapshot.clock);
  runtime.baseline = {
    scenario: prepared.scenario,
    loadedAt: snapshot.baseline.loadedAt,
    keys: snapshot.baseline.keys,
  };
  replaceMap(state.tenants, prepared.tenants);
  state.plans = new Map(snapshot.state.plans.map((plan) => [plan.id.toLowerCase(), plan]));
  state.defaultRateLimit = snapshot.state.defaultRateLimit;
  state.activeCalls.clear();
  for (const call of prepared.activeCalls) state.activeCalls.add(call);
  state.endedCalls.clear();
  for (const call of prepared.endedCalls) state.endedCalls.add(call);
  capEndedCalls(runtime.world);
  state.createdTenants.clear();
  for (const created of prepared.createdTenants) state.createdTenants.set(created.template.id, created);
  state.tenantClocks.clear();
  for (const [tenantId, ahead] of snapshot.state.tenantClocks) state.tenantClocks.set(tenantId, ahead);
  state.tenantStamps.clear();
  for (const [tenantId, stamp] of snapshot.state.tenantStamps) state.tenantStamps.set(tenantId, stamp);
  loadStores(state, snapshot.state);
  sim.webhooks.restart();
}

interface Prepared {
  scenario: ResolvedScenario;
  createdTenants: CreatedTenant[];
  tenants: Map<string, TenantState>;
  activeCalls: CallRecord[];
  endedCalls: CallRecord[];
}

/** Builds everything a restore puts in place, checking every reference; touches nothing. */
function prepare(snapshot: MockSnapshot): Prepared {
  const issues: SnapshotIssue[] = [];
  const { baseline } = snapshot;
  if (baseline.contactRows.length !== baseline.scenario.tenants.length) {
    issues.push({ path: ['baseline', 'contactRows'], message: 'one entry per baseline tenant' });
    throw new SnapshotError(issues);
  }
  const rows = baseline.contactRows.map((data) => ContactRows.fromData(data));
  let scenario: ResolvedScenario;
  try {
    scenario = parseScenarioWithRows({ ...baseline.scenario, apiKeys: [] }, rows);
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    throw new SnapshotError(
      error.issues.map((issue) => ({ path: ['baseline', 'scenario', ...issue.segments], message: issue.message })),
    );
  }
  // The contact rows each tenant was built from, and from when: the scenario's, or its creation's.
  const seedOf = new Map<string, { rows: ContactRows; start: number }>();
  scenario.tenants.forEach((tenant, t) => {
    const tenantRows = rows[t];
    if (tenantRows !== undefined) seedOf.set(tenant.id.toLowerCase(), { rows: tenantRows, start: baseline.loadedAt });
  });
  const createdTenants: CreatedTenant[] = [];
  snapshot.state.createdTenants.forEach((created, i) => {
    const createdRows = ContactRows.fromData(created.contactRows);
    try {
      const [template] = parseScenarioWithRows({ tenants: [created.template], apiKeys: [] }, [createdRows]).tenants;
      if (template === undefined) return;
      createdTenants.push({ template, createdAt: created.createdAt });
      seedOf.set(template.id.toLowerCase(), { rows: createdRows, start: created.createdAt });
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      for (const issue of error.issues) {
        issues.push({
          path: ['state', 'createdTenants', i, 'template', ...issue.segments.slice(2)],
          message: issue.message,
        });
      }
    }
  });
  const tenants = new Map<string, TenantState>();
  snapshot.state.tenants.forEach((data, t) => {
    const path = ['state', 'tenants', t];
    const seeded = seedOf.get(data.id);
    if (data.scenarioContacts && seeded === undefined) {
      issues.push({
        path: [...path, 'scenarioContacts'],
        message: `no scenario or created tenant has id "${data.id}"`,
      });
      return;
    }
    if (tenants.has(data.id)) issues.push({ path: [...path, 'id'], message: `tenant "${data.id}" appears twice` });
    // The SMS access rule looks a conversation's number up: it must be one of the tenant's.
    const numbers = new Set(data.smsNumbers.map((number) => number.number));
    data.smsConversations.forEach((conversation, i) => {
      if (!numbers.has(conversation.smsNumber)) {
        issues.push({
          path: [...path, 'smsConversations', i, 'smsNumber'],
          message: `not one of the tenant's smsNumbers: "${conversation.smsNumber}"`,
        });
      }
    });
    tenants.set(data.id, buildTenant(data, data.scenarioContacts ? seeded?.rows.records(seeded.start) : undefined));
  });
  const findCalls = (list: [string, string][], name: 'active' | 'ended') =>
    list.flatMap(([tenantId, callId], i) => {
      const call = tenants.get(tenantId)?.calls.get(callId);
      if (call === undefined)
        issues.push({ path: ['state', 'calls', name, i], message: `no call "${callId}" in tenant "${tenantId}"` });
      return call === undefined ? [] : [call];
    });
  const activeCalls = findCalls(snapshot.state.calls.active, 'active');
  const endedCalls = findCalls(snapshot.state.calls.ended, 'ended');
  snapshot.state.subscriptions.forEach((subscription, i) => {
    if (!tenants.has(subscription.tenantId)) {
      issues.push({
        path: ['state', 'subscriptions', i, 'tenantId'],
        message: `no tenant has id "${subscription.tenantId}"`,
      });
    }
  });
  snapshot.state.tenantClocks.forEach(([tenantId], i) => {
    if (!tenants.has(tenantId))
      issues.push({ path: ['state', 'tenantClocks', i, 0], message: `no tenant has id "${tenantId}"` });
  });
  if (issues.length > 0) throw new SnapshotError(issues);
  return { scenario, createdTenants, tenants, activeCalls, endedCalls };
}

const byCreation = (a: ContactRecord, b: ContactRecord) =>
  a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The scenario's rows (sorted) and the created contacts, merged oldest first in one pass. */
function mergeContacts(seeded: readonly ContactRecord[], created: ContactRecord[]): ContactRecord[] {
  if (created.length === 0) return [...seeded];
  created.sort(byCreation);
  const merged = new Array<ContactRecord>(seeded.length + created.length);
  let i = 0;
  let j = 0;
  for (let n = 0; n < merged.length; n++) {
    const a = seeded[i];
    const b = created[j];
    if (a !== undefined && (b === undefined || byCreation(a, b) <= 0)) {
      merged[n] = a;
      i++;
    } else if (b !== undefined) {
      merged[n] = b;
      j++;
    }
  }
  return merged;
}

function buildTenant(data: TenantSnapshot, seeded: readonly ContactRecord[] | undefined): TenantState {
  const tenant = new TenantState(data);
  for (const user of data.users) {
    tenant.addUser({ ...user, capabilities: user.capabilities === null ? null : new Set(user.capabilities) });
  }
  tenant.contactIndex = contactIndex(mergeContacts(seeded ?? [], [...data.contacts]), true);
  for (const { answeredAt: _dropped, ...call } of data.calls) tenant.addCall(call);
  for (const cdr of data.cdrs) tenant.addCdr(cdr);
  for (const { messages, ...chat } of data.chats) {
    const index = chatMessageIndex();
    for (const message of messages) index.insert(message);
    tenant.addChat({ ...chat, messages: index });
  }
  for (const number of data.smsNumbers) tenant.addSmsNumber(number);
  for (const { messages, ...conversation } of data.smsConversations) {
    const index = smsMessageIndex();
    for (const { failureReason, ...message } of messages) index.insert({ ...message, failureReason });
    tenant.addSmsConversation({ ...conversation, messages: index });
  }
  for (const agent of data.agents) tenant.addAgent(agent);
  for (const file of data.files) tenant.addFile(file);
  for (const fax of data.faxes) tenant.addFax(fax);
  for (const event of data.calendarEvents) tenant.addCalendarEvent(event);
  return tenant;
}
