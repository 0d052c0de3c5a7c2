import { afterEach, describe, expect, it, vi } from 'vitest';
import { APIConnectionError, ValidationError, type Fetch } from '../src/index.js';
import { rejectionOf, setup } from './helpers.js';

// A mistake in the caller's fetch or
// options must not turn into a retried APIConnectionError, and per-call timeout and maxRetries
// follow the constructor's rules. The mock cannot misbehave like a broken fetch, so the fetches
// here wrap the mock's and fail on purpose.

afterEach(() => {
  vi.restoreAllMocks();
});

/** A client whose fetch runs `fail` before (or instead of) the mock, counting its calls. */
function failing(fail: (request: Request) => Promise<Response> | undefined) {
  let calls = 0;
  const holder: { fetch?: Fetch } = {};
  const env = setup({
    maxRetries: 3,
    fetch: (request, init) => {
      calls++;
      return fail(request) ?? holder.fetch!(request, init);
    },
  });
  holder.fetch = (request, init) => env.mock.fetch(request, init);
  return { ...env, calls: () => calls };
}

describe('a failure that is not the network is thrown unchanged and never retried', () => {
  it('a fetch that throws a ReferenceError synchronously', async () => {
    const bug = new ReferenceError('oops is not defined');
    const { client, calls } = failing(() => {
      throw bug;
    });
    expect(await rejectionOf(client.users.list())).toBe(bug);
    expect(calls()).toBe(1);
  });

  it('an async fetch that rejects with a plain Error', async () => {
    const bug = new Error('my fetch wrapper broke');
    const { client, calls } = failing(() => Promise.reject(bug));
    expect(await rejectionOf(client.users.list())).toBe(bug);
    expect(calls()).toBe(1);
  });

  it('a fetch that throws a TypeError synchronously (a bug, not a network failure)', async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'url')");
    const { client, calls } = failing(() => {
      throw bug;
    });
    expect(await rejectionOf(client.users.list())).toBe(bug);
    expect(calls()).toBe(1);
  });

  it('a fetch that returns no promise', async () => {
    const { client, calls } = failing(() => new Response('{}') as unknown as Promise<Response>);
    const error = await rejectionOf(client.users.list());
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/must return a promise/);
    expect(calls()).toBe(1);
  });

  it('a header value that Headers refuses', async () => {
    const { client, sent } = setup({ maxRetries: 3 });
    const error = await rejectionOf(client.users.list({}, { headers: { 'x-trace': 'a\nb' } }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(APIConnectionError);
    expect(sent).toHaveLength(0);
  });
});

describe('a network failure is still a retried APIConnectionError', () => {
  it('a fetch rejecting with a TypeError of any message is retried, then succeeds', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // no backoff wait
    let failures = 2;
    const { client, calls } = failing(() =>
      failures-- > 0 ? Promise.reject(new TypeError('network blip')) : undefined,
    );
    const users = await client.users.list();
    expect(users.items.length).toBeGreaterThan(0);
    expect(calls()).toBe(3);
  });

  it('and is reported with its cause once retries are spent', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const blip = new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
    const { client, calls } = failing(() => Promise.reject(blip));
    const error = await rejectionOf(client.users.list());
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).cause).toBe(blip);
    expect(calls()).toBe(4);
  });
});

describe('per-call timeout and maxRetries are validated like the constructor options', () => {
  it.each([0, -5, 1.5, NaN, Infinity, 2_147_483_648, 3e9, '100'])('rejects timeout %s', async (timeout) => {
    const { client, sent } = setup();
    const error = await rejectionOf(client.users.list({}, { timeout: timeout as number }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { path: ['options', 'timeout'], message: expect.stringMatching(/1\.\.2147483647/) as unknown },
    ]);
    expect(sent).toHaveLength(0);
  });

  it.each([-1, 1.5, NaN, Infinity, '2'])('rejects maxRetries %s', async (maxRetries) => {
    const { client, sent } = setup();
    const error = await rejectionOf(client.users.list({}, { maxRetries: maxRetries as number }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { path: ['options', 'maxRetries'], message: expect.stringMatching(/integer >= 0/) as unknown },
    ]);
    expect(sent).toHaveLength(0);
  });

  it('accepts the bounds', async () => {
    const { client, sent } = setup();
    await client.users.list({}, { timeout: 1_000, maxRetries: 0 });
    await client.users.list({}, { timeout: 2_147_483_647, maxRetries: 10 });
    expect(sent).toHaveLength(2);
  });
});
