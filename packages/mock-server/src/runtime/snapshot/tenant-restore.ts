/**
 * Puts a tenant snapshot back, into its own tenant, into another one (a copy), or into a new one
 * (a fork). The snapshot is checked in full and loaded aside first: a snapshot that fails any
 * check throws {@link SnapshotError} and changes nothing. Then each live store takes the
 * tenant's part; no other tenant's part is touched.
 */
import * as z from 'zod';
import { parseWithKeyHints } from '../../lib/input-issues.js';
import { ownField } from '../../lib/json.js';
import { CreatedTenantDataSchema } from '../../state/tenant-registry-schema.js';
import { newId } from '../../lib/ids.js';
import { StoreDataError } from '../../state/store.js';
import { TENANT_TEMPLATES } from '../tenant-templates.js';
import type { MockRuntime } from '../mock-runtime.js';
import { SnapshotError, unwrapped } from './restore.js';
import { SNAPSHOT_FORMAT } from './schema.js';
import {
  TENANT_SNAPSHOT_FORMAT,
  TENANT_SNAPSHOT_VERSION,
  TenantSnapshotSchema,
  type TenantSnapshot,
} from './tenant-schema.js';
import { loadSliceAside, putSlice, straysOf, type TenantStoresData } from './tenant-stores.js';

type SliceState = TenantSnapshot['state'];

/** A slice as renamed: its created tenants without their contact rows (set aside, unchanged). */
const RenamedSchema = TenantSnapshotSchema.shape.state.extend({
  createdTenants: z.array(CreatedTenantDataSchema.omit({ contactRows: true })),
});

/** Zod's issues as a snapshot's, from `at`. */
function issuesOf(issues: readonly { path: PropertyKey[]; message: string }[], at: (string | number)[] = []) {
  return issues.map((issue) => ({
    path: [...at, ...issue.path.map((part) => (typeof part === 'number' ? part : String(part)))],
    message: issue.message,
  }));
}

function parseBare(input: unknown): TenantSnapshot {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new SnapshotError([{ path: [], message: 'a tenant snapshot is a JSON object' }]);
  }
  const format = ownField(input, 'format');
  if (format !== TENANT_SNAPSHOT_FORMAT) {
    const hint =
      format === SNAPSHOT_FORMAT
        ? ' (this is a world snapshot: restore it with PUT /__mock/snapshot or mock.restore())'
        : '';
    throw new SnapshotError([{ path: ['format'], message: `must be "${TENANT_SNAPSHOT_FORMAT}"${hint}` }]);
  }
  const version = ownField(input, 'version');
  if (version !== TENANT_SNAPSHOT_VERSION) {
    throw new SnapshotError([
      {
        path: ['version'],
        message: `unknown version ${JSON.stringify(version)}; this mock reads tenant snapshot version ${TENANT_SNAPSHOT_VERSION}`,
      },
    ]);
  }
  const parsed = parseWithKeyHints(TenantSnapshotSchema, input);
  if (!parsed.success) throw new SnapshotError(parsed.issues);
  const strays = straysOf(parsed.data.state, parsed.data.tenantId);
  if (strays.length > 0) throw new SnapshotError(strays.map((issue) => ({ ...issue, path: ['state', ...issue.path] })));
  return parsed.data;
}

/**
 * Checks a value as a tenant snapshot: format and version first (a world snapshot says so), then
 * every field, and that every entry is the snapshot's tenant's. It may come as it is, as
 * `{ snapshot }`, or inside `GET /__mock/tenants/{id}/snapshot`'s answer.
 */
export function parseTenantSnapshot(input: unknown): TenantSnapshot {
  return unwrapped(input, parseBare);
}

/** UUIDs and override ids: the ids a slice may hold that a copy or a fork renames. */
const ID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|ovr_[0-9a-f]{16}/g;

/** The ids of a template's webhook declarations (a created tenant's reset makes subscriptions with them). */
function templateWebhookIds(template: Record<string, unknown>): string[] {
  const webhooks = template.webhooks;
  if (!Array.isArray(webhooks)) return [];
  return webhooks.flatMap((webhook: unknown) => {
    const id = typeof webhook === 'object' && webhook !== null ? ownField(webhook, 'id') : undefined;
    return typeof id === 'string' ? [id] : [];
  });
}

/**
 * A slice moved to another tenant id (a copy or a fork): the tenant id, and every id that is
 * unique across the world (subscriptions, deliveries, events, overrides), renamed wherever they
 * appear (payloads and journal bodies included); without keys, rate windows and idempotency
 * entries, which belong to the keys of the tenant it was taken of. A tenant of the loaded scenario
 * gets its scenario template as its creation template, so that its reset rebuilds it.
 */
function retarget(runtime: MockRuntime, snapshot: TenantSnapshot, targetId: string): SliceState {
  const state: SliceState = { ...snapshot.state, keys: [], rateWindows: [], idempotency: [] };
  if (state.createdTenants.length === 0) {
    const template = runtime.baseline.scenario.tenants.find((tenant) => tenant.id.toLowerCase() === snapshot.tenantId);
    if (template === undefined) {
      throw new SnapshotError([
        {
          path: ['state', 'createdTenants'],
          message: `a copy or fork needs the tenant's template: it was not created at run time, and the loaded scenario has no tenant "${snapshot.tenantId}"`,
        },
      ]);
    }
    const saved = TENANT_TEMPLATES.save(template);
    // The scenario may spell the id in capitals; the slice's is lower case, and renamed below.
    const created = { ...saved, template: { ...saved.template, id: snapshot.tenantId } };
    state.createdTenants = [{ ...created, createdAt: runtime.baseline.loadedAt }];
  }
  const renamed = new Map<string, string>([[snapshot.tenantId, targetId]]);
  const renew = (id: string) => {
    renamed.set(id, id.startsWith('ovr_') ? `ovr_${newId().replaceAll('-', '').slice(0, 16)}` : newId());
  };
  for (const { id } of [...state.subscriptions, ...state.deliveries, ...state.events, ...state.overrides]) renew(id);
  for (const created of state.createdTenants) for (const id of templateWebhookIds(created.template)) renew(id);
  // A template's contact rows hold no id to rename, and are most of a big tenant: set aside.
  const rows = state.createdTenants.map((created) => created.contactRows);
  const light = { ...state, createdTenants: state.createdTenants.map(({ contactRows: _rows, ...created }) => created) };
  const text = JSON.stringify(light).replace(ID_PATTERN, (id) => renamed.get(id) ?? id);
  const moved = RenamedSchema.safeParse(JSON.parse(text));
  // Stryker disable next-line all: renaming ids keeps every field's type; this only narrows
  if (!moved.success) throw new SnapshotError(issuesOf(moved.error.issues, ['state']));
  return {
    ...moved.data,
    createdTenants: moved.data.createdTenants.flatMap((created, i) => {
      const contactRows = rows[i];
      return contactRows === undefined ? [] : [{ ...created, contactRows }];
    }),
  };
}

/** Loads a slice aside for `tenantId`; its issues are named under `state`. */
function loadAside(runtime: MockRuntime, state: TenantStoresData) {
  const { baseline, world } = runtime;
  try {
    return loadSliceAside(world.state, state, {
      now: world.sim.clock.now(),
      baselineContacts: (tenantId) => {
        const template = baseline.scenario.tenants.find((tenant) => tenant.id.toLowerCase() === tenantId);
        return template === undefined ? undefined : TENANT_TEMPLATES.contacts(template, baseline.loadedAt);
      },
    });
  } catch (error) {
    if (!(error instanceof StoreDataError)) throw error;
    throw new SnapshotError(error.issues.map((issue) => ({ ...issue, path: ['state', ...issue.path] })));
  }
}

/**
 * How a tenant restore may take a snapshot of another tenant.
 *
 * @example
 * ```ts
 * mock.tenants.restore(tenantB, mock.tenants.snapshot(tenantA), { copy: true });
 * ```
 */
export interface TenantRestoreOptions {
  /**
   * Put a snapshot of another tenant into this one: its slice under this tenant's id (ids that
   * are unique across the world renamed), keeping this tenant's own keys. Without it, a snapshot
   * of another tenant is refused. Default: false.
   */
  copy?: boolean | undefined;
}

/**
 * Puts a tenant snapshot in place of tenant `tenantId`'s slice (an existing tenant, lower case).
 * Returns whether it was a copy of another tenant's.
 */
export function restoreTenantSnapshot(
  runtime: MockRuntime,
  tenantId: string,
  input: unknown,
  options: TenantRestoreOptions = {},
): { copied: boolean } {
  const { state, copied } = unwrapped(input, (bare) => {
    const snapshot = parseBare(bare);
    if (snapshot.tenantId === tenantId) return { state: loadAside(runtime, snapshot.state), copied: false };
    if (options.copy !== true) {
      throw new SnapshotError([
        {
          path: ['tenantId'],
          message: `a snapshot of tenant "${snapshot.tenantId}", not of "${tenantId}": put it back to its own tenant, or copy it into this one (?copy=true over HTTP, { copy: true } in process)`,
        },
      ]);
    }
    const moved = retarget(runtime, snapshot, tenantId);
    // A copy keeps the target's own keys and their windows.
    const own = runtime.world.state;
    const keys = own.keys.sliceOf(tenantId);
    const rateWindows = own.limiter.sliceOf(new Set(keys.map((key) => key.hash)));
    return { state: loadAside(runtime, { ...moved, keys, rateWindows }), copied: true };
  });
  putSlice(runtime.world, state, tenantId);
  return { copied };
}

/**
 * Makes a new tenant holding a tenant snapshot's slice under a new id (a fork), with no key yet;
 * `name`, when given, replaces the tenant's name. Returns the new tenant's id.
 */
export function forkTenantSnapshot(runtime: MockRuntime, input: unknown, name?: string): string {
  const tenantId = newId();
  const aside = unwrapped(input, (bare) => {
    const moved = retarget(runtime, parseBare(bare), tenantId);
    const tenants = name === undefined ? moved.tenants : moved.tenants.map((tenant) => ({ ...tenant, name }));
    return loadAside(runtime, { ...moved, tenants });
  });
  putSlice(runtime.world, aside, tenantId);
  return tenantId;
}
