/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.js';
import {
  ANN,
  BOB,
  call,
  DAN,
  DEMO_KEYS,
  DEMO_TENANTS,
  describeTransports,
  START,
  type Env,
  ANN_HEADERS,
} from '../helpers/env.js';

/** decisions §5: what an `Idempotency-Key` stores, what a replay carries, and the key's scope. */

const withKey = (value: string, headers: Record<string, string> = {}) => ({
  headers: { 'Idempotency-Key': value, ...headers },
});

/** Creates a contact with an Idempotency-Key; 201 when it acts, a replay otherwise. */
const createContact = (env: Env, value: string, options: Parameters<typeof call>[3] = {}) =>
  call(env, 'POST', '/api/v1/contacts', { body: { firstName: 'Kim' }, ...options, ...withKey(value, options.headers) });

const contactsNamed = async (env: Env, name: string): Promise<number> =>
  (await call(env, 'GET', `/api/v1/contacts?search=${name}`)).json.data.contacts.length as number;

describeTransports('an Idempotency-Key is left free by a refusal the client can fix', (env) => {
  it('401: a retry with the key fixed is a fresh attempt', async () => {
    // The same API key in X-API-Key, but a Bearer token naming another: 401, and nothing kept.
    const refused = await createContact(env(), 'fix-401', { headers: { Authorization: `Bearer ${DEMO_KEYS.live}` } });
    expect(refused.status).toBe(401);
    const retried = await createContact(env(), 'fix-401');
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('403: a retry after fixing the acting user or the capability is a fresh attempt', async () => {
    const unknown = await createContact(env(), 'fix-403', { user: 'nobody@acme.test' });
    expect(unknown.json.error.code).toBe('UNKNOWN_USER');
    const withoutCapability = await call(env(), 'POST', '/api/v1/sms/conversations/x/messages', {
      user: 'eve.moss@acme.test',
      body: { body: 'hi' },
      ...withKey('fix-403'),
    });
    expect(withoutCapability.json.error.code).toBe('CAPABILITY_DENIED');
    const retried = await createContact(env(), 'fix-403');
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('429: a retry once the window has passed is a fresh attempt', async () => {
    const { key } = env().mock.createApiKey({
      tenantIds: [DEMO_TENANTS.sandbox],
      rateLimit: { limit: 1, windowSeconds: 10 },
    });
    expect((await call(env(), 'GET', '/api/v1/users', { key })).status).toBe(200);
    const limited = await createContact(env(), 'fix-429', { key });
    expect(limited.status).toBe(429);
    env().mock.advanceClock(10_000);
    const retried = await createContact(env(), 'fix-429', { key });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await contactsNamed(env(), 'Kim')).toBe(1);
  });

  it('400 before the operation: a retry with the body fixed is a fresh attempt', async () => {
    // Validation runs before idempotency (decisions §3), so a request the schema refuses holds no key.
    const invalid = await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: '' }, ...withKey('fix-400') });
    expect(invalid.json.error.code).toBe('VALIDATION_ERROR');
    const retried = await createContact(env(), 'fix-400');
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
  });

  it('every injected fault, 4xx or 5xx, leaves the key free: the retry acts once', async () => {
    let round = 0;
    await fc.assert(
      // Left out, as Node's fetch answers them itself whoever sends them: 407 becomes a network
      // error, and a 421 (Misdirected Request) is retried on a new connection, which the fault no
      // longer meets.
      fc.asyncProperty(
        fc.integer({ min: 400, max: 599 }).filter((status) => status !== 407 && status !== 421),
        async (status) => {
          round++;
          const value = `fault-${round}`;
          const name = `Faulted${round}`;
          // A code of its own: a status outside the catalogue would otherwise get a code whose body needs details.
          env().mock.injectFault({ method: 'POST', path: '/api/v1/contacts', status, code: 'FAULT_UNDER_TEST' });
          const failed = await call(env(), 'POST', '/api/v1/contacts', {
            body: { firstName: name },
            ...withKey(value),
          });
          expect(failed.status).toBe(status);
          const retried = await call(env(), 'POST', '/api/v1/contacts', {
            body: { firstName: name },
            ...withKey(value),
          });
          expect(retried.status).toBe(201);
          expect(retried.headers.get('idempotent-replayed')).toBeNull();
          const again = await call(env(), 'POST', '/api/v1/contacts', { body: { firstName: name }, ...withKey(value) });
          expect(again.headers.get('idempotent-replayed')).toBe('true');
          expect(await contactsNamed(env(), name)).toBe(1);
        },
      ),
      { numRuns: 25, examples: [[401], [403], [429], [499], [500], [502], [503], [504]] },
    );
  });
});

describe('a client that goes away leaves its Idempotency-Key free (499)', () => {
  it('in process: the retry after a broken body stream is a fresh attempt, and the 499 names its request', async () => {
    const mock = createMock('demo', { clock: { frozen: true, start: START } });
    const headers = {
      ...ANN_HEADERS,
      'Idempotency-Key': 'gone',
      'content-type': 'application/json',
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"firstName":'));
      },
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    const gone = await mock.fetch('/api/v1/contacts', {
      method: 'POST',
      headers: { ...headers, 'X-Request-Id': 'req-gone' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(gone.status).toBe(499);
    // The journal and the answer name the same request, so a log line can be matched to the entry.
    expect(gone.headers.get('x-request-id')).toBe('req-gone');
    expect(mock.journal().at(-1)).toMatchObject({ requestId: 'req-gone', status: 499, errorCode: null });

    const retried = await mock.fetch('/api/v1/contacts', {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: 'Back' }),
    });
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    await mock.close();
  });
});

describeTransports('an Idempotency-Key stores what the operation answered', (env) => {
  it('a 404 from the operation is stored and replayed, even after the cause is gone', async () => {
    const first = await call(env(), 'POST', '/api/v1/chat/conversations', {
      body: { participantEmail: 'nobody@acme.test', message: 'hi' },
      ...withKey('stored-404'),
    });
    expect(first.status).toBe(404);
    const replay = await call(env(), 'POST', '/api/v1/chat/conversations', {
      body: { participantEmail: 'nobody@acme.test', message: 'hi' },
      ...withKey('stored-404'),
    });
    expect(replay.status).toBe(404);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json.error).toEqual(first.json.error);
  });

  it('a 400 from the operation (dialling one’s own extension) is stored', async () => {
    const first = await call(env(), 'POST', '/api/v1/click2dial', { body: { destination: '1001' }, ...withKey('own') });
    expect(first.status).toBe(400);
    const replay = await call(env(), 'POST', '/api/v1/click2dial', {
      body: { destination: '1001' },
      ...withKey('own'),
    });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json.error).toEqual(first.json.error);
  });

  it('a fault that only stalls lets the operation answer, and that answer is stored', async () => {
    env().mock.injectFault({ method: 'POST', path: '/api/v1/contacts', delayMs: 1 });
    const first = await createContact(env(), 'stalled');
    expect(first.status).toBe(201);
    expect(first.json.data.contact.firstName).toBe('Kim');
    expect(first.headers.get('x-mock-fault')).toBeNull();
    const replay = await createContact(env(), 'stalled');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json.data).toEqual(first.json.data);
  });
});

describeTransports('what a replay carries', (env) => {
  it('the first status and body, with this request’s id in X-Request-Id and meta.requestId', async () => {
    const first = await createContact(env(), 'carry-1', { headers: { 'X-Request-Id': 'req-first' } });
    env().mock.advanceClock(5_000);
    const replay = await createContact(env(), 'carry-1', { headers: { 'X-Request-Id': 'req-second' } });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('x-request-id')).toBe('req-second');
    expect(replay.json.meta.requestId).toBe('req-second');
    // The body is the first answer's: same record, same timestamp.
    expect(replay.json.data).toEqual(first.json.data);
    expect(replay.json.meta.timestamp).toBe(first.json.meta.timestamp);
    expect(replay.json.success).toBe(true);
    expect(replay.headers.get('content-type')).toBe(first.headers.get('content-type'));
    // Without a client id, the replay still gets an id of its own.
    const third = await createContact(env(), 'carry-1');
    expect(third.headers.get('x-request-id')).not.toBe('req-first');
    expect(third.headers.get('x-request-id')).not.toBe('req-second');
    expect(third.json.meta.requestId).toBe(third.headers.get('x-request-id'));
  });

  it('the current RateLimit-* headers, not the first answer’s', async () => {
    const { key } = env().mock.createApiKey({
      tenantIds: [DEMO_TENANTS.sandbox],
      rateLimit: { limit: 5, windowSeconds: 60 },
    });
    const first = await createContact(env(), 'carry-2', { key });
    expect(first.headers.get('ratelimit-remaining')).toBe('4');
    expect(first.headers.get('ratelimit-reset')).toBe('60');
    env().mock.advanceClock(20_000);
    const replay = await createContact(env(), 'carry-2', { key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('ratelimit-limit')).toBe('5');
    expect(replay.headers.get('ratelimit-remaining')).toBe('3');
    expect(replay.headers.get('ratelimit-reset')).toBe('40');
  });

  it('a stored error is replayed with its status, code and message', async () => {
    const first = await call(env(), 'POST', '/api/v1/click2dial', {
      user: DAN,
      body: { destination: '+14155550100' },
      ...withKey('carry-3'),
    });
    const replay = await call(env(), 'POST', '/api/v1/click2dial', {
      user: DAN,
      body: { destination: '+14155550100' },
      ...withKey('carry-3', { 'X-Request-Id': 'req-again' }),
    });
    expect(replay.status).toBe(409);
    expect(replay.json.error).toEqual(first.json.error);
    expect(replay.json.error.message).not.toBe('');
    expect(replay.json.meta.requestId).toBe('req-again');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
  });
});

describeTransports('the scope of an Idempotency-Key (API key + tenant + value)', (env) => {
  it('the same user in another letter case is the same request: replayed', async () => {
    const first = await createContact(env(), 'scope-1', { user: ANN });
    const replay = await createContact(env(), 'scope-1', { user: ANN.toUpperCase() });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json.data).toEqual(first.json.data);
  });

  it('another acting user with the same API key is another request: 409, nothing done', async () => {
    await createContact(env(), 'scope-2', { user: ANN });
    const other = await createContact(env(), 'scope-2', { user: BOB });
    expect(other.status).toBe(409);
    expect(other.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await contactsNamed(env(), 'Kim')).toBe(1);
  });

  it('another path with the same value is another request: 409', async () => {
    await createContact(env(), 'scope-3');
    const other = await call(env(), 'PUT', '/api/v1/presence', {
      body: { status: 'busy', message: '' },
      ...withKey('scope-3'),
    });
    expect(other.status).toBe(409);
    expect(other.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('the same value in another tenant, with an account key over both, is independent', async () => {
    const partner = { key: DEMO_KEYS.partner };
    const sandbox = await call(env(), 'POST', '/api/v1/ai/agents/44444444-4444-4444-8444-000000000001/test-chat', {
      ...partner,
      body: { messages: [{ role: 'user', content: 'hello' }] },
      ...withKey('scope-4'),
    });
    expect(sandbox.status).toBe(200);
    const live = await createContact(env(), 'scope-4', {
      ...partner,
      tenant: DEMO_TENANTS.live,
      user: 'grace@globex.test',
    });
    expect(live.status).toBe(201);
    expect(live.headers.get('idempotent-replayed')).toBeNull();
    // Within one tenant the value stays taken: the partner key's sandbox request holds it.
    const again = await createContact(env(), 'scope-4', partner);
    expect(again.json.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});
