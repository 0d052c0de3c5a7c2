import * as z from 'zod/mini';
import { pure } from './pure.js';
import { Id, Timestamp } from './primitives.js';

/**
 * An AI agent.
 *
 * @example
 * ```ts
 * const agent: AiAgent = { id, name: 'Receptionist', description: null, createdAt };
 * ```
 */
export const AiAgent = /* @__PURE__ */ pure(() =>
  z
    .object({ id: Id, name: z.string(), description: z.nullable(z.string()), createdAt: Timestamp })
    .check(z.meta({ id: 'AiAgent' })),
);
/**
 * The shape of {@link AiAgent}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: AiAgent = AiAgent.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `AiAgent` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface AiAgent extends z.infer<typeof AiAgent> {}

/**
 * One turn of a test chat.
 *
 * @example
 * ```ts
 * const turn: AiChatMessage = { role: 'user', content: 'Are you open on Sunday?' };
 * ```
 */
export const AiChatMessage = /* @__PURE__ */ pure(() =>
  z
    .strictObject({
      role: z.enum(['user', 'assistant', 'system']),
      content: z.string().check(z.minLength(1), z.maxLength(4000)),
    })
    .check(z.meta({ id: 'AiChatMessage' })),
);
/**
 * The shape of {@link AiChatMessage}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: AiChatMessage = AiChatMessage.parse(json);
 * ```
 */
export type AiChatMessage = z.infer<typeof AiChatMessage>;

/**
 * Body of `ai.agents.chat`: 1 to 50 turns, at least one from the user.
 *
 * @example
 * ```ts
 * AiAgentChatBody.parse({ messages: [{ role: 'user', content: 'hello' }] });
 * ```
 */
export const AiAgentChatBody = /* @__PURE__ */ pure(() =>
  z
    .strictObject({
      messages: z.array(AiChatMessage).check(
        z.minLength(1),
        z.maxLength(50),
        z.refine((turns) => turns.some((turn) => turn.role === 'user'), {
          message: 'at least one message must have role "user"',
        }),
        // The same rule in JSON Schema, for generators and fuzzers.
        z.meta({
          contains: { type: 'object', properties: { role: { const: 'user' } }, required: ['role'] },
          description: '1 to 50 turns, at least one with role `user`.',
        }),
      ),
    })
    .check(z.meta({ id: 'AiAgentChatBody' })),
);
/**
 * The input shape of {@link AiAgentChatBody}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: AiAgentChatBody = AiAgentChatBody.parse(json);
 * ```
 */
export type AiAgentChatBody = z.input<typeof AiAgentChatBody>;

/**
 * The agent's answer in a test chat.
 *
 * @example
 * ```ts
 * console.log(reply.content);
 * ```
 */
export const AiAgentReply = /* @__PURE__ */ pure(() =>
  z.object({ role: z.literal('assistant'), content: z.string() }).check(z.meta({ id: 'AiAgentReply' })),
);
/**
 * The shape of {@link AiAgentReply}, inferred from the schema.
 *
 * @example
 * ```ts
 * const value: AiAgentReply = AiAgentReply.parse(json);
 * ```
 */
// An interface, not an alias, so editors show the name `AiAgentReply` where they would expand an alias.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the shape is the schema's, inferred
export interface AiAgentReply extends z.infer<typeof AiAgentReply> {}
