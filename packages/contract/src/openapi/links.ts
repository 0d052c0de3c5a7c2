/**
 * The OpenAPI links between operations: which answer holds the id another operation takes. A
 * fuzzer's stateful phase (Schemathesis) and a generator follow them from a created or listed
 * resource to the operations on it. The table is data; the link objects, and the tenant and
 * acting-user headers they carry over, are derived from it and the registry, and every entry is
 * checked against the registry and the operations' examples when the document is generated.
 */
import { HEADER_BY_CODE, type HeaderCode } from '../headers.js';
import type { OperationDefinition, OperationId } from '../operations.js';
import { pure } from '../schemas/pure.js';

/**
 * One link: from an operation's success answer to another operation. `parameters` maps a target
 * parameter (`path.id`, `query.conversationId`) to an OpenAPI runtime expression; `requestBody`
 * is the target's body, whose string values may be runtime expressions.
 */
export interface LinkDefinition {
  readonly from: OperationId;
  readonly to: OperationId;
  readonly description: string;
  readonly parameters?: Readonly<Record<string, string>>;
  readonly requestBody?: Readonly<Record<string, unknown>>;
}

const firstOf = (list: string) => `$response.body#/data/${list}/0/id`;

/** Every link of the document, grouped by where it starts. */
export const OPERATION_LINKS: readonly LinkDefinition[] = /* @__PURE__ */ pure(() => [
  {
    from: 'contacts.create',
    to: 'contacts.list',
    description: 'Find the new contact by its first name.',
    parameters: { 'query.search': '$response.body#/data/contact/firstName' },
  },
  {
    from: 'chat.conversations',
    to: 'chat.messages.list',
    description: 'The messages of the most recent chat.',
    parameters: { 'query.conversationId': firstOf('conversations') },
  },
  {
    from: 'chat.conversations',
    to: 'chat.messages.send',
    description: 'Post to the most recent chat.',
    requestBody: { conversationId: firstOf('conversations'), content: 'Following up.' },
  },
  {
    from: 'chat.conversations.create',
    to: 'chat.messages.list',
    description: 'The messages of the chat just started or found.',
    parameters: { 'query.conversationId': '$response.body#/data/conversation/id' },
  },
  {
    from: 'chat.conversations.create',
    to: 'chat.messages.send',
    description: 'Post again to the chat just started or found.',
    requestBody: { conversationId: '$response.body#/data/conversation/id', content: 'Following up.' },
  },
  {
    from: 'chat.messages.send',
    to: 'chat.messages.list',
    description: 'The messages of the chat just posted to.',
    parameters: { 'query.conversationId': '$response.body#/data/message/conversationId' },
  },
  {
    from: 'sms.conversations',
    to: 'sms.messages.list',
    description: 'The messages of the most recent conversation.',
    parameters: { 'path.id': firstOf('conversations') },
  },
  {
    from: 'sms.conversations',
    to: 'sms.send',
    description: 'Text the most recent conversation.',
    parameters: { 'path.id': firstOf('conversations') },
  },
  {
    from: 'sms.send',
    to: 'sms.messages.list',
    description: 'The messages of the conversation just texted.',
    parameters: { 'path.id': '$response.body#/data/message/conversationId' },
  },
  {
    from: 'ai.agents.list',
    to: 'ai.agents.get',
    description: 'The first agent, by name.',
    parameters: { 'path.id': firstOf('agents') },
  },
  {
    from: 'ai.agents.list',
    to: 'ai.agents.chat',
    description: 'Try the first agent, by name.',
    parameters: { 'path.id': firstOf('agents') },
  },
  {
    from: 'ai.agents.get',
    to: 'ai.agents.chat',
    description: 'Try this agent.',
    parameters: { 'path.id': '$response.body#/data/agent/id' },
  },
  {
    from: 'calendar.create',
    to: 'calendar.list',
    description: 'The events overlapping the new one, which include it.',
    parameters: {
      'query.startDate': '$response.body#/data/event/startTime',
      'query.endDate': '$response.body#/data/event/endTime',
    },
  },
  {
    from: 'presence.update',
    to: 'presence.list',
    description: 'Everyone’s presence, with the acting user’s new one.',
  },
]);

/** The headers a link carries over from the request it follows: the tenant, and the acting user. */
const CARRIED: readonly HeaderCode[] = ['T', 'U'];

/**
 * The parameters of a link: its own, then the tenant and acting user of the request it follows,
 * where both operations take them (a chat or an SMS conversation is visible to its user only).
 */
export function linkParameters(link: LinkDefinition, from: OperationDefinition, to: OperationDefinition) {
  const parameters: Record<string, string> = { ...link.parameters };
  for (const code of CARRIED) {
    if (from.headers.includes(code) && to.headers.includes(code)) {
      parameters[`header.${HEADER_BY_CODE[code]}`] = `$request.header.${HEADER_BY_CODE[code]}`;
    }
  }
  return parameters;
}
