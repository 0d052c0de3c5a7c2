/**
 * What the tenant registry (state) needs of the scenario layer, which it cannot import: a created
 * tenant's template to plain data and back (its contacts as compact rows), and which contacts
 * are a scenario's rows.
 */
import { ContactRows, isScenarioContact } from '../scenario/contact-rows.js';
import { contactRowsOf, parseScenarioWithRows, ScenarioError } from '../scenario/parse.js';
import { StoreDataError } from '../state/store.js';
import type { TenantTemplates } from '../state/tenant-registry.js';
import type { TenantTemplate } from './world.js';

/** A resolved tenant without its contacts: not `{ contacts, ...tenant }`, which would read the contacts getter (a million objects in a big world). */
export function withoutContacts(tenant: TenantTemplate): { id: string } {
  const fields = Object.entries(Object.getOwnPropertyDescriptors(tenant)).flatMap(
    ([name, field]): [string, unknown][] => (name === 'contacts' ? [] : [[name, field.value]]),
  );
  // `id` is one of the fields: set again, it keeps its place.
  return { ...structuredClone(Object.fromEntries(fields)), id: tenant.id };
}

/** A resolved tenant's contact rows. */
export const rowsOf = (tenant: TenantTemplate): ContactRows =>
  contactRowsOf(tenant) ?? new ContactRows(tenant.contacts);

/** The scenario layer's side of the tenant registry. */
export const TENANT_TEMPLATES: TenantTemplates<TenantTemplate> = {
  save: (template) => ({ template: withoutContacts(template), contactRows: rowsOf(template).toData() }),
  load: (data) => {
    try {
      const [template] = parseScenarioWithRows({ tenants: [data.template], apiKeys: [] }, [
        ContactRows.fromData(data.contactRows),
      ]).tenants;
      if (template === undefined) throw new Error('a parsed tenant is missing');
      return template;
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      // The parse names paths from the scenario's top (`tenants`, 0): the entry's are under `template`.
      throw new StoreDataError(
        error.issues.map((issue) => ({ path: ['template', ...issue.segments.slice(2)], message: issue.message })),
      );
    }
  },
  contacts: (template, start) => rowsOf(template).records(start),
  isSeed: isScenarioContact,
};
