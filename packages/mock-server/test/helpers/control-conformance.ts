/**
 * A setup file: every answer of the control surface in the suite, in process or over HTTP, is
 * checked against control-openapi.json, and a test file fails when one departs from it. The
 * surface is wrapped, not changed: the answer goes back to the test as it was.
 */
import { afterAll, expect, vi } from 'vitest';
import { controlOpenApiErrors } from './control-openapi.js';

const failures: string[] = [];
const pending: Promise<void>[] = [];

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
  await Promise.all(pending);
  expect(failures.join('\n'), 'control answers that depart from control-openapi.json').toBe('');
});
