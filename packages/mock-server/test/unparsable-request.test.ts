/**
 * Requests Node's HTTP parser refuses before the mock sees them: they still get the error
 * envelope and an X-Request-Id, as every answer of the service does.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type RunningMockServer } from '../src/surfaces/adapters/node.js';

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

describe('a request line or header with a control character', () => {
  const cases = {
    'a control character in the request line': 'GET /api/v1/users\x01 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
    'a control character in a header value': 'GET /api/v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a\x01b\r\n\r\n',
    'a control character in a header name': 'GET /api/v1/users HTTP/1.1\r\nHost: 127.0.0.1\r\nX-No\x7fte: a\r\n\r\n',
  };
  for (const [name, raw] of Object.entries(cases)) {
    it(`${name}: 400 VALIDATION_ERROR in the error envelope, with an X-Request-Id that meta repeats`, async () => {
      const answer = await sendRaw(raw);
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const envelope = JSON.parse(answer.body) as {
        success: boolean;
        error: { code: string; message: string };
        meta: { requestId: string; timestamp: string };
      };
      expect(envelope.success).toBe(false);
      expect(envelope.error.code).toBe('VALIDATION_ERROR');
      expect(envelope.error.message).toContain('not valid HTTP');
      expect(answer.headers.get('x-request-id')).toBe(envelope.meta.requestId);
      expect(envelope.meta.requestId).toMatch(/^req_/);
      expect(Number.isNaN(Date.parse(envelope.meta.timestamp))).toBe(false);
    });
  }

  it('leaves the server serving the next request', async () => {
    await sendRaw('GET /\x01 HTTP/1.1\r\n\r\n');
    expect((await fetch(`${running.url}/api/v1/openapi.json`)).status).toBe(200);
  });
});
