import { answered } from '../session.js';
import { API_VERSION, HEADERS, OPENAPI_PATH, OPERATION_LIST } from '@commflow/contract';
import * as z from 'zod/mini';
import { defineCheck, listOperationIds, type CheckContext } from './context.js';

/** What the openapi.document check reads of the served document (openapi.json's schema for it, checked first, asks more). */
const ServedDocument = z.object({
  openapi: z.optional(z.unknown()),
  info: z.optional(z.object({ version: z.optional(z.unknown()) })),
  paths: z.optional(z.record(z.string(), z.record(z.string(), z.unknown()))),
});

/** A UUID that names nothing: v4-shaped, so that it passes validation and is looked up. */
const absentId = () => crypto.randomUUID();

export const envelopeCheck = defineCheck({
  id: 'envelope.request-id',
  title: 'Envelope, meta.requestId equal to X-Request-Id, a client X-Request-Id echoed',
  rules: ['R9', 'R10', 'R11'],
  rule: 'R9 and R10 every answer is the success or error envelope; R11 X-Request-Id on every response, a client value of 1..200 printable ASCII echoed, meta.requestId equal to it',
  effect: 'read',
  requires: [],
  async run(ctx: CheckContext) {
    const sent = `${ctx.marker}-echo`;
    const echoed = await ctx.call('users.list', { headers: { [HEADERS.requestId]: sent } });
    ctx.ok(echoed);
    ctx.expect(
      echoed.headers.get(HEADERS.requestId) === sent,
      `a client X-Request-Id was not echoed: sent ${sent}, got ${echoed.headers.get(HEADERS.requestId) ?? 'none'}`,
      echoed,
    );
    const generated = await ctx.call('users.list');
    const tooLong = 'x'.repeat(201);
    const replaced = await ctx.call('users.list', { headers: { [HEADERS.requestId]: tooLong } });
    ctx.expect(
      replaced.headers.get(HEADERS.requestId) !== tooLong,
      'an X-Request-Id of 201 characters was echoed; rule R11 echoes only 1..200 and generates another',
      replaced,
    );
    const missing = await ctx.call('ai.agents.get', { params: { id: absentId() } });
    ctx.expectError(missing, 'NOT_FOUND', 'an agent id that names nothing');
    const sentOnError = `${ctx.marker}-echo-error`;
    const errorEcho = await ctx.call('ai.agents.get', {
      params: { id: absentId() },
      headers: { [HEADERS.requestId]: sentOnError },
    });
    ctx.expect(
      errorEcho.headers.get(HEADERS.requestId) === sentOnError,
      'a client X-Request-Id was not echoed on an error answer',
      errorEcho,
    );
    for (const answer of [echoed, generated, replaced, missing, errorEcho]) {
      const header = answer.headers.get(HEADERS.requestId);
      ctx.expect(header !== null && header !== '', `${answer.operation}: no X-Request-Id header`, answer);
      ctx.expect(
        answer.meta.requestId === header,
        `${answer.operation}: meta.requestId ${JSON.stringify(answer.meta.requestId)} differs from the X-Request-Id header ${JSON.stringify(header)}`,
        answer,
      );
      ctx.expect(
        answer.success === answer.status < 400,
        `${answer.operation}: success is ${answer.success} on a ${answer.status}`,
        answer,
      );
    }
  },
});

const nonNegativeInteger = (value: string | null) =>
  value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;

export const rateLimitHeadersCheck = defineCheck({
  id: 'headers.rate-limit',
  title: 'RateLimit-Limit, -Remaining and -Reset on every answer, Reset in delta seconds',
  rules: ['R12'],
  rule: 'R12 RateLimit-Limit, -Remaining and -Reset on every response to a recognised key, Reset in seconds, never a date',
  effect: 'read',
  requires: [],
  async run(ctx: CheckContext) {
    const answers = [
      await ctx.call('users.list', { query: { limit: 1 } }),
      await ctx.call('users.list', { query: { limit: 1 } }),
      await ctx.call('ai.agents.get', { params: { id: absentId() } }),
      await ctx.call('users.list', { query: { limit: 0 } }),
    ];
    const states = answers.map((answer) => {
      const limit = nonNegativeInteger(answer.headers.get(HEADERS.rateLimitLimit));
      const remaining = nonNegativeInteger(answer.headers.get(HEADERS.rateLimitRemaining));
      const reset = nonNegativeInteger(answer.headers.get(HEADERS.rateLimitReset));
      for (const [name, value] of [
        [HEADERS.rateLimitLimit, limit],
        [HEADERS.rateLimitRemaining, remaining],
        [HEADERS.rateLimitReset, reset],
      ] as const) {
        ctx.expect(
          value !== undefined,
          `${answer.operation} (${answer.status}): ${name} is ${JSON.stringify(answer.headers.get(name))}, not a non-negative integer`,
          answer,
        );
      }
      ctx.expect(
        limit !== undefined && remaining !== undefined && remaining <= limit,
        `${answer.operation}: RateLimit-Remaining exceeds RateLimit-Limit`,
        answer,
      );
      // A delta: a window is never a day long; an epoch or a date would be far larger.
      ctx.expect(
        reset !== undefined && reset <= 86_400,
        `${answer.operation}: RateLimit-Reset ${reset} is not delta seconds`,
        answer,
      );
      return { remaining, reset };
    });
    const [first, second] = states;
    const [, secondAnswer] = answers;
    if (first !== undefined && second !== undefined) {
      // The window either counted the second request, or reset between the two.
      ctx.expect(
        second.remaining < first.remaining || second.reset > first.reset || second.remaining > first.remaining,
        'two requests in a row left RateLimit-Remaining unchanged: the window does not count requests',
        secondAnswer,
      );
    }
  },
});

export const openApiDocumentCheck = defineCheck({
  id: 'openapi.document',
  title: `openapi.json served at ${OPENAPI_PATH} with no key, version ${API_VERSION}, every operation in it`,
  rules: ['R5'],
  rule: 'R5 GET /api/v1/openapi.json serves the description, version 1.1.0, with no key and no tenant',
  effect: 'read',
  requires: [],
  async run(ctx: CheckContext) {
    const answer = await ctx.session.get(OPENAPI_PATH);
    ctx.expect(
      answer.status === 200,
      `GET ${OPENAPI_PATH} without a key answered ${answered(answer)}, not 200`,
      answer,
    );
    ctx.expect(
      answer.problems.length === 0,
      `GET ${OPENAPI_PATH}: the answer does not match openapi.json: ${answer.problems.slice(0, 3).join('; ')}`,
      answer,
    );
    const read = ServedDocument.safeParse(answer.body);
    ctx.expect(
      read.success,
      `GET ${OPENAPI_PATH}: the answer is not an OpenAPI document (an object whose info and paths are objects)`,
      answer,
    );
    const document = read.data;
    ctx.expect(
      typeof document.openapi === 'string' && document.openapi.startsWith('3.1.'),
      `the document is OpenAPI ${String(document.openapi)}, not 3.1`,
      answer,
    );
    ctx.expect(
      document.info?.version === API_VERSION,
      `the document's info.version is ${JSON.stringify(document.info?.version)}, not ${API_VERSION}`,
      answer,
    );
    for (const op of OPERATION_LIST) {
      const served = document.paths?.[op.path]?.[op.method.toLowerCase()];
      ctx.expect(served !== undefined, `the served document lacks ${op.method} ${op.path} (${op.id})`, answer);
    }
  },
});

export const openApiResponsesCheck = defineCheck({
  id: 'openapi.responses',
  title: 'Every list and read answer matches openapi.json (bodies and required headers)',
  rules: ['R9', 'R5'],
  rule: "R9 every success is the envelope with the operation's data, in the shapes openapi.json publishes (R5)",
  effect: 'read',
  requires: [],
  async run(ctx: CheckContext) {
    // Every GET of the registry without a path parameter, then the ones with an id, fed from the lists.
    // Each call is validated by the session; a failure names the request.
    let succeeded = 0;
    for (const id of listOperationIds()) {
      const answer = await ctx.call(id);
      if (answer.success) succeeded++;
    }
    ctx.expect(succeeded > 0, 'no read operation succeeded with the main key: check --api-key and --tenant');
    const agents = await ctx.call('ai.agents.list');
    const agent = agents.success ? agents.data.agents[0] : undefined;
    if (agent !== undefined) ctx.ok(await ctx.call('ai.agents.get', { params: { id: agent.id } }));
    const sms = await ctx.call('sms.conversations', { query: { limit: 1 } });
    const conversation = sms.success ? sms.data.conversations[0] : undefined;
    if (conversation !== undefined)
      ctx.ok(await ctx.call('sms.messages.list', { params: { id: conversation.id }, query: { limit: 5 } }));
    const chats = await ctx.call('chat.conversations', { query: { limit: 1 } });
    const chat = chats.success ? chats.data.conversations[0] : undefined;
    if (chat !== undefined)
      ctx.ok(await ctx.call('chat.messages.list', { query: { conversationId: chat.id, limit: 5 } }));
  },
});
