import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../src/surfaces/adapters/node.js';
import { createMock } from '../src/index.js';
import { isSecretHeader } from '../src/runtime/journal-record.js';
import { ANN, DEMO_KEYS, DEMO_TENANTS, START } from './helpers/env.js';

/** Secrets a client might carry, each of a kind the redaction rule names. */
const KEY = DEMO_KEYS.sandbox;
const BEARER_SECRET = 'opaque-bearer-9f8e7d6c5b4a';
const COOKIE_SECRET = 'cookie-session-5a4b3c2d1e';
const TOKEN_SECRET = 'custom-token-1q2w3e4r5t';
const OTHER_KEY = 'cfa_some_other_account_key_0123456789';
const SECRETS = [KEY, BEARER_SECRET, COOKIE_SECRET, TOKEN_SECRET, OTHER_KEY];

function expectNoSecret(text: string, where: string): void {
  for (const secret of SECRETS) expect(text.includes(secret), `${where} holds ${secret}`).toBe(false);
}

describe('no key or bearer secret a request carried appears in the journal, its stream, the console API or a snapshot', () => {
  let running: RunningMockServer;
  let streamed = '';
  const abort = new AbortController();
  let reading: Promise<void>;

  beforeAll(async () => {
    running = await startMockServer({ mock: createMock('demo', { clock: { frozen: true, start: START } }) });
    const stream = await fetch(`${running.url}/__mock/journal/stream`, { signal: abort.signal });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    reading = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          streamed += value;
        }
      } catch {
        // Aborted at the end.
      }
    })();
    const base = { 'X-Tenant-Id': DEMO_TENANTS.sandbox, 'X-User-Email': ANN, 'content-type': 'application/json' };
    const sends: [string, RequestInit][] = [
      // A good key, in both places, with cookies and a custom token header, and the key echoed in the body.
      [
        `/api/v1/contacts?note=${OTHER_KEY}`,
        {
          method: 'POST',
          headers: {
            ...base,
            'X-API-Key': KEY,
            Authorization: `Bearer ${KEY}`,
            Cookie: `session=${COOKIE_SECRET}; theme=dark`,
            'X-Custom-Token': TOKEN_SECRET,
            'X-Forwarded-Note': `key ${OTHER_KEY}`,
            'X-Request-Id': 'req-secret-1',
          },
          body: JSON.stringify({ firstName: 'Sam', notes: `${KEY} ${OTHER_KEY} ${TOKEN_SECRET}` }),
        },
      ],
      // An opaque bearer secret the mock refuses (401), echoed in the query and body.
      [
        `/api/v1/contacts?search=${BEARER_SECRET}`,
        {
          method: 'POST',
          headers: { ...base, Authorization: `Bearer ${BEARER_SECRET}`, 'X-Request-Id': 'req-secret-2' },
          body: JSON.stringify({ firstName: BEARER_SECRET }),
        },
      ],
      // A key in the path, a query that fails validation (the error echoes what was sent).
      [`/api/v1/contacts/${OTHER_KEY}?limit=${OTHER_KEY}`, { headers: { ...base, 'X-API-Key': KEY } }],
      [
        `/api/v1/contacts?limit=${TOKEN_SECRET}`,
        { headers: { ...base, 'X-API-Key': KEY, 'X-Auth-Token': TOKEN_SECRET } },
      ],
    ];
    for (const [path, init] of sends) await (await fetch(`${running.url}${path}`, init)).text();
  });

  afterAll(async () => {
    abort.abort();
    await reading;
    await running.close();
  });

  it('the journal, in process and over HTTP, entry by entry', async () => {
    const journal = running.mock.journal();
    expect(journal).toHaveLength(4);
    expectNoSecret(JSON.stringify(journal), 'mock.journal()');
    expectNoSecret(JSON.stringify(running.mock.requests()), 'mock.requests()');
    const listed = await (await fetch(`${running.url}/__mock/journal?limit=100`)).text();
    expectNoSecret(listed, 'GET /__mock/journal');
    for (const entry of journal) {
      expectNoSecret(await (await fetch(`${running.url}/__mock/journal/${entry.requestId}`)).text(), entry.requestId);
    }
    const [first, refused] = journal;
    expect(first?.request.headers).toMatchObject({
      'x-api-key': '[redacted]',
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-custom-token': '[redacted]',
      'x-forwarded-note': '[redacted]',
      'x-user-email': ANN,
    });
    expect(first?.request.body).toEqual({ firstName: 'Sam', notes: '[redacted] [redacted] [redacted]' });
    expect(first?.keyHint).toBe('cf_…0000');
    // Refused before its body was read: the body is not kept; the query is, redacted.
    expect(refused).toMatchObject({ status: 401, request: { body: undefined, query: { search: '[redacted]' } } });
  });

  it('the live stream', async () => {
    // Bounded by count: the last entry arrives within a few polls.
    for (let i = 0; i < 100 && !streamed.includes('req-secret-2'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(streamed).toContain('req-secret-2');
    expectNoSecret(streamed, 'the stream');
  });

  it('a snapshot, and the world restored from it', async () => {
    const snapshot = await (await fetch(`${running.url}/__mock/snapshot`)).text();
    expect(snapshot).toContain('req-secret-1');
    expectNoSecret(snapshot, 'GET /__mock/snapshot');
    const other = createMock('demo');
    other.restore(running.mock.snapshot());
    expect(other.journal().map((entry) => entry.requestId)).toEqual(running.mock.journal().map((e) => e.requestId));
    expectNoSecret(JSON.stringify(other.journal()), 'a restored journal');
    await other.close();
  });
});

describe('the redaction rule', () => {
  it.each([
    ['x-api-key', 'anything', true],
    ['authorization', 'Basic dXNlcjpwYXNz', true],
    ['cookie', 'a=b', true],
    ['set-cookie', 'a=b', true],
    ['x-session-id', '42', true],
    ['x-client-secret', 'shh', true],
    ['x-signature', 'v1,abc', true],
    ['x-note', 'Bearer abc', true],
    ['x-note', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig', true],
    ['x-note', `prefix ${DEMO_KEYS.live}`, true],
    ['idempotency-key', 'order-42', false],
    ['idempotency-key', DEMO_KEYS.live, true],
    ['x-tenant-id', DEMO_TENANTS.sandbox, false],
    ['x-user-email', ANN, false],
    ['content-type', 'application/json', false],
    ['x-request-id', 'req-1', false],
  ])('%s: %s → redacted %s', (name, value, redacted) => {
    expect(isSecretHeader(name, value)).toBe(redacted);
  });
});
