import { notFound } from '../api-error.js';
import { newId } from '../../lib/ids.js';
import type { SmsConversationRecord, SmsMessageRecord, UserRecord } from '../../state/records.js';
import { takePage } from '../query/paginate.js';
import { smsMessageIndex, type TenantState } from '../../state/tenant-state.js';
import type { World } from '../../runtime/world.js';
import { actingUser, sameEmail } from './acting-user.js';
import { toSmsConversation, toSmsMessage } from './format.js';
import { searchTerm } from '../../state/search-rule.js';
import type { Handler } from './types.js';

/**
 * The SMS access rule: the user is the conversation's assignee, owns its SMS number, or is in
 * the number's `sharedWithEmails`.
 */
export function canAccess(tenant: TenantState, user: { email: string }, conversation: SmsConversationRecord): boolean {
  if (sameEmail(conversation.assigneeEmail, user.email)) return true;
  const number = tenant.smsNumbers.get(conversation.smsNumber);
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: a conversation is always on one of its tenant's numbers (the scenario, an inbound SMS and a snapshot's restore check it; numbers are never removed); the guard only narrows the lookup
  if (number === undefined) return false;
  return (
    sameEmail(number.ownerEmail, user.email) || number.sharedWithEmails.some((email) => sameEmail(email, user.email))
  );
}

/** A conversation the user may access; missing, foreign and inaccessible are the same 404. */
function accessible(tenant: TenantState, user: UserRecord, id: string): SmsConversationRecord {
  const conversation = tenant.smsConversations.get(id.toLowerCase());
  if (conversation === undefined || !canAccess(tenant, user, conversation)) throw notFound('Conversation');
  return conversation;
}

/** `sms.conversations`: those the acting user can access, most recent activity first. */
const conversations: Handler<'sms.conversations'> = (input) => {
  const { tenant, query } = input;
  const user = actingUser(input);
  const search = searchTerm(query.search);
  const page = takePage(tenant.smsConversationIndex, {
    query,
    tenantId: tenant.id,
    search,
    filter: (conversation) => canAccess(tenant, user, conversation),
    // Stryker disable next-line StringLiteral: the op only has to differ from every other list's, and "" does too
    cursorScope: { op: 'sms.conversations', user: user.id, search: search?.text },
  });
  return { data: { conversations: page.items.map(toSmsConversation) }, pagination: page.pagination };
};

/** `sms.messages.list`: newest first, only within access. */
const messages: Handler<'sms.messages.list'> = (input) => {
  const user = actingUser(input);
  const conversation = accessible(input.tenant, user, input.params.id);
  const page = takePage(conversation.messages, {
    query: input.query,
    tenantId: input.tenant.id,
    // Stryker disable next-line StringLiteral: the op only has to differ from every other list's, and "" does too
    cursorScope: { op: 'sms.messages.list', user: user.id, conversationId: conversation.id },
  });
  return { data: { messages: page.items.map(toSmsMessage) }, pagination: page.pagination };
};

/**
 * `sms.send`: sandbox tenants simulate (`simulated: true`, never the carrier); live tenants go
 * through the carrier adapter, and a rejection is still a 200 with `FAILED` and `failureReason`.
 */
const send: Handler<'sms.send'> = (input) => {
  const { world, tenant, body } = input;
  const user = actingUser(input);
  const conversation = accessible(tenant, user, input.params.id);
  const id = newId();
  let status: 'SENT' | 'FAILED' = 'SENT';
  let failureReason: string | undefined;
  if (tenant.mode === 'live') {
    const result = world.sim.carrier.send({
      tenantId: tenant.id,
      messageId: id,
      from: conversation.smsNumber,
      to: conversation.peerNumber,
      body: body.body,
    });
    if (!result.accepted) {
      status = 'FAILED';
      failureReason = result.reason;
    }
  }
  const record: SmsMessageRecord = {
    id,
    conversationId: conversation.id,
    direction: 'outbound',
    from: conversation.smsNumber,
    to: conversation.peerNumber,
    body: body.body,
    status,
    simulated: tenant.mode === 'sandbox',
    failureReason,
    createdAt: world.clock.stamp(),
  };
  tenant.addSmsMessage(conversation, record);
  const message = toSmsMessage(record);
  world.state.events.emit(tenant.id, status === 'SENT' ? 'sms.sent' : 'sms.failed', {
    conversationId: conversation.id,
    message,
  });
  return { data: { message } };
};

/**
 * An inbound SMS (driven by the control surface): joins or opens the conversation of the number
 * and peer, stores it as `inbound` / `RECEIVED`, and emits `sms.received`.
 */
export function receiveSms(
  world: World,
  tenant: TenantState,
  input: { to: string; from: string; body: string },
): { conversation: SmsConversationRecord; message: SmsMessageRecord } {
  if (!tenant.smsNumbers.has(input.to)) throw notFound('SMS number');
  let conversation = tenant.smsConversationsByPeer.get(`${input.to}\n${input.from}`);
  if (conversation === undefined) {
    conversation = {
      id: newId(),
      smsNumber: input.to,
      peerNumber: input.from,
      peerName: null,
      assigneeEmail: null,
      lastMessageAt: null,
      messages: smsMessageIndex(),
    };
    tenant.addSmsConversation(conversation);
  }
  const message: SmsMessageRecord = {
    id: newId(),
    conversationId: conversation.id,
    direction: 'inbound',
    from: input.from,
    to: input.to,
    body: input.body,
    status: 'RECEIVED',
    simulated: tenant.mode === 'sandbox',
    failureReason: undefined,
    createdAt: world.clock.stamp(),
  };
  tenant.addSmsMessage(conversation, message);
  world.state.events.emit(tenant.id, 'sms.received', {
    conversationId: conversation.id,
    message: toSmsMessage(message),
  });
  return { conversation, message };
}

/** The SMS domain. */
export const smsHandlers = {
  'sms.conversations': conversations,
  'sms.messages.list': messages,
  'sms.send': send,
};
