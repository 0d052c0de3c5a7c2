/**
 * The tenant registry: every tenant's state, and what the world keeps per tenant beside it (the
 * template a created tenant's reset rebuilds, its clock's distance ahead, its last stamp). A
 * tenant-level field is one more map in {@link RegistryContent} and one more list in the
 * registry's schema: deleting a tenant, clearing and adopting go over every map.
 */
import type { ContactRecord } from './records.js';
import { StoreDataError, throwIssues, type Store, type StoreDataIssue } from './store.js';
import { loadTenant, saveTenant } from './tenant-data.js';
import type { CreatedTenantData, TenantRegistryData } from './tenant-registry-schema.js';
import type { TenantState } from './tenant-state.js';

/** A tenant created at run time: what its reset rebuilds, and from when. */
export interface CreatedTenant<Template> {
  readonly template: Template;
  /** Its clock's time at creation: records without a createdAt are staggered before it. */
  readonly createdAt: number;
}

/**
 * What the registry needs of the scenario layer, which the state cannot import: how a created
 * tenant's template is saved and read back, its contacts, and which contacts are scenario rows.
 */
export interface TenantTemplates<Template> {
  /** A template as plain data, its contacts apart as rows. */
  save(template: Template): Omit<CreatedTenantData, 'createdAt'>;
  /** A template back from its data; throws {@link StoreDataError} with paths under the entry. */
  load(data: CreatedTenantData): Template;
  /** The template's contacts as records, sorted oldest first, for a tenant created at `start`. */
  contacts(template: Template, start: number): readonly ContactRecord[];
  /** Whether a contact is one of a scenario's rows (rebuilt on load, so never saved). */
  readonly isSeed: (contact: ContactRecord) => boolean;
}

/** What loading the registry needs beside its data: the baseline scenario's contacts of a tenant. */
export interface TenantRegistryLoadContext {
  baselineContacts(tenantId: string): readonly ContactRecord[] | undefined;
}

/** Everything the registry holds, one map per tenant-level field, keyed by tenant id. */
interface RegistryContent<Template> {
  tenants: Map<string, TenantState>;
  created: Map<string, CreatedTenant<Template>>;
  /** Each tenant clock's distance ahead of the mock clock, in ms (absent: 0). */
  clocks: Map<string, number>;
  /** Each tenant's last creation time handed out: one tenant's records never shift another's. */
  stamps: Map<string, number>;
}

const emptyContent = <Template>(): RegistryContent<Template> => ({
  tenants: new Map(),
  created: new Map(),
  clocks: new Map(),
  stamps: new Map(),
});

/**
 * The tenants of the world, by lower-case id, with their clocks, stamps and creation templates.
 *
 * @example
 * ```ts
 * registry.get(tenantId)?.users.size;
 * registry.setAheadMs(tenantId, 60_000);
 * ```
 */
export class TenantRegistry<Template> implements Store<
  TenantRegistryData,
  TenantRegistryLoadContext,
  TenantRegistry<Template>
> {
  readonly #templates: TenantTemplates<Template>;
  #content: RegistryContent<Template> = emptyContent();

  constructor(templates: TenantTemplates<Template>) {
    this.#templates = templates;
  }

  get(tenantId: string): TenantState | undefined {
    return this.#content.tenants.get(tenantId);
  }

  has(tenantId: string): boolean {
    return this.#content.tenants.has(tenantId);
  }

  /** Puts a tenant's state in place (a new tenant, or one rebuilt by its reset); the rest stays. */
  set(tenantId: string, tenant: TenantState): void {
    this.#content.tenants.set(tenantId, tenant);
  }

  values(): IterableIterator<TenantState> {
    return this.#content.tenants.values();
  }

  keys(): IterableIterator<string> {
    return this.#content.tenants.keys();
  }

  /** Forgets a tenant and everything kept for it. */
  delete(tenantId: string): void {
    const maps: Record<keyof RegistryContent<Template>, Map<string, unknown>> = this.#content;
    for (const map of Object.values(maps)) map.delete(tenantId);
  }

  /** Forgets every tenant. */
  clear(): void {
    this.#content = emptyContent();
  }

  /** What a tenant created at run time was created from, if it was. */
  created(tenantId: string): CreatedTenant<Template> | undefined {
    return this.#content.created.get(tenantId);
  }

  setCreated(tenantId: string, created: CreatedTenant<Template>): void {
    this.#content.created.set(tenantId, created);
  }

  /** How far a tenant's clock is ahead of the mock clock, in ms. */
  aheadMs(tenantId: string): number {
    return this.#content.clocks.get(tenantId) ?? 0;
  }

  setAheadMs(tenantId: string, ms: number): void {
    this.#content.clocks.set(tenantId, ms);
  }

  /** A tenant's next creation time: `now`, or just after its previous one, so its records keep their order. */
  stamp(tenantId: string, now: number): number {
    const last = this.#content.stamps.get(tenantId) ?? Number.NEGATIVE_INFINITY;
    const stamp = now > last ? now : last + 1;
    this.#content.stamps.set(tenantId, stamp);
    return stamp;
  }

  save(): TenantRegistryData {
    const { tenants, created, clocks, stamps } = this.#content;
    const { isSeed } = this.#templates;
    return {
      tenants: [...tenants.values()].map((tenant) => saveTenant(tenant, isSeed)),
      createdTenants: [...created.values()].map(({ template, createdAt }) => ({
        ...this.#templates.save(template),
        createdAt,
      })),
      tenantClocks: [...clocks],
      tenantStamps: [...stamps],
    };
  }

  /**
   * Loads the registry's data into this (fresh) registry. A tenant holding its scenario's rows
   * gets them from its creation's template or from `context` (the baseline's); every reference is
   * checked, and all problems are thrown at once.
   */
  load(data: TenantRegistryData, context: TenantRegistryLoadContext): void {
    const issues: StoreDataIssue[] = [];
    const content = this.#content;
    const seeds = new Map<string, () => readonly ContactRecord[]>();
    data.createdTenants.forEach((saved, i) => {
      try {
        const template = this.#templates.load(saved);
        const id = saved.template.id.toLowerCase();
        content.created.set(id, { template, createdAt: saved.createdAt });
        seeds.set(id, () => this.#templates.contacts(template, saved.createdAt));
      } catch (error) {
        // Stryker disable next-line ConditionalExpression: another error has no issues, so reading them throws anyway; the check keeps its own message
        if (!(error instanceof StoreDataError)) throw error;
        for (const issue of error.issues) issues.push({ ...issue, path: ['createdTenants', i, ...issue.path] });
      }
    });
    data.tenants.forEach((saved, t) => {
      const seeded = saved.scenarioContacts
        ? (seeds.get(saved.id)?.() ?? context.baselineContacts(saved.id))
        : undefined;
      const issue = (path: (string | number)[], message: string) =>
        issues.push({ path: ['tenants', t, ...path], message });
      if (saved.scenarioContacts && seeded === undefined) {
        issue(['scenarioContacts'], `no scenario or created tenant has id "${saved.id}"`);
        return;
      }
      if (content.tenants.has(saved.id)) issue(['id'], `tenant "${saved.id}" appears twice`);
      // The SMS access rule looks a conversation's number up: it must be one of the tenant's.
      const numbers = new Set(saved.smsNumbers.map((number) => number.number));
      saved.smsConversations.forEach((conversation, i) => {
        if (!numbers.has(conversation.smsNumber))
          issue(
            ['smsConversations', i, 'smsNumber'],
            `not one of the tenant's smsNumbers: "${conversation.smsNumber}"`,
          );
      });
      content.tenants.set(saved.id, loadTenant(saved, seeded));
    });
    data.tenantClocks.forEach(([tenantId, ahead], i) => {
      if (!content.tenants.has(tenantId))
        issues.push({ path: ['tenantClocks', i, 0], message: `no tenant has id "${tenantId}"` });
      content.clocks.set(tenantId, ahead);
    });
    for (const [tenantId, stamp] of data.tenantStamps) content.stamps.set(tenantId, stamp);
    throwIssues(issues);
  }

  /**
   * One tenant's part of the registry's data (a tenant snapshot): the same four lists, holding
   * only its entries. Costs the tenant's records, not the world's.
   */
  sliceOf(tenantId: string): TenantRegistryData {
    const { tenants, created, clocks, stamps } = this.#content;
    const tenant = tenants.get(tenantId);
    const made = created.get(tenantId);
    const ahead = clocks.get(tenantId);
    const stamp = stamps.get(tenantId);
    return {
      tenants: tenant === undefined ? [] : [saveTenant(tenant, this.#templates.isSeed)],
      createdTenants: made === undefined ? [] : [{ ...this.#templates.save(made.template), createdAt: made.createdAt }],
      tenantClocks: ahead === undefined ? [] : [[tenantId, ahead]],
      tenantStamps: stamp === undefined ? [] : [[tenantId, stamp]],
    };
  }

  /**
   * Puts `from`'s entries of one tenant in place of this registry's (a tenant restore); every
   * other tenant's stay as they are, where they are. Cannot fail.
   */
  putTenant(tenantId: string, from: TenantRegistry<Template>): void {
    const into = this.#content;
    const source = from.#content;
    moveEntry(into.tenants, source.tenants, tenantId);
    moveEntry(into.created, source.created, tenantId);
    moveEntry(into.clocks, source.clocks, tenantId);
    moveEntry(into.stamps, source.stamps, tenantId);
  }

  /** A new, empty registry with the same templates. */
  fresh(): TenantRegistry<Template> {
    return new TenantRegistry(this.#templates);
  }

  /** Takes `other`'s tenants and everything kept for them in place of its own. */
  adopt(other: TenantRegistry<Template>): void {
    this.#content = other.#content;
  }
}

/** `from`'s entry of `key` in place of `into`'s (a map keeps the place of a key it already has), or none. */
function moveEntry<V>(into: Map<string, V>, from: ReadonlyMap<string, V>, key: string): void {
  const value = from.get(key);
  if (value === undefined) into.delete(key);
  else into.set(key, value);
}
