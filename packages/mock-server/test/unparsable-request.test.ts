/**
 * Requests Node's HTTP parser refuses before the mock sees them: they still go through the key
 * and rate-limit checks and get the full error envelope, `details` naming each invalid part, with
 * the headers the document gives a 400.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS, DEMO_TENANTS } from '../src/index.js';
import { startMockServer, type RunningMockServer } from '../src/surfaces/adapters/node.js';
import { openApiErrors } from './helpers/openapi.js';

let running: RunningMockServer;
beforeAll(async () => {
  running = await startMockServer({ port: 0 });
});
afterAll(() => running.close());

/** Sends `raw` bytes as they are and reads the whole answer (the server closes the connection). */
function sendRaw(raw: string): Promise<{ status: number; headers: Map<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(running.port, '127.0.0.1', () => socket.end(Buffer.from(raw, 'latin1')));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Map(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

const KEY = `X-API-Key: ${DEMO_KEYS.sandbox}\r\n`;

describe('a request line or header with a control character', () => {
  const cases = {
    'a control character in the request line': [
      `GET /api/v1/users\x01 HTTP/1.1\r\nHost: 127.0.0.1\r\n${KEY}\r\n`,
      ['requestLine'],
    ],
    'a control character in a header value': [
      `GET /api/v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\n${KEY}X-Note: a\x01b\r\n\r\n`,
      ['header', 'X-Note'],
    ],
    'a control character in a header name': [
      `GET /api/v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\n${KEY}X-No\x7fte: a\r\n\r\n`,
      ['header', 'X-No\\x7fte'],
    ],
  } as const;
  for (const [name, [raw, path]] of Object.entries(cases)) {
    it(`${name}: 400 VALIDATION_ERROR in the full envelope, details naming it, with the headers of a 400`, async () => {
      const answer = await sendRaw(raw);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const envelope = JSON.parse(answer.body) as {
        success: boolean;
        error: { code: string; message: string; details: { path: string[]; message: string }[] };
        meta: { requestId: string; timestamp: string };
      };
      expect(envelope.success).toBe(false);
      expect(envelope.error.code).toBe('VALIDATION_ERROR');
      expect(envelope.error.message).toContain('not valid HTTP');
      expect(envelope.error.details.map((issue) => issue.path)).toEqual([path]);
      expect(answer.headers.get('x-request-id')).toBe(envelope.meta.requestId);
      expect(envelope.meta.requestId).toMatch(/^req_/);
      expect(Number.isNaN(Date.parse(envelope.meta.timestamp))).toBe(false);
      // As the document's 400 of every operation says: after the key, the rate limit's headers.
      expect(answer.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
      expect(answer.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      expect(answer.headers.get('ratelimit-reset')).toMatch(/^\d+$/);
      expect(answer.headers.get('connection')).toBe('close');
      expect(openApiErrors('GET', '/api/v1/users', answer.status, envelope)).toEqual([]);
    });
  }

  it('comes after the key check, as every 400: without a key it is 401', async () => {
    const answer = await sendRaw('GET /api/v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a\x01b\r\n\r\n');
    expect(answer.status).toBe(401);
    expect((JSON.parse(answer.body) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
  });

  it('on the document, which needs no key: 400 with details, never the document', async () => {
    const answer = await sendRaw('GET /api/v1/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a\x01b\r\n\r\n');
    expect(answer.status).toBe(400);
    const envelope = JSON.parse(answer.body) as { error: { details: { path: string[] }[] } };
    expect(envelope.error.details[0]?.path).toEqual(['header', 'X-Note']);
  });

  it('on the control surface: 400 with details, as its document says', async () => {
    const answer = await sendRaw('POST /__mock/reset HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a\x01b\r\n\r\n');
    expect(answer.status).toBe(400);
    const envelope = JSON.parse(answer.body) as { error: { code: string; details: { path: string[] }[] } };
    expect(envelope.error.code).toBe('VALIDATION_ERROR');
    expect(envelope.error.details[0]?.path).toEqual(['header', 'X-Note']);
    expect(answer.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('changes nothing and leaves the server serving the next request', async () => {
    const before = (await (await fetch(`${running.url}/__mock/journal`)).json()) as { data: { entries: unknown[] } };
    await sendRaw(
      `POST /api/v1/contacts HTTP/1.1\r\nHost: 127.0.0.1\r\n${KEY}X-Tenant-Id: ${DEMO_TENANTS.sandbox}\r\nContent-Type: application/json\r\nContent-Length: 19\r\nX-Note: \x01\r\n\r\n{"firstName":"Eve"}`,
    );
    await sendRaw('GET /\x01 HTTP/1.1\r\n\r\n');
    expect((await fetch(`${running.url}/api/v1/openapi.json`)).status).toBe(200);
    const search = await fetch(`${running.url}/api/v1/contacts?search=Eve`, {
      headers: { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox },
    });
    expect(((await search.json()) as { data: { contacts: unknown[] } }).data.contacts).toEqual([]);
    const after = (await (await fetch(`${running.url}/__mock/journal`)).json()) as { data: { entries: unknown[] } };
    expect(after.data.entries.length).toBeGreaterThan(before.data.entries.length);
  });
});
