/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as `any`; `call` checks every one against openapi.json. */
import { MAX_BODY_BYTES } from '@commflow/contract';
import { expect, it } from 'vitest';
import { call, describeTransports, type Env, ANN_HEADERS } from '../helpers/env.js';

/**
 * How the mock reads a request (service-api §1 and decisions §3): a JSON body in any media type
 * spelled `application/json` or `application/<x>+json`, parameters, at most 1 MiB, however it is
 * streamed; a query parameter given twice, or one the operation does not take, is a 400.
 */

const CONTACTS = '/api/v1/contacts';
const contact = JSON.stringify({ firstName: 'Media', lastName: 'Type' });

const post = (env: Env, body: string, contentType: string) =>
  call(env, 'POST', CONTACTS, { rawBody: body, headers: { 'content-type': contentType } });

describeTransports('reading a request', (env) => {
  it('takes a JSON body in every spelling of a JSON media type', async () => {
    for (const type of [
      'application/json',
      'APPLICATION/JSON',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
      'application/json ',
      'application/vnd.api+json',
      'application/merge-patch+json',
      'application/problem.x-1+json; charset=utf-8',
    ]) {
      const reply = await post(env(), contact, type);
      expect(reply.status, type).toBe(201);
      expect(reply.json.data.contact.firstName, type).toBe('Media');
    }
  });

  it('refuses any other media type with 415 and a message', async () => {
    for (const type of [
      'text/json',
      'text/plain',
      'application/jsonx',
      'xapplication/json',
      'application/json-seq',
      'application/+json',
      'application/vnd api+json',
      'application/x/y+json',
      'multipart/form-data; type=application/json',
    ]) {
      const reply = await post(env(), contact, type);
      expect([reply.status, reply.json.error.code], type).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      expect(reply.json.error.message, type).toMatch(/\S/);
    }
  });

  it('reads a body streamed in several chunks as one', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ firstName: 'Chunked', lastName: 'Upload' }));
    const parts = [bytes.slice(0, 5), bytes.slice(5, 17), bytes.slice(17)];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    const response = await env().fetch(`${env().base}${CONTACTS}`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        ...ANN_HEADERS,
        'content-type': 'application/json',
      },
    } as RequestInit);
    expect(response.status).toBe(201);
    const json = (await response.json()) as { data: { contact: { firstName: string; lastName: string } } };
    expect(json.data.contact).toMatchObject({ firstName: 'Chunked', lastName: 'Upload' });
  });

  it('reads a body of exactly 1 MiB, and refuses one byte more with 413', async () => {
    // A JSON string of exactly the limit: read and parsed, then refused by the schema (not an object).
    const atLimit = `"${'x'.repeat(MAX_BODY_BYTES - 2)}"`;
    expect(Buffer.byteLength(atLimit)).toBe(MAX_BODY_BYTES);
    const read = await post(env(), atLimit, 'application/json');
    expect([read.status, read.json.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    const over = await post(env(), `"${'x'.repeat(MAX_BODY_BYTES - 1)}"`, 'application/json');
    expect([over.status, over.json.error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(over.json.error.message).toMatch(/\S/);
  });

  it('refuses a query parameter given twice, every time it is sent', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const reply = await call(env(), 'GET', `${CONTACTS}?limit=1&limit=2`);
      expect([reply.status, reply.json.error.code], `attempt ${attempt}`).toEqual([400, 'VALIDATION_ERROR']);
      expect(reply.json.error.details).toContainEqual({ path: ['query', 'limit'], message: 'Given more than once' });
    }
    // The same parameter once is fine, before and after.
    expect((await call(env(), 'GET', `${CONTACTS}?limit=1`)).status).toBe(200);
  });

  it('refuses a query parameter on an operation that takes none, naming it', async () => {
    expect((await call(env(), 'GET', '/api/v1/presence')).status).toBe(200);
    const reply = await call(env(), 'GET', '/api/v1/presence?expand=all');
    expect([reply.status, reply.json.error.code]).toEqual([400, 'VALIDATION_ERROR']);
    expect(reply.json.error.details).toContainEqual({ path: ['query', 'expand'], message: 'Unrecognized key' });
  });
  it('names a missing or malformed X-User-Email and X-Tenant-Id in the details, with a message', async () => {
    const cases: [string, Parameters<typeof call>[3], string][] = [
      ['no X-User-Email', { user: null }, 'X-User-Email'],
      ['a malformed X-User-Email', { user: 'not an email' }, 'X-User-Email'],
      ['no X-Tenant-Id', { tenant: null }, 'X-Tenant-Id'],
      ['a malformed X-Tenant-Id', { tenant: 'not-a-uuid' }, 'X-Tenant-Id'],
    ];
    for (const [what, options, header] of cases) {
      const reply = await call(env(), 'GET', '/api/v1/sms/conversations', options);
      expect([reply.status, reply.json.error.code], what).toEqual([400, 'VALIDATION_ERROR']);
      const issue = (reply.json.error.details as { path: string[]; message: string }[]).find(
        (detail) => detail.path[0] === 'header' && detail.path[1]?.toLowerCase() === header.toLowerCase(),
      );
      expect(issue?.message, what).toMatch(/\S/);
    }
  });
});
