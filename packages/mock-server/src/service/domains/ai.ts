import { AiAgentReply } from '@commflow/contract';
import { notFound } from '../api-error.js';
import type { AiAgentRecord } from '../../state/records.js';
import type { TenantState } from '../../state/tenant-state.js';
import { toAiAgent } from './format.js';
import type { Handler } from './types.js';

function agentOf(tenant: TenantState, id: string): AiAgentRecord {
  const agent = tenant.agents.get(id.toLowerCase());
  if (agent === undefined) throw notFound('Agent');
  return agent;
}

/** `ai.agents.list`: every agent, by name; not paged. */
const list: Handler<'ai.agents.list'> = ({ tenant }) => ({
  data: { agents: [...tenant.agentIndex.values()].map(toAiAgent) },
});

/** `ai.agents.get`. */
const get: Handler<'ai.agents.get'> = ({ tenant, params }) => ({
  data: { agent: toAiAgent(agentOf(tenant, params.id)) },
});

/** `ai.agents.chat`: the reply of the mock's responder (deterministic, replaceable by tests). */
const chat: Handler<'ai.agents.chat'> = ({ world, tenant, params, body }) => {
  const agent = agentOf(tenant, params.id);
  const answer = world.sim.aiResponder({
    agent: { id: agent.id, name: agent.name, description: agent.description },
    messages: body.messages,
    tenantId: tenant.id,
  });
  const reply = AiAgentReply.parse(typeof answer === 'string' ? { role: 'assistant', content: answer } : answer);
  return { data: { reply } };
};

/** The AI agents domain. */
export const aiHandlers = { 'ai.agents.list': list, 'ai.agents.get': get, 'ai.agents.chat': chat };
