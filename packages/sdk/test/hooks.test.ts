import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CommFlowError,
  HookError,
  NotFoundError,
  type AfterResponseContext,
  type ErrorContext,
  type HookContext,
  type Hooks,
  type RetryContext,
  type WaitContext,
} from '../src/index.js';
import { ANN, rejectionOf, setup } from './helpers.js';

const MISSING_AGENT = '3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e31';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Hooks that record every context they get, in order, as `[hook, context]`. */
function recording() {
  const seen: [string, HookContext][] = [];
  const hooks: Hooks = {
    beforeRequest: (ctx) => void seen.push(['beforeRequest', ctx]),
    afterResponse: (ctx) => void seen.push(['afterResponse', ctx]),
    onRetry: (ctx) => void seen.push(['onRetry', ctx]),
    onError: (ctx) => void seen.push(['onError', ctx]),
    onWait: (ctx) => void seen.push(['onWait', ctx]),
  };
  return { seen, hooks, names: () => seen.map(([name]) => name) };
}

describe('hooks', () => {
  it('beforeRequest adds a header the service receives; afterResponse gets a readable copy of the response', async () => {
    const bodies: unknown[] = [];
    const { client, sent } = setup({
      hooks: {
        beforeRequest: ({ headers, operationId, attempt }) => {
          headers.set('x-job', `${operationId}#${String(attempt)}`);
        },
        afterResponse: async ({ response }) => {
          bodies.push(await response.json());
        },
      },
    });
    const { data, response } = await client.ai.agents.list().withResponse();
    expect(sent[0]?.headers.get('x-job')).toBe('ai.agents.list#1');
    expect(bodies).toEqual([expect.objectContaining({ success: true, data: { agents: data } })]);
    // The hook read its copy; the call's own response is untouched.
    expect(response.status).toBe(200);
    expect(response.bodyUsed).toBe(true);
  });

  it('a retried call: attempt numbers, onRetry with the typed error and delay, onWait with reason and wait', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0); // backoff of 0 ms: no waiting in the test
    const { seen, hooks, names } = recording();
    const { ann, mock, sent } = setup({ hooks });
    mock.injectFault({ method: 'POST', path: '/api/v1/contacts', status: 503, times: 1 });
    const contact = await ann.contacts.create({ firstName: 'Ann' });
    expect(contact.firstName).toBe('Ann');
    expect(names()).toEqual(['beforeRequest', 'afterResponse', 'onRetry', 'onWait', 'beforeRequest', 'afterResponse']);
    expect(seen.map(([, ctx]) => ctx.attempt)).toEqual([1, 1, 1, 1, 2, 2]);
    const [, retry] = seen[2] as [string, RetryContext];
    expect(retry.error.constructor.name).toBe('InternalServerError');
    expect(retry.delayMs).toBe(0);
    const [, wait] = seen[3] as [string, WaitContext];
    expect({ reason: wait.reason, segmentMs: wait.segmentMs }).toEqual({ reason: 'backoff', segmentMs: 0 });
    const statuses = seen.filter(([name]) => name === 'afterResponse').map(([, ctx]) => ctx as AfterResponseContext);
    expect(statuses.map((ctx) => ctx.response.status)).toEqual([503, 201]);
    // One call: the same `call` object throughout, the same idempotency key on both attempts.
    expect(new Set(seen.map(([, ctx]) => ctx.call)).size).toBe(1);
    expect(seen.every(([, ctx]) => ctx.operationId === 'contacts.create' && ctx.method === 'POST')).toBe(true);
    expect(sent[1]?.headers.get('idempotency-key')).toBe(sent[0]?.headers.get('idempotency-key'));
  });

  it('onError gets the typed error the call rejects with', async () => {
    const { seen, hooks, names } = recording();
    const { client } = setup({ hooks });
    const error = await rejectionOf(client.ai.agents.get(MISSING_AGENT));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(names()).toEqual(['beforeRequest', 'afterResponse', 'onError']);
    expect((seen[2]?.[1] as ErrorContext).error).toBe(error);
  });

  it('onError hears the attempt that failed last, with the headers it sent', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const failed: ErrorContext[] = [];
    const { client, mock, sent } = setup({ maxRetries: 2, hooks: { onError: (ctx) => void failed.push(ctx) } });
    mock.injectFault({ method: 'GET', path: '/api/v1/users', status: 503, times: 3 });
    await rejectionOf(client.users.list());
    expect(sent).toHaveLength(3);
    expect(failed.map((ctx) => ctx.attempt)).toEqual([3]);
    expect(failed[0]?.headers.get('x-tenant-id')).toBe(sent[2]?.headers.get('x-tenant-id'));
  });

  it('a hook that throws fails the call with a HookError naming it, not retried; onError still hears of it', async () => {
    const { hooks, names } = recording();
    const { client, sent } = setup({
      hooks: [
        hooks,
        {
          beforeRequest: () => {
            throw new Error('no token');
          },
        },
      ],
    });
    const error = await rejectionOf(client.users.list());
    expect(error).toBeInstanceOf(HookError);
    expect(error).toBeInstanceOf(CommFlowError);
    expect(error).toMatchObject({
      hook: 'beforeRequest',
      operation: 'users.list',
      message: 'The beforeRequest hook of users.list threw: no token',
    });
    expect((error as HookError).cause).toEqual(new Error('no token'));
    expect(sent).toHaveLength(0);
    expect(names()).toEqual(['beforeRequest', 'onError']);
  });

  it('an async hook that rejects in afterResponse fails the call too', async () => {
    const { client } = setup({
      hooks: { afterResponse: () => Promise.reject(new TypeError('metrics down')) },
    });
    await expect(client.users.list()).rejects.toMatchObject({ name: 'HookError', hook: 'afterResponse' });
  });

  it('every set’s onError runs even when one throws; the call then fails with that HookError', async () => {
    const heard: unknown[] = [];
    const { client } = setup({
      hooks: [
        {
          onError: () => {
            throw new Error('alerting down');
          },
        },
        { onError: ({ error }) => void heard.push(error) },
      ],
    });
    const error = await rejectionOf(client.ai.agents.get(MISSING_AGENT));
    expect(heard).toEqual([expect.any(NotFoundError)]);
    expect(error).toMatchObject({ name: 'HookError', hook: 'onError', operation: 'ai.agents.get' });
  });

  it('async hooks are awaited before the request goes out', async () => {
    const { client, sent } = setup({
      hooks: {
        beforeRequest: async ({ headers }) => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          headers.set('authorization-proof', 'signed');
        },
      },
    });
    await client.users.list();
    expect(sent[0]?.headers.get('authorization-proof')).toBe('signed');
  });

  it('sets compose: the client’s (in array order), a derived client’s, then the call’s; withUser keeps them', async () => {
    const order: string[] = [];
    const mark = (name: string): Hooks => ({ beforeRequest: () => void order.push(name) });
    const { client } = setup({ hooks: [mark('a'), mark('b')] });
    const derived = client.withOptions({ hooks: mark('c') }).withUser(ANN);
    await derived.contacts.list({}, { hooks: [mark('d')] });
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    order.length = 0;
    await client.withUser(ANN).contacts.list();
    expect(order).toEqual(['a', 'b']);
  });
});
