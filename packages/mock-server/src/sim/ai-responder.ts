import type { AiAgentReply, AiChatMessage } from '@commflow/contract';

/**
 * Produces an AI agent's reply in a test chat. Replace it to script conversations; it must be
 * deterministic for tests to be.
 *
 * @example
 * ```ts
 * const responder: AiResponder = ({ agent, messages }) => `${agent.name} heard ${messages.length} messages`;
 * mock.setAiResponder(responder);
 * ```
 */
export type AiResponder = (input: {
  agent: { id: string; name: string; description: string | null };
  messages: readonly AiChatMessage[];
  tenantId: string;
}) => string | AiAgentReply;

/**
 * The default responder: echoes the last user message, prefixed with the agent's name.
 *
 * @example
 * ```ts
 * scriptedResponder({ agent, messages: [{ role: 'user', content: 'Hi' }], tenantId }); // 'Receptionist: you said "Hi"'
 * ```
 */
export const scriptedResponder: AiResponder = ({ agent, messages }) => {
  const lastUser = messages.findLast((message) => message.role === 'user');
  return `${agent.name}: you said "${lastUser?.content ?? ''}"`;
};
