/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { MAX_BODY_BYTES } from '@commflow/contract';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMock } from '../../src/index.js';
import { startMockServer } from '../../src/surfaces/adapters/node.js';
import { call, describeTransports, type Env, ANN_HEADERS } from '../helpers/env.js';

/**
 * The checks of a request's own headers and body that come with validation (service-api §1,
 * decisions §3): an `Idempotency-Key` is 1..255 printable ASCII characters, whatever was sent
 * before it (the mock remembers the combinations that passed, never one that failed); a body
 * needs a JSON `Content-Type`; a body declared over 1 MiB is refused before it is read.
 */

const CONTACTS = '/api/v1/contacts';
const contact = { firstName: 'Header', lastName: 'Checks' };

const withKey = (env: Env, key: string, extra: Record<string, string> = {}) =>
  call(env, 'POST', CONTACTS, { body: contact, headers: { 'Idempotency-Key': key, ...extra } });

function expectKeyRefused(reply: Awaited<ReturnType<typeof call>>, what: string) {
  expect([reply.status, reply.json.error.code], what).toEqual([400, 'VALIDATION_ERROR']);
  const issue = (reply.json.error.details as { path: string[]; message: string }[]).find(
    (detail) => detail.path[0] === 'header' && detail.path[1] === 'Idempotency-Key',
  );
  expect(issue?.message, what).toMatch(/\S/);
}

describeTransports('the headers and body checked with validation', (env) => {
  it('refuses an Idempotency-Key over 255 characters, every time, even right after a valid one', async () => {
    expect((await withKey(env(), 'k'.repeat(255))).status).toBe(201);
    const tooLong = 'k'.repeat(256);
    for (let attempt = 0; attempt < 2; attempt++) expectKeyRefused(await withKey(env(), tooLong), `attempt ${attempt}`);
    // The refusals stored nothing: the valid key is still a replay of its first answer.
    expect((await withKey(env(), 'k'.repeat(255))).headers.get('idempotent-replayed')).toBe('true');
  });

  it('never takes a value that passed in another header for a valid Idempotency-Key', async () => {
    const long = 'r'.repeat(256);
    // As X-Request-Id, any value passes (one that is unusable is replaced).
    expect((await call(env(), 'POST', CONTACTS, { body: contact, headers: { 'X-Request-Id': long } })).status).toBe(
      201,
    );
    expectKeyRefused(await withKey(env(), long), 'the same value as Idempotency-Key');
  });

  it('refuses a body sent without Content-Type with 415, and stores nothing', async () => {
    const before = env().mock.journal().length;
    const reply = await call(env(), 'POST', CONTACTS, {
      rawBody: new TextEncoder().encode(JSON.stringify(contact)),
    });
    expect([reply.status, reply.json.error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect(reply.json.error.message).toMatch(/\S/);
    const list = await call(env(), 'GET', `${CONTACTS}?search=Checks`);
    expect(list.json.data.contacts).toEqual([]);
    expect(env().mock.journal().length).toBe(before + 2);
  });
});

describe413();

/** Over real HTTP only: a client that declares its size gets the 413 before sending the body. */
function describe413() {
  let server: Awaited<ReturnType<typeof startMockServer>>;
  beforeAll(async () => {
    server = await startMockServer({ mock: createMock('demo') });
  });
  afterAll(async () => {
    await server.close();
  });

  it('over HTTP: a body declared over 1 MiB is refused with 413 before any of it is sent', async () => {
    const url = new URL(CONTACTS, server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(url, {
        method: 'POST',
        headers: {
          ...ANN_HEADERS,
          'content-type': 'application/json',
          'content-length': String(MAX_BODY_BYTES + 1),
        },
      });
      outgoing.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body });
        });
      });
      outgoing.on('error', reject);
      // Headers only: the body is never written.
      outgoing.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect((JSON.parse(answer.body) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
}
