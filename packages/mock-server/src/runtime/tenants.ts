/**
 * Tenants on demand: a new tenant with a fresh id from a template (a scenario tenant, a tenant in
 * the scenario format, or a minimal sandbox), with a key of its own; and one tenant's reset or
 * deletion, leaving every other tenant as it was.
 */
import type * as z from 'zod';
import type { CreateTenantInputSchema } from '../control-api/inputs.js';
import { notFound, validationError } from '../lib/api-error.js';
import { newId } from '../lib/ids.js';
import { buildTenants } from '../scenario/build.js';
import { parseScenario, ScenarioError } from '../scenario/parse.js';
import type { ScenarioInput } from '../scenario/schema.js';
import type { TenantTemplate } from './world.js';
import { createApiKey, type CreatedApiKey } from './access.js';
import type { MockRuntime } from './mock-runtime.js';
import { progressCalls } from '../service/domains/voice.js';
import { tenantAheadMs, tenantNow } from '../service/tenant-clock.js';
import { SnapshotError } from './snapshot/restore.js';
import { forkTenantSnapshot, restoreTenantSnapshot, type TenantRestoreOptions } from './snapshot/tenant-restore.js';
import type { TenantSnapshot } from './snapshot/tenant-schema.js';
import { takeTenantSnapshot } from './snapshot/tenant-take.js';

type TenantInput = NonNullable<ScenarioInput['tenants']>[number];

/**
 * Where a new tenant comes from: a tenant of the loaded scenario (`from`), a whole tenant in the
 * scenario format (`tenant`; its `id` is ignored), or neither, for a minimal sandbox tenant.
 *
 * @example
 * ```ts
 * const template: TenantTemplateInput = { from: DEMO_TENANTS.sandbox };
 * ```
 */
export interface TenantTemplateInput {
  /** The new tenant's name. Default: the template's (a scenario tenant's copy: "<name> (copy)"). */
  name?: string;
  from?: string;
  tenant?: Omit<TenantInput, 'id'> & { id?: string };
  /**
   * A tenant snapshot (`mock.tenants.snapshot(id)`, `GET /__mock/tenants/{id}/snapshot`) to fork:
   * the new tenant holds its slice under a new id, with a new key; the old tenant's keys do not
   * open it. Not with `from` or `tenant`.
   */
  snapshot?: TenantSnapshot | Record<string, unknown>;
}

/**
 * A tenant as the control surface shows it: enough to drive the API as it.
 *
 * @example
 * ```ts
 * const { tenant } = mock.tenants.create();
 * tenant.users[0]?.email; // 'owner@sandbox.test'
 * ```
 */
export interface TenantSummary {
  id: string;
  name: string;
  mode: 'sandbox' | 'live';
  users: { id: string; email: string; firstName: string; lastName: string; extension: string | null }[];
  numbers: string[];
}

/**
 * A tenant created at run time, and the secret of a key that can access only it (shown once).
 *
 * @example
 * ```ts
 * const { tenant, key } = mock.tenants.create({ from: DEMO_TENANTS.sandbox });
 * ```
 */
export interface CreatedTenantResult {
  tenant: TenantSummary;
  /** The tenant's own key, in the one shape of a new key (`id` revokes it). */
  apiKey: CreatedApiKey;
  /** `apiKey.key`, the secret, shown this once. */
  key: string;
}

/** The minimal sandbox: one user with an extension, one SMS number of theirs, every module. */
const MINIMAL_SANDBOX: TenantInput = {
  id: '00000000-0000-4000-8000-000000000000',
  name: 'Sandbox',
  mode: 'sandbox',
  users: [{ email: 'owner@sandbox.test', firstName: 'Sandbox', lastName: 'Owner', extension: '1001' }],
  smsNumbers: [{ number: '+14155550100', ownerEmail: 'owner@sandbox.test' }],
};

/** A resolved tenant as scenario input with every id left out, so a parse gives fresh ones. */
function withoutIds(tenant: TenantTemplate): TenantInput {
  const strip = <T extends { id?: string }>(items: readonly T[]) =>
    items.map(({ id: _id, ...rest }) => structuredClone(rest));
  return {
    id: tenant.id,
    name: tenant.name,
    mode: tenant.mode,
    modules: [...tenant.modules],
    capabilities: [...tenant.capabilities],
    users: strip(tenant.users),
    contacts: strip(tenant.contacts),
    smsNumbers: strip(tenant.smsNumbers),
    smsConversations: strip(tenant.smsConversations),
    aiAgents: strip(tenant.aiAgents),
    files: strip(tenant.files),
    faxes: strip(tenant.faxes),
    calendarEvents: strip(tenant.calendarEvents),
    webhooks: strip(tenant.webhooks),
  };
}

/**
 * A template as the control surface's schema checks it (and `mock.tenants.create`, with the same
 * schema): `tenant` is any object there, checked as a scenario tenant when the tenant is made.
 */
type CheckedTemplate = z.output<typeof CreateTenantInputSchema>;

/** A copy of a webhook declaration without its id; anything else as it is, for the scenario's parse to name. */
function withoutId(webhook: unknown): unknown {
  if (typeof webhook !== 'object' || webhook === null) return webhook;
  return Object.fromEntries(Object.entries(webhook).filter(([name]) => name !== 'id'));
}

/** The scenario-format tenant a template names, before its new id; checked when the tenant is made. */
function templateInput(runtime: MockRuntime, input: CheckedTemplate): { tenant: object; path: string[] } {
  if (input.from !== undefined && input.tenant !== undefined) {
    throw validationError([{ path: ['body'], message: 'give "from" or "tenant", not both' }]);
  }
  if (input.from !== undefined) {
    const from = input.from.toLowerCase();
    const source = runtime.baseline.scenario.tenants.find((tenant) => tenant.id.toLowerCase() === from);
    if (source === undefined) {
      throw validationError([{ path: ['body', 'from'], message: `the loaded scenario has no tenant "${input.from}"` }]);
    }
    return { tenant: { ...withoutIds(source), name: `${source.name} (copy)` }, path: ['body', 'from'] };
  }
  if (input.tenant !== undefined) {
    // Subscription ids are unique across tenants: a copy gets new ones.
    const webhooks = input.tenant.webhooks ?? [];
    return {
      tenant: {
        ...input.tenant,
        id: MINIMAL_SANDBOX.id,
        webhooks: Array.isArray(webhooks) ? webhooks.map(withoutId) : webhooks,
      },
      path: ['body', 'tenant'],
    };
  }
  return { tenant: MINIMAL_SANDBOX, path: ['body'] };
}

/** Builds a tenant's tables and subscriptions from its template, at its clock's `start`. */
function install(runtime: MockRuntime, template: TenantTemplate, start: number): void {
  const { state } = runtime.world;
  const built = buildTenants({ ...runtime.baseline.scenario, tenants: [template] }, start).get(template.id);
  if (built === undefined) throw new Error('a built tenant is missing');
  state.tenants.set(template.id, built);
  template.webhooks.forEach((webhook, w) => {
    state.subscriptions.create({ ...webhook, tenantId: template.id }, ['tenant', 'webhooks', String(w)]);
  });
}

/** Creates a tenant with a fresh id from a template or a tenant snapshot, and a key for it alone. */
export function createTenant(runtime: MockRuntime, input: CheckedTemplate = {}): CreatedTenantResult {
  if (input.snapshot !== undefined) return forkTenant(runtime, input.snapshot, input);
  const named = templateInput(runtime, input);
  const { path } = named;
  const tenant = input.name === undefined ? named.tenant : { ...named.tenant, name: input.name };
  const id = newId();
  let template: TenantTemplate | undefined;
  try {
    template = parseScenario({ tenants: [{ ...tenant, id }], apiKeys: [] }).tenants[0];
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    throw validationError(
      error.issues.map((issue) => ({
        path: [...path, ...issue.segments.slice(2)],
        message: issue.message,
      })),
    );
  }
  if (template === undefined) throw new Error('a parsed tenant is missing');
  const start = tenantNow(runtime.world, id);
  install(runtime, template, start);
  runtime.world.state.tenants.setCreated(id, { template, createdAt: start });
  const apiKey = createApiKey(runtime, { tenantIds: [id] });
  return { tenant: tenantSummary(runtime, id), apiKey, key: apiKey.key };
}

/** A tenant snapshot's issues as a 400 naming each path from `at`. */
function refused(error: unknown, at: string[]): unknown {
  if (!(error instanceof SnapshotError)) return error;
  return validationError(
    error.issues.map((issue) => ({ path: [...at, ...issue.path.map(String)], message: issue.message })),
  );
}

/** A fork: a new tenant holding a tenant snapshot's slice, with a key for it alone. */
function forkTenant(runtime: MockRuntime, snapshot: unknown, input: CheckedTemplate): CreatedTenantResult {
  if (input.from !== undefined || input.tenant !== undefined) {
    throw validationError([{ path: ['body'], message: 'give "snapshot" alone, without "from" or "tenant"' }]);
  }
  let id: string;
  try {
    id = forkTenantSnapshot(runtime, snapshot, input.name);
  } catch (error) {
    throw refused(error, ['body', 'snapshot']);
  }
  const apiKey = createApiKey(runtime, { tenantIds: [id] });
  return { tenant: tenantSummary(runtime, id), apiKey, key: apiKey.key };
}

/**
 * One tenant's slice of the world: its records, own keys (as hashes), clock, calls, idempotency
 * entries, overrides, subscriptions, journal, events and deliveries, as versioned JSON.
 */
export function tenantSnapshot(runtime: MockRuntime, id: string): TenantSnapshot {
  return takeTenantSnapshot(runtime, existing(runtime, id));
}

/**
 * Puts a tenant snapshot in place of one tenant's slice; no other tenant changes. A snapshot of
 * another tenant is refused unless `options.copy`. A bad snapshot throws {@link SnapshotError}
 * and changes nothing.
 */
export function restoreTenant(
  runtime: MockRuntime,
  id: string,
  snapshot: unknown,
  options: TenantRestoreOptions = {},
): { tenant: TenantSummary; copied: boolean } {
  const tenantId = existing(runtime, id);
  const { copied } = restoreTenantSnapshot(runtime, tenantId, snapshot, options);
  return { tenant: tenantSummary(runtime, tenantId), copied };
}

/**
 * {@link restoreTenant} for the control surface: a bad snapshot is a 400 naming each path under
 * `body`.
 */
export function restoreTenantOver(
  runtime: MockRuntime,
  id: string,
  snapshot: unknown,
  options: TenantRestoreOptions,
): { tenant: TenantSummary; copied: boolean } {
  try {
    return restoreTenant(runtime, id, snapshot, options);
  } catch (error) {
    throw refused(error, ['body']);
  }
}

/** The tenant's summary. */
export function tenantSummary(runtime: MockRuntime, tenantId: string): TenantSummary {
  const tenant = runtime.world.state.tenants.get(tenantId.toLowerCase());
  if (tenant === undefined) throw notFound('Tenant');
  return {
    id: tenant.id,
    name: tenant.name,
    mode: tenant.mode,
    users: [...tenant.users.values()].map((user) => ({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      extension: user.extension,
    })),
    numbers: [...tenant.smsNumbers.keys()],
  };
}

/** What a tenant is rebuilt from: its creation, or the loaded scenario. */
function sourceOf(runtime: MockRuntime, tenantId: string): { template: TenantTemplate; start: number } {
  const created = runtime.world.state.tenants.created(tenantId);
  if (created !== undefined) return { template: created.template, start: created.createdAt };
  const template = runtime.baseline.scenario.tenants.find((tenant) => tenant.id.toLowerCase() === tenantId);
  if (template === undefined) throw new Error(`tenant ${tenantId} has no template`);
  return { template: { ...template, id: tenantId }, start: runtime.baseline.loadedAt };
}

/** Frees what a tenant accumulated: subscriptions, deliveries, calls, idempotency entries, overrides, history. */
function forgetHistory(runtime: MockRuntime, tenantId: string): void {
  const { state, sim } = runtime.world;
  state.subscriptions.forgetTenant(tenantId);
  sim.webhooks.forgetTenant(tenantId);
  state.calls.forgetTenant(tenantId);
  state.idempotency.forgetTenant(tenantId);
  state.events.forgetTenant(tenantId);
  state.overrides.removeTenant(tenantId);
  state.journal.forgetTenant(tenantId);
}

/** Looks a tenant up by id as API ids are: any case; an unknown one is 404. */
function existing(runtime: MockRuntime, id: string): string {
  const tenantId = id.toLowerCase();
  if (!runtime.world.state.tenants.has(tenantId)) throw notFound('Tenant');
  return tenantId;
}

/**
 * Puts one tenant back as it was created (a tenant of the scenario: as the scenario loads it),
 * keeping its keys and its clock's time; every other tenant is untouched.
 */
export function resetTenant(runtime: MockRuntime, id: string): TenantSummary {
  const tenantId = existing(runtime, id);
  const { template, start } = sourceOf(runtime, tenantId);
  forgetHistory(runtime, tenantId);
  install(runtime, template, start);
  return tenantSummary(runtime, tenantId);
}

/**
 * Removes one tenant: its own keys stop working (401), and its subscriptions, deliveries, calls,
 * idempotency entries and history are freed. A global reset brings back a scenario tenant.
 */
export function deleteTenant(runtime: MockRuntime, id: string): void {
  const tenantId = existing(runtime, id);
  const { state } = runtime.world;
  forgetHistory(runtime, tenantId);
  state.tenants.delete(tenantId);
  for (const key of state.keys.list()) {
    if (key.tenantIds.size === 1 && key.tenantIds.has(tenantId)) {
      state.keys.delete(key.hash);
      state.limiter.delete(key.hash);
    }
  }
}

/**
 * A tenant's clock as the control surface shows it.
 *
 * @example
 * ```ts
 * mock.tenants.clock(tenantId).aheadMs; // 0 until the tenant's clock is advanced
 * ```
 */
export interface TenantClockView {
  tenantId: string;
  /** The tenant's time. */
  now: string;
  /** How far the tenant's clock is ahead of the mock clock. */
  aheadMs: number;
  /** How far tests moved this tenant's time in all: the mock clock's offset plus `aheadMs`. */
  offsetMs: number;
}

/** A tenant's clock. */
export function tenantClockView(runtime: MockRuntime, id: string): TenantClockView {
  const tenantId = existing(runtime, id);
  const aheadMs = tenantAheadMs(runtime.world, tenantId);
  return {
    tenantId,
    now: new Date(tenantNow(runtime.world, tenantId)).toISOString(),
    aheadMs,
    offsetMs: runtime.world.sim.clock.offsetMs + aheadMs,
  };
}

/**
 * Moves one tenant's clock forward: its calls' timelines, rate-limit windows, idempotency
 * retention, webhook retries and the times on its new records and events follow; no other
 * tenant's time moves. A tenant clock never moves back (decisions.md).
 */
export function advanceTenantClock(runtime: MockRuntime, id: string, ms: number): TenantClockView {
  const tenantId = existing(runtime, id);
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError('ms must be a whole number of milliseconds >= 0');
  const { state, sim } = runtime.world;
  state.tenants.setAheadMs(tenantId, tenantAheadMs(runtime.world, tenantId) + ms);
  progressCalls(runtime.world);
  state.idempotency.sweepAll();
  sim.webhooks.runDue();
  return tenantClockView(runtime, tenantId);
}
