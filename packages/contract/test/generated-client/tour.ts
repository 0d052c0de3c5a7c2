/**
 * A tour of all 22 operations through a client that openapi-typescript generated from
 * openapi.json and openapi-fetch drives: it compiles only if the document types every call
 * (`tsc -p` in CI), and, run through Prism's validating proxy (scripts/prism-check.mjs), it
 * checks that the mock answers exactly as the document says, on success and on the main errors.
 *
 * Every request here is valid by the document: Prism would answer an invalid one itself.
 */
import createClient from 'openapi-fetch';
import type { paths } from './generated/api.js';

/** Who and what the tour acts with: the demo scenario's keys, tenants, users and plan. */
export interface TourConfig {
  baseUrl: string;
  keys: { sandbox: string; usersOnly: string; revoked: string; limited: string };
  tenants: { sandbox: string; live: string };
  /** Has an extension. */
  ann: string;
  /** Another user of the tenant. */
  bob: string;
  /** Has no extension. */
  dan: string;
  /** Lacks the `sms.use` capability. */
  eve: string;
  planId: string;
}

/** One call of the tour and how it went. */
export interface TourStep {
  operation: string;
  expected: number;
  status: number;
  /** The code of an error response, as the client sees it. */
  code: string | null;
  replayed: boolean;
  /** What Prism reported about the exchange (its `sl-violations` header or its own problem body). */
  violations: string | null;
}

const MISSING = '00000000-0000-4000-8000-000000000000';

/** Runs the tour; returns every step, in order. */
export async function runTour(config: TourConfig): Promise<TourStep[]> {
  const client = createClient<paths>({ baseUrl: config.baseUrl, headers: { 'X-API-Key': config.keys.sandbox } });
  const steps: TourStep[] = [];
  const tenant = { 'X-Tenant-Id': config.tenants.sandbox };
  const as = (email: string) => ({ ...tenant, 'X-User-Email': email });
  const ann = as(config.ann);

  async function step<R extends { response: Response; error?: unknown }>(
    operation: string,
    expected: number,
    call: Promise<R>,
  ): Promise<R> {
    const result = await call;
    const error = result.error as { error?: { code?: string } } | undefined;
    steps.push({
      operation,
      expected,
      status: result.response.status,
      code: error?.error?.code ?? null,
      replayed: result.response.headers.get('Idempotent-Replayed') === 'true',
      violations:
        result.response.headers.get('sl-violations') ??
        (result.response.headers.get('content-type')?.startsWith('application/problem+json')
          ? JSON.stringify(result.error)
          : null),
    });
    return result;
  }
  const withKey = (key: string) => ({ 'X-API-Key': key });

  await step('openapi', 200, client.GET('/api/v1/openapi.json'));

  const users = await step(
    'users.list',
    200,
    client.GET('/api/v1/users', { params: { header: tenant, query: { limit: 2 } } }),
  );
  if (users.data?.meta.pagination.nextCursor) {
    const cursor = users.data.meta.pagination.nextCursor;
    await step(
      'users.list',
      200,
      client.GET('/api/v1/users', { params: { header: tenant, query: { limit: 2, cursor } } }),
    );
  }
  await step(
    'users.list',
    400,
    client.GET('/api/v1/users', { params: { header: tenant, query: { cursor: 'bm90LWEtY3Vyc29y' } } }),
  );
  await step(
    'users.list',
    401,
    client.GET('/api/v1/users', { params: { header: tenant }, headers: withKey(config.keys.revoked) }),
  );
  await step(
    'users.list',
    403,
    client.GET('/api/v1/users', { params: { header: { 'X-Tenant-Id': config.tenants.live } } }),
  );

  await step(
    'contacts.list',
    200,
    client.GET('/api/v1/contacts', { params: { header: tenant, query: { search: 'a' } } }),
  );
  await step(
    'contacts.list',
    403,
    client.GET('/api/v1/contacts', { params: { header: tenant }, headers: withKey(config.keys.usersOnly) }),
  );
  await step(
    'contacts.create',
    201,
    client.POST('/api/v1/contacts', {
      params: { header: ann },
      body: { firstName: 'Tour', phoneMobile: '+14155550142' },
    }),
  );
  await step(
    'contacts.create',
    403,
    client.POST('/api/v1/contacts', { params: { header: as('nobody@acme.test') }, body: { firstName: 'Tour' } }),
  );

  const dial = {
    params: { header: { ...ann, 'Idempotency-Key': 'tour-dial-1' } },
    body: { destination: '+14155550143' },
  };
  await step('voice.click2dial', 200, client.POST('/api/v1/click2dial', dial));
  await step('voice.click2dial', 200, client.POST('/api/v1/click2dial', dial));
  await step(
    'voice.click2dial',
    409,
    client.POST('/api/v1/click2dial', { ...dial, body: { destination: '+14155550144' } }),
  );
  await step(
    'voice.click2dial',
    409,
    client.POST('/api/v1/click2dial', { params: { header: as(config.dan) }, body: { destination: '+14155550143' } }),
  );
  await step(
    'voice.click2dial',
    404,
    client.POST('/api/v1/click2dial', { params: { header: ann }, body: { destination: '9999' } }),
  );
  const own = users.data?.data.users.find((user) => user.email === config.ann)?.extension ?? '1001';
  const ownDial = { params: { header: { ...ann, 'Idempotency-Key': 'tour-dial-own' } }, body: { destination: own } };
  await step('voice.click2dial', 400, client.POST('/api/v1/click2dial', ownDial));
  await step('voice.click2dial', 400, client.POST('/api/v1/click2dial', ownDial));

  await step(
    'cdr.list',
    200,
    client.GET('/api/v1/cdr', { params: { header: tenant, query: { limit: 5, offset: 0 } } }),
  );

  await step('chat.conversations', 200, client.GET('/api/v1/chat/conversations', { params: { header: ann } }));
  const chat = await step(
    'chat.conversations.create',
    201,
    client.POST('/api/v1/chat/conversations', {
      params: { header: ann },
      body: { participantEmail: config.bob, message: 'Hello' },
    }),
  );
  await step(
    'chat.conversations.create',
    200,
    client.POST('/api/v1/chat/conversations', {
      params: { header: ann },
      body: { participantEmail: config.bob, message: 'Again' },
    }),
  );
  await step(
    'chat.conversations.create',
    400,
    client.POST('/api/v1/chat/conversations', {
      params: { header: ann },
      body: { participantEmail: config.ann, message: 'Me' },
    }),
  );
  const conversationId = chat.data?.data.conversation.id ?? MISSING;
  await step(
    'chat.messages.list',
    200,
    client.GET('/api/v1/chat/messages', { params: { header: ann, query: { conversationId, limit: 10 } } }),
  );
  await step(
    'chat.messages.list',
    404,
    client.GET('/api/v1/chat/messages', { params: { header: ann, query: { conversationId: MISSING } } }),
  );
  await step(
    'chat.messages.send',
    201,
    client.POST('/api/v1/chat/messages', { params: { header: ann }, body: { conversationId, content: 'Hi' } }),
  );
  await step(
    'chat.messages.send',
    404,
    client.POST('/api/v1/chat/messages', { params: { header: ann }, body: { conversationId: MISSING, content: 'Hi' } }),
  );

  const sms = await step(
    'sms.conversations',
    200,
    client.GET('/api/v1/sms/conversations', { params: { header: ann } }),
  );
  await step('sms.conversations', 403, client.GET('/api/v1/sms/conversations', { params: { header: as(config.eve) } }));
  const id = sms.data?.data.conversations[0]?.id ?? MISSING;
  await step(
    'sms.messages.list',
    200,
    client.GET('/api/v1/sms/conversations/{id}/messages', { params: { header: ann, path: { id } } }),
  );
  await step(
    'sms.messages.list',
    404,
    client.GET('/api/v1/sms/conversations/{id}/messages', { params: { header: ann, path: { id: MISSING } } }),
  );
  await step(
    'sms.send',
    200,
    client.POST('/api/v1/sms/conversations/{id}/messages', {
      params: { header: ann, path: { id } },
      body: { body: 'Hi' },
    }),
  );
  await step(
    'sms.send',
    404,
    client.POST('/api/v1/sms/conversations/{id}/messages', {
      params: { header: ann, path: { id: MISSING } },
      body: { body: 'Hi' },
    }),
  );

  const agents = await step('ai.agents.list', 200, client.GET('/api/v1/ai/agents', { params: { header: tenant } }));
  const agentId = agents.data?.data.agents[0]?.id ?? MISSING;
  await step(
    'ai.agents.get',
    200,
    client.GET('/api/v1/ai/agents/{id}', { params: { header: tenant, path: { id: agentId } } }),
  );
  await step(
    'ai.agents.get',
    404,
    client.GET('/api/v1/ai/agents/{id}', { params: { header: tenant, path: { id: MISSING } } }),
  );
  const messages = [{ role: 'user' as const, content: 'What are your hours?' }];
  await step(
    'ai.agents.chat',
    200,
    client.POST('/api/v1/ai/agents/{id}/test-chat', {
      params: { header: tenant, path: { id: agentId } },
      body: { messages },
    }),
  );

  const quote = { seatCount: 10, didCount: 2, billingTerm: 'ANNUAL' as const };
  await step(
    'pricing.quote',
    200,
    client.POST('/api/v1/pricing/quote', { params: { header: tenant }, body: { planId: config.planId, ...quote } }),
  );
  await step(
    'pricing.quote',
    404,
    client.POST('/api/v1/pricing/quote', { params: { header: tenant }, body: { planId: MISSING, ...quote } }),
  );

  await step('files.list', 200, client.GET('/api/v1/files', { params: { header: tenant } }));

  await step(
    'calendar.list',
    200,
    client.GET('/api/v1/calendar', {
      params: { header: ann, query: { startDate: '2020-01-01', endDate: '2100-01-01' } },
    }),
  );
  await step(
    'calendar.list',
    400,
    client.GET('/api/v1/calendar', {
      params: { header: ann, query: { startDate: '2100-01-01', endDate: '2020-01-01' } },
    }),
  );
  const event = { title: 'Tour', startTime: '2030-01-01T10:00:00.000Z', endTime: '2030-01-01T11:00:00.000Z' };
  await step('calendar.create', 201, client.POST('/api/v1/calendar', { params: { header: ann }, body: event }));

  await step('presence.list', 200, client.GET('/api/v1/presence', { params: { header: tenant } }));
  await step(
    'presence.update',
    200,
    client.PUT('/api/v1/presence', { params: { header: ann }, body: { status: 'busy', message: 'On tour' } }),
  );

  await step('fax.list', 200, client.GET('/api/v1/fax', { params: { header: tenant, query: { type: 'inbox' } } }));

  // A key whose window holds one request: the second is 429 with Retry-After.
  const limited = withKey(config.keys.limited);
  await step('fax.list', 200, client.GET('/api/v1/fax', { params: { header: tenant }, headers: limited }));
  await step('fax.list', 429, client.GET('/api/v1/fax', { params: { header: tenant }, headers: limited }));

  return steps;
}
