import type { KeyStore } from '../state/keys.js';
import type { AiAgentRecord, CalendarEventRecord, FaxRecord, FileRecord, UserRecord } from '../state/records.js';
import { contactIndex, smsMessageIndex, TenantState } from '../state/tenant-state.js';
import { ContactRows, createdAtOf as staggered } from './contact-rows.js';
import { contactRowsOf, type ResolvedScenario } from './parse.js';

/** Staggers records without a createdAt one minute apart, ending just before the clock start. */
const createdAtOf = (given: string | undefined, index: number, count: number, start: number) =>
  staggered(given === undefined ? Number.NaN : Date.parse(given), index, count, start);

/** Builds every tenant's tables from a resolved scenario, at clock time `start`. */
export function buildTenants(scenario: ResolvedScenario, start: number): Map<string, TenantState> {
  const tenants = new Map<string, TenantState>();
  for (const input of scenario.tenants) {
    const tenant = new TenantState({
      id: input.id.toLowerCase(),
      name: input.name,
      mode: input.mode,
      modules: input.modules,
      capabilities: input.capabilities,
    });
    input.users.forEach((user, i) => {
      const createdAt = createdAtOf(user.createdAt, i, input.users.length, start);
      const record: UserRecord = {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        extension: user.extension ?? null,
        capabilities: user.capabilities === undefined ? null : new Set(user.capabilities),
        createdAt,
        presence: {
          status: user.presence?.status ?? 'offline',
          message: user.presence?.message ?? '',
          updatedAt: createdAt,
        },
      };
      tenant.addUser(record);
    });
    const rows = contactRowsOf(input);
    // The rows sort their records once (by createdAt, then id): every reset reuses them.
    tenant.contactIndex = contactIndex((rows ?? new ContactRows(input.contacts)).records(start));

    for (const number of input.smsNumbers) {
      tenant.addSmsNumber({
        id: number.id,
        number: number.number,
        ownerEmail: number.ownerEmail ?? null,
        sharedWithEmails: [...number.sharedWithEmails],
      });
    }
    for (const conversation of input.smsConversations) {
      tenant.addSmsConversation({
        id: conversation.id,
        smsNumber: conversation.smsNumber,
        peerNumber: conversation.peerNumber,
        peerName: conversation.peerName ?? null,
        assigneeEmail: conversation.assigneeEmail ?? null,
        lastMessageAt: null,
        messages: smsMessageIndex(),
      });
    }
    input.aiAgents.forEach((agent, i) => {
      const record: AiAgentRecord = {
        id: agent.id,
        name: agent.name,
        description: agent.description ?? null,
        createdAt: createdAtOf(agent.createdAt, i, input.aiAgents.length, start),
      };
      tenant.addAgent(record);
    });
    input.files.forEach((file, i) => {
      const record: FileRecord = { ...file, createdAt: createdAtOf(file.createdAt, i, input.files.length, start) };
      tenant.addFile(record);
    });
    input.faxes.forEach((fax, i) => {
      const record: FaxRecord = { ...fax, createdAt: createdAtOf(fax.createdAt, i, input.faxes.length, start) };
      tenant.addFax(record);
    });
    input.calendarEvents.forEach((event, i) => {
      const record: CalendarEventRecord = {
        id: event.id,
        title: event.title,
        ownerEmail: tenant.userByEmail(event.ownerEmail)?.email ?? event.ownerEmail,
        startTime: Date.parse(event.startTime),
        endTime: Date.parse(event.endTime),
        createdAt: createdAtOf(undefined, i, input.calendarEvents.length, start),
      };
      tenant.addCalendarEvent(record);
    });
    tenants.set(tenant.id, tenant);
  }
  return tenants;
}

/** Loads the scenario's keys (as hashes) into a key store. */
export function loadKeys(scenario: ResolvedScenario, keys: KeyStore): void {
  for (const key of scenario.apiKeys) {
    keys.add({
      key: key.key,
      tenantIds: key.tenantIds.map((id) => id.toLowerCase()),
      permissions: key.permissions,
      rateLimit: key.rateLimit,
      revoked: key.revoked,
    });
  }
}
