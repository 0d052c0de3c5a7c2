import { describe, expect, it } from 'vitest';
import { APITimeoutError, CommFlow, type Fetch } from '../src/index.js';
import { BASE_URL, DEMO_KEYS, DEMO_TENANTS, rejectionOf } from './helpers.js';

// The attempt's timeout bounds the body as well as the headers: a body already in memory is read
// without a timer, one still arriving gets one for the time left (src/core/transport.ts).

const USERS = '{"success":true,"data":{"users":[]}}';
const HEADERS = { 'content-type': 'application/json' };

/** A client whose fetch answers at once with `body` as the response body. */
function answering(body: () => ReadableStream<Uint8Array>, timeout: number) {
  const fetch: Fetch = () => Promise.resolve(new Response(body(), { headers: HEADERS }));
  return new CommFlow({
    apiKey: DEMO_KEYS.sandbox,
    tenantId: DEMO_TENANTS.sandbox,
    baseUrl: BASE_URL,
    fetch,
    timeout,
    maxRetries: 0,
    rateLimit: 'off',
  });
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe("a response body is read within the attempt's timeout", () => {
  it('a body that starts and never ends fails the call with an APITimeoutError', async () => {
    const client = answering(
      () =>
        new ReadableStream({
          start(controller) {
            controller.enqueue(bytes('{"success":true,'));
          },
        }),
      300,
    );
    const error = await rejectionOf(client.users.list());
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toMatchObject({ message: 'Timed out reading the response body.' });
  });

  it('a body that arrives in parts, later than the headers but within the timeout, is read whole', async () => {
    const client = answering(() => {
      let sent = 0;
      return new ReadableStream({
        async pull(controller) {
          // Each part a macrotask later: the read outlasts the turns a body in memory takes.
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (sent < USERS.length) controller.enqueue(bytes(USERS.slice(sent, (sent += 8))));
          else controller.close();
        },
      });
    }, 30_000);
    const page = await client.users.list();
    expect(page.items).toEqual([]);
  });
});
