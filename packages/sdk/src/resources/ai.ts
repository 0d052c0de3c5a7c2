import type { AiAgent, AiAgentReply } from '@commflow/contract';
import type { APIPromise } from '../core/api-promise.js';
import type { RequestOptions } from '../core/option-checks.js';
import { APIResource } from '../core/resource.js';
import type { AiAgentChatParams } from './params.js';

/**
 * `client.ai.agents`: the tenant's AI agents.
 *
 * @example
 * ```ts
 * const [agent] = await client.ai.agents.list();
 * ```
 */
export class AiAgents extends APIResource {
  /**
   * Lists every AI agent, by name (`ai.agents.list`; not paged).
   *
   * @operation ai.agents.list
   *
   * @example
   * ```ts
   * const agents = await client.ai.agents.list();
   * ```
   */
  list(options?: RequestOptions): APIPromise<AiAgent[]> {
    return this._client.request('ai.agents.list', {}, options);
  }

  /**
   * Gets one AI agent (`ai.agents.get`).
   *
   * @operation ai.agents.get
   *
   * @example
   * ```ts
   * const agent = await client.ai.agents.get(agentId);
   * ```
   */
  get(id: string, options?: RequestOptions): APIPromise<AiAgent> {
    return this._client.request('ai.agents.get', { path: { id } }, options);
  }

  /**
   * Tries an agent: sends a conversation and resolves to its reply (`ai.agents.chat`).
   *
   * @operation ai.agents.chat
   *
   * @example
   * ```ts
   * const reply = await client.ai.agents.chat(agentId, { messages: [{ role: 'user', content: 'Opening hours?' }] });
   * console.log(reply.content);
   * ```
   */
  chat(id: string, body: AiAgentChatParams, options?: RequestOptions): APIPromise<AiAgentReply> {
    return this._client.request('ai.agents.chat', { path: { id }, body }, options);
  }
}

/**
 * `client.ai`: AI features.
 *
 * @example
 * ```ts
 * const agents = await client.ai.agents.list();
 * ```
 */
export class Ai extends APIResource {
  /** AI agents. */
  readonly agents: AiAgents = new AiAgents(this._client);
}
