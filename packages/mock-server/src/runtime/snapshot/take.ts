/** Takes a snapshot: the world's state, the baseline and the clock's time, as plain data. */
import { isScenarioContact } from '../../scenario/contact-rows.js';
import { contactRowsOf } from '../../scenario/parse.js';
import { ContactRows } from '../../scenario/contact-rows.js';
import { hashKey, keyData, keyHint } from '../../state/keys.js';
import type { TenantState } from '../../state/tenant-state.js';
import type { TenantTemplate } from '../world.js';
import type { MockRuntime } from '../mock-runtime.js';
import { saveStores } from './stores.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_VERSION, type MockSnapshot, type TenantSnapshot } from './schema.js';

/** The whole world as a versioned, JSON-serialisable value. */
export function takeSnapshot(runtime: MockRuntime): MockSnapshot {
  const { state, sim } = runtime.world;
  const { clock } = sim;
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    takenAt: clock.iso(),
    clock: { now: clock.now(), offsetMs: clock.offsetMs, lastStamp: clock.lastStamp },
    baseline: baselineOf(runtime),
    state: {
      defaultRateLimit: { ...state.defaultRateLimit },
      plans: [...state.plans.values()].map((plan) => ({ ...plan })),
      tenants: [...state.tenants.values()].map(tenantOf),
      calls: {
        active: [...state.activeCalls].map((call) => [call.tenantId, call.id]),
        ended: [...state.endedCalls].map((call) => [call.tenantId, call.id]),
      },
      ...saveStores(state),
      createdTenants: [...state.createdTenants.values()].map(({ template, createdAt }) => ({
        template: withoutContacts(template),
        contactRows: rowsOf(template).toData(),
        createdAt,
      })),
      tenantClocks: [...state.tenantClocks],
      tenantStamps: [...state.tenantStamps],
    },
  };
}

/** The baseline without a key secret: the keys as hashes, the contacts as columns. */
function baselineOf(runtime: MockRuntime): MockSnapshot['baseline'] {
  const { scenario, loadedAt, keys } = runtime.baseline;
  const labelled =
    keys ??
    scenario.apiKeys.map((key) => ({
      ...keyData({
        hash: hashKey(key.key),
        hint: keyHint(key.key),
        kind: key.key.startsWith('cfa_') ? 'account' : 'tenant',
        tenantIds: new Set(key.tenantIds.map((id) => id.toLowerCase())),
        permissions: key.permissions.includes('*') ? null : new Set(key.permissions),
        rateLimit: key.rateLimit,
        revoked: key.revoked,
      }),
      label: key.label ?? null,
    }));
  return {
    scenario: {
      ...scenario,
      apiKeys: [],
      tenants: scenario.tenants.map(withoutContacts),
    },
    contactRows: scenario.tenants.map((tenant) => rowsOf(tenant).toData()),
    keys: labelled.map((key) => ({ ...key })),
    loadedAt,
  };
}

/** A resolved tenant without its contacts: not `{ contacts, ...tenant }`, which would read the contacts getter (a million objects in a big world). */
function withoutContacts(tenant: TenantTemplate): { id: string } {
  return structuredClone(
    Object.fromEntries(
      Object.entries(Object.getOwnPropertyDescriptors(tenant)).flatMap(([name, field]) =>
        name === 'contacts' ? [] : [[name, field.value as unknown]],
      ),
    ) as { id: string },
  );
}

/** A resolved tenant's contact rows. */
const rowsOf = (tenant: TenantTemplate): ContactRows => contactRowsOf(tenant) ?? new ContactRows(tenant.contacts);

function tenantOf(tenant: TenantState): TenantSnapshot {
  const contacts: TenantSnapshot['contacts'] = [];
  let scenarioContacts = false;
  for (const contact of tenant.contactIndex.values()) {
    if (isScenarioContact(contact)) {
      scenarioContacts = true;
      continue;
    }
    const { id, firstName, lastName, phoneMobile, createdAt, updatedAt } = contact;
    contacts.push({ id, firstName, lastName, phoneMobile, createdAt, updatedAt });
  }
  return {
    id: tenant.id,
    name: tenant.name,
    mode: tenant.mode,
    modules: [...tenant.modules],
    capabilities: [...tenant.capabilities],
    users: [...tenant.users.values()].map((user) => ({
      ...user,
      capabilities: user.capabilities === null ? null : [...user.capabilities],
      presence: { ...user.presence },
    })),
    scenarioContacts,
    contacts,
    calls: structuredClone([...tenant.calls.values()]),
    cdrs: [...tenant.cdrs.values()].map((cdr) => ({ ...cdr })),
    chats: [...tenant.chats.values()].map((chat) => ({
      id: chat.id,
      participants: [...chat.participants],
      createdAt: chat.createdAt,
      lastMessageAt: chat.lastMessageAt,
      messages: [...chat.messages.values()].map((message) => ({ ...message })),
    })),
    smsNumbers: [...tenant.smsNumbers.values()].map((number) => ({
      ...number,
      sharedWithEmails: [...number.sharedWithEmails],
    })),
    smsConversations: [...tenant.smsConversations.values()].map((conversation) => ({
      id: conversation.id,
      smsNumber: conversation.smsNumber,
      peerNumber: conversation.peerNumber,
      peerName: conversation.peerName,
      assigneeEmail: conversation.assigneeEmail,
      lastMessageAt: conversation.lastMessageAt,
      messages: [...conversation.messages.values()].map(({ failureReason, ...message }) =>
        failureReason === undefined ? message : { ...message, failureReason },
      ),
    })),
    agents: [...tenant.agents.values()].map((agent) => ({ ...agent })),
    files: [...tenant.files.values()].map((file) => ({ ...file })),
    faxes: [...tenant.faxes.values()].map((fax) => ({ ...fax })),
    calendarEvents: [...tenant.calendarEvents.values()].map((event) => ({ ...event })),
  };
}
