// The SDK's own calls, all 22 operations and its main typed errors, for scripts/prism-check.mjs:
// what the SDK sends (its headers, generated Idempotency-Keys, query encoding) must also be what
// openapi.json describes. Uses the built SDK (packages/sdk/dist).
import { APIError, CommFlow } from '../packages/sdk/dist/index.js';

const MISSING = '00000000-0000-4000-8000-000000000000';

/**
 * Runs the SDK over `config.baseUrl` (the proxy). Returns the steps in the tour's shape:
 * `{ operation, expected, status, code, replayed, violations }`.
 */
export async function runSdkTour(config) {
  const steps = [];
  let last = { status: 0, violations: null, replayed: false };
  // Watches every response for Prism's verdict; the SDK never sees the difference.
  const fetch = async (request, init) => {
    const response = await globalThis.fetch(request, init);
    const problem = response.headers.get('content-type')?.startsWith('application/problem+json');
    last = {
      status: response.status,
      violations: response.headers.get('sl-violations') ?? (problem ? await response.clone().text() : null),
      replayed: response.headers.get('idempotent-replayed') === 'true',
    };
    return response;
  };
  const client = new CommFlow({
    apiKey: config.keys.sandbox,
    tenantId: config.tenants.sandbox,
    baseUrl: config.baseUrl,
    maxRetries: 0,
    fetch,
  });
  const ann = client.withUser(config.ann);

  async function step(operation, expected, call) {
    let code = null;
    let result;
    try {
      result = await call();
    } catch (error) {
      if (!(error instanceof APIError)) throw error;
      code = error.code;
    }
    steps.push({ operation, expected, code, ...last });
    return result;
  }

  await step('users.list', 200, () => client.users.list({ limit: 2 }));
  await step('users.list', 400, () => client.users.list({ cursor: 'bm90LWEtY3Vyc29y' }));
  await step('contacts.list', 200, () => client.contacts.list({ search: 'a' }));
  await step('contacts.create', 201, () => ann.contacts.create({ firstName: 'Sdk', phoneMobile: '+14155550152' }));
  await step('voice.click2dial', 200, () => ann.voice.click2dial({ destination: '+14155550153' }));
  const dan = client.withUser(config.dan);
  await step('voice.click2dial', 409, () => dan.voice.click2dial({ destination: '+14155550153' }));
  await step('cdr.list', 200, () => client.cdr.list({ limit: 5 }));
  await step('chat.conversations', 200, () => ann.chat.conversations.list());
  const chat = await step('chat.conversations.create', 200, () =>
    ann.chat.conversations.create({ participantEmail: config.bob, message: 'Hello from the SDK' }),
  );
  const conversationId = chat?.id ?? MISSING;
  await step('chat.messages.list', 200, () => ann.chat.messages.list({ conversationId }));
  await step('chat.messages.send', 201, () => ann.chat.messages.send({ conversationId, content: 'Hi' }));
  const sms = await step('sms.conversations', 200, () => ann.sms.conversations.list());
  const smsId = sms?.items[0]?.id ?? MISSING;
  await step('sms.messages.list', 200, () => ann.sms.messages.list(smsId));
  await step('sms.send', 200, () => ann.sms.send(smsId, { body: 'Hi' }));
  await step('sms.send', 404, () => ann.sms.send(MISSING, { body: 'Hi' }));
  const agents = await step('ai.agents.list', 200, () => client.ai.agents.list());
  const agentId = agents?.[0]?.id ?? MISSING;
  await step('ai.agents.get', 200, () => client.ai.agents.get(agentId));
  await step('ai.agents.get', 404, () => client.ai.agents.get(MISSING));
  await step('ai.agents.chat', 200, () =>
    client.ai.agents.chat(agentId, { messages: [{ role: 'user', content: 'Hours?' }] }),
  );
  await step('pricing.quote', 200, () =>
    client.pricing.quote({ planId: config.planId, seatCount: 3, didCount: 1, billingTerm: 'MONTHLY' }),
  );
  await step('files.list', 200, () => client.files.list());
  await step('calendar.list', 200, () => ann.calendar.list({ startDate: '2020-01-01' }));
  await step('calendar.create', 201, () =>
    ann.calendar.create({ title: 'Sdk', startTime: '2030-01-02T10:00:00.000Z', endTime: '2030-01-02T10:30:00.000Z' }),
  );
  await step('presence.list', 200, () => client.presence.list());
  await step('presence.update', 200, () => ann.presence.update({ status: 'away', message: '' }));
  await step('fax.list', 200, () => client.fax.list({ type: 'sent' }));
  const revoked = client.withOptions({ apiKey: config.keys.revoked });
  await step('fax.list', 401, () => revoked.fax.list());
  return steps;
}
