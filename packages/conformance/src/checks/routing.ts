import { answered } from '../session.js';
import { API_PREFIX, ErrorEnvelope, HEADERS, OPERATION_LIST, type ErrorCode } from '@commflow/contract';
import { defineCheck, type CheckContext } from './context.js';

/** Every registry path and the methods its operations use: what a service routes. */
function methodsByPath(): Map<string, Set<string>> {
  const paths = new Map<string, Set<string>>();
  for (const op of OPERATION_LIST) {
    const methods = paths.get(op.path) ?? new Set<string>();
    methods.add(op.method);
    paths.set(op.path, methods);
  }
  return paths;
}

/** A registry path template with each `{param}` filled by an id that names nothing. */
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, () => crypto.randomUUID());

/** The methods an `Allow` header lists, upper case. */
const allowed = (header: string | null) =>
  new Set(
    (header ?? '')
      .split(',')
      .map((method) => method.trim().toUpperCase())
      .filter((method) => method !== ''),
  );

export const routingCheck = defineCheck({
  id: 'routing.not-found-and-method',
  title: 'An unknown route and /api/v1/sms/messages are 404 NOT_FOUND; GET on a path without it is 405 with Allow',
  rules: ['R17', 'R18'],
  rule: 'R17 an unknown route is 404 NOT_FOUND, a known path with another method 405 METHOD_NOT_ALLOWED with Allow listing its methods; R18 no /api/v1/sms/messages route',
  effect: 'read',
  requires: [],
  async run(ctx: CheckContext) {
    /** Fails unless `answer` is an error envelope with `code`, its request id the header's. */
    const expectEnvelope = (answer: Awaited<ReturnType<typeof ctx.session.probe>>, code: ErrorCode, why: string) => {
      const parsed = ErrorEnvelope.safeParse(answer.body);
      ctx.expect(
        parsed.success,
        `${why}: answered ${answer.status} with a body that is not the error envelope: ${answer.body === undefined ? 'no body' : JSON.stringify(answer.body).slice(0, 200)}`,
        answer,
      );
      const { error, meta } = parsed.data;
      ctx.expect(
        error.code === code,
        `${why}: expected ${code}, got ${answer.status} ${error.code} (${error.message})`,
        answer,
      );
      ctx.expect(error.message.trim() !== '', `${why}: ${code} with a blank message`, answer);
      ctx.expect(
        meta.requestId === answer.headers.get(HEADERS.requestId),
        `${why}: meta.requestId ${JSON.stringify(meta.requestId)} differs from the X-Request-Id header`,
        answer,
      );
    };
    const unknown = await ctx.session.probe(`${API_PREFIX}/${ctx.marker}-no-such-route`);
    expectEnvelope(unknown, 'NOT_FOUND', 'an unknown route');
    ctx.expect(unknown.status === 404, `an unknown route answered ${answered(unknown)}, not 404`, unknown);
    const smsMessages = await ctx.session.probe(`${API_PREFIX}/sms/messages`);
    expectEnvelope(smsMessages, 'NOT_FOUND', `${API_PREFIX}/sms/messages, a route the spec says does not exist`);
    ctx.expect(
      smsMessages.status === 404,
      `GET ${API_PREFIX}/sms/messages answered ${answered(smsMessages)}, not 404`,
      smsMessages,
    );
    // A GET is the only method a read-only run may send: probe the paths that have no GET.
    let probed = 0;
    for (const [template, methods] of methodsByPath()) {
      if (methods.has('GET')) continue;
      probed++;
      const answer = await ctx.session.probe(concrete(template));
      const why = `GET ${template}, a path of ${[...methods].join(', ')} only`;
      expectEnvelope(answer, 'METHOD_NOT_ALLOWED', why);
      ctx.expect(answer.status === 405, `${why}: answered ${answered(answer)}, not 405`, answer);
      const allow = allowed(answer.headers.get(HEADERS.allow));
      const missing = [...methods].filter((method) => !allow.has(method));
      ctx.expect(
        missing.length === 0,
        `${why}: the Allow header ${JSON.stringify(answer.headers.get(HEADERS.allow))} lacks ${missing.join(', ')}`,
        answer,
      );
      ctx.expect(!allow.has('GET'), `${why}: the Allow header lists GET, which was just refused`, answer);
    }
    ctx.expect(probed > 0, 'the contract has no path without a GET to probe: this check needs updating');
  },
});
