import { hashKey, type KeyStore } from '../state/keys.js';
import type { TenantState } from '../state/tenant-state.js';
import type { SubscriptionStore } from '../state/webhooks/subscriptions.js';
import type { ResolvedScenario } from './parse.js';
import type { ScenarioInput } from './schema.js';

type WebhookDeclaration = NonNullable<NonNullable<ScenarioInput['tenants']>[number]['webhooks']>[number];

/** What an export reads: the loaded scenario and the live state that can drift from it. */
export interface ExportSources {
  scenario: ResolvedScenario;
  tenants: { get(tenantId: string): TenantState | undefined };
  keys: KeyStore;
  subscriptions: SubscriptionStore;
}

/**
 * The current world as a scenario file: load it and the mock starts where it is now. Contacts,
 * calendar events, presence, SMS conversations (inbound messages open new ones), webhook
 * subscriptions (endpoint ones, with their secrets) and key revocations follow the live state;
 * other records are the loaded scenario's, since a scenario file has no field for messages, chats
 * or calls. Keys created at run time are not written: the
 * mock keeps only their hash, so there is no secret to write.
 */
export function exportScenario(sources: ExportSources): ScenarioInput {
  const { scenario } = sources;
  const declarations = sources.subscriptions.declarations();
  const keyRecords = new Map(sources.keys.list().map((record) => [record.hash, record]));
  return {
    rateLimit: scenario.rateLimit,
    plans: scenario.plans,
    tenants: scenario.tenants.map((tenant) => {
      const state = sources.tenants.get(tenant.id.toLowerCase());
      const contacts =
        state === undefined
          ? tenant.contacts
          : [...state.contactIndex.values()]
              .sort((a, b) => a.createdAt - b.createdAt)
              .map((contact) => ({
                id: contact.id,
                firstName: contact.firstName,
                lastName: contact.lastName,
                ...(contact.phoneMobile === null ? {} : { phoneMobile: contact.phoneMobile }),
                createdAt: new Date(contact.createdAt).toISOString(),
              }));
      const webhooks = declarations
        .filter((declared) => declared.tenantId === tenant.id.toLowerCase())
        .map(({ id, url, events, secret, enabled }): WebhookDeclaration => ({
          id,
          url,
          // The store only holds filters its schema accepted.
          // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- the subscription store types its filters as strings; each was checked when created (a restore checks only that they are strings: SubscriptionsDataSchema should check them too)
          events: events as WebhookDeclaration['events'],
          secret,
          enabled,
        }));
      if (state === undefined) return { ...tenant, contacts, webhooks };
      const users = tenant.users.map((user) => {
        const presence = state.users.get(user.id)?.presence;
        return presence === undefined
          ? user
          : { ...user, presence: { status: presence.status, message: presence.message } };
      });
      const smsConversations = [...state.smsConversations.values()].map((conversation) => ({
        id: conversation.id,
        smsNumber: conversation.smsNumber,
        peerNumber: conversation.peerNumber,
        ...(conversation.peerName === null ? {} : { peerName: conversation.peerName }),
        ...(conversation.assigneeEmail === null ? {} : { assigneeEmail: conversation.assigneeEmail }),
      }));
      const calendarEvents = [...state.calendarIndex.values()].map((event) => ({
        id: event.id,
        ownerEmail: event.ownerEmail,
        title: event.title,
        startTime: new Date(event.startTime).toISOString(),
        endTime: new Date(event.endTime).toISOString(),
      }));
      return { ...tenant, users, contacts, smsConversations, calendarEvents, webhooks };
    }),
    apiKeys: scenario.apiKeys.map((key) => ({
      ...key,
      revoked: keyRecords.get(hashKey(key.key))?.revoked ?? key.revoked,
    })),
  };
}
