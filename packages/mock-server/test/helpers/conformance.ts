/**
 * A setup file: a test file fails when an answer it got departs from its document. Every answer
 * of the service that a test reads through `call` (helpers/env.ts) is checked against
 * openapi.json, and every answer of the control surface in the suite, in process or over HTTP,
 * against control-openapi.json. The control surface is wrapped, not changed: the answer goes back
 * to the test as it was.
 */
import { afterAll, expect, vi } from 'vitest';
import { controlOpenApiErrors } from './control-openapi.js';
import { findings, takeFindings } from './findings.js';

const { failures, pending } = findings();

async function check(method: string, pathname: string, response: Response): Promise<void> {
  const type = response.headers.get('content-type') ?? '';
  // A stream never ends by itself, and the page is HTML: their status and type are still checked.
  const text = type.startsWith('application/json') ? await response.text() : '';
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    failures.push(`${method} ${pathname} ${response.status}: not JSON`);
    return;
  }
  for (const error of controlOpenApiErrors(method, pathname, response.status, response.headers, body)) {
    failures.push(`${method} ${pathname} ${response.status}: ${error}`);
  }
}

vi.mock(import('../../src/serve/control/http.js'), async (importOriginal) => {
  const original = await importOriginal();
  return {
    ...original,
    controlSurface: async (...args: Parameters<typeof original.controlSurface>) => {
      const response = await original.controlSurface(...args);
      const [, request, url] = args;
      const type = response.headers.get('content-type') ?? '';
      if (type.startsWith('text/event-stream')) {
        pending.push(check(request.method, url.pathname, new Response(null, response)));
      } else {
        pending.push(check(request.method, url.pathname, response.clone()));
      }
      return response;
    },
  };
});

afterAll(async () => {
  expect((await takeFindings()).join('\n'), 'answers that depart from openapi.json or control-openapi.json').toBe('');
});
