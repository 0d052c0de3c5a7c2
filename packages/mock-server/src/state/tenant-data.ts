/** One tenant to plain data and back: the tenant registry's save and load of each tenant. */
import type { ContactRecord } from './records.js';
import type { TenantData } from './tenant-schema.js';
import { chatMessageIndex, contactIndex, smsMessageIndex, TenantState } from './tenant-state.js';

/** A tenant as plain data; the contacts `isSeed` says are a scenario's rows are left out (rebuilt on load). */
export function saveTenant(tenant: TenantState, isSeed: (contact: ContactRecord) => boolean): TenantData {
  const contacts: TenantData['contacts'] = [];
  let scenarioContacts = false;
  for (const contact of tenant.contactIndex.values()) {
    if (isSeed(contact)) {
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

/** Oldest first; the id breaks a tie (ids are unique, so it never ties). */
const byCreation = (a: ContactRecord, b: ContactRecord) =>
  // Stryker disable next-line EqualityOperator: two contacts never share an id
  a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1);

/**
 * The scenario's rows (sorted) and the created contacts, oldest first. The sort (TimSort) finds
 * the rows as one run and merges the created ones into it: about one comparison per contact.
 */
function mergeContacts(seeded: readonly ContactRecord[], created: readonly ContactRecord[]): readonly ContactRecord[] {
  return created.length === 0 ? seeded : [...seeded, ...created].sort(byCreation);
}

/** A tenant from its data, with `seeded` (its scenario's rows, sorted) among its contacts. */
export function loadTenant(data: TenantData, seeded: readonly ContactRecord[] | undefined): TenantState {
  const tenant = new TenantState(data);
  for (const user of data.users) {
    tenant.addUser({ ...user, capabilities: user.capabilities === null ? null : new Set(user.capabilities) });
  }
  tenant.contactIndex = contactIndex(mergeContacts(seeded ?? [], data.contacts));
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
