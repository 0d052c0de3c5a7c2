/**
 * Plain JavaScript gets no compile-time check of option names: a misspelled option must be an
 * error at the call that received it, naming the key and the option it probably meant.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CommFlow,
  CommFlowError,
  ValidationError,
  type ClientOptions,
  type OperationInput,
  type RequestOptions,
  type ToArrayOptions,
} from '../src/index.js';
import { signWebhook, verifyWebhook, type SignWebhookOptions, type VerifyWebhookOptions } from '../src/webhooks.js';
import { ANN, BASE_URL, DEMO_KEYS, DEMO_TENANTS, rejectionOf, setup } from './helpers.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

const valid = { apiKey: DEMO_KEYS.sandbox, tenantId: DEMO_TENANTS.sandbox, baseUrl: BASE_URL };

/** Options as a JavaScript caller may pass them: TypeScript would refuse these at compile time. */
const asOptions = (value: unknown) => value as ClientOptions;
const asCallOptions = (value: unknown) => value as RequestOptions;
const asToArrayOptions = (value: unknown) => value as ToArrayOptions;
const asInput = (value: unknown) => value as OperationInput<'users.list'>;
const asVerifyOptions = (value: unknown) => value as VerifyWebhookOptions;
const asSignOptions = (value: unknown) => value as SignWebhookOptions;

/** The error `make` throws, which must be a CommFlowError. */
function thrown(make: () => unknown): CommFlowError {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(CommFlowError);
    return error as CommFlowError;
  }
  throw new Error('expected a throw');
}

describe('new CommFlow() refuses unknown options', () => {
  it('names the unknown option and the one it probably meant', () => {
    const error = thrown(() => new CommFlow(asOptions({ ...valid, retries: 5 })));
    expect(error.message).toBe(
      'CommFlow client: new CommFlow(): unknown option "retries" (did you mean "maxRetries"?).',
    );
  });

  it('a misspelled required option is named, instead of "no API key" or "no base URL"', () => {
    expect(thrown(() => new CommFlow(asOptions({ ...valid, apiKey: undefined, api_key: 'x' }))).message).toBe(
      'CommFlow client: new CommFlow(): unknown option "api_key" (did you mean "apiKey"?).',
    );
    expect(thrown(() => new CommFlow(asOptions({ ...valid, baseUrl: undefined, baseURL: BASE_URL }))).message).toBe(
      'CommFlow client: new CommFlow(): unknown option "baseURL" (did you mean "baseUrl"?).',
    );
    // Even where the environment holds the key, so that the typo is not hidden by the fallback.
    vi.stubEnv('COMMFLOW_API_KEY', DEMO_KEYS.sandbox);
    expect(() => new CommFlow(asOptions({ ...valid, apiKey: undefined, APIKEY: 'x' }))).toThrow(
      'unknown option "APIKEY" (did you mean "apiKey"?)',
    );
  });

  it('a shortened name is matched to the option that begins or ends with it', () => {
    expect(thrown(() => new CommFlow(asOptions({ ...valid, email: ANN, level: 'debug' }))).message).toBe(
      'CommFlow client: new CommFlow(): unknown options "email" (did you mean "userEmail"?), "level" (did you mean "logLevel"?).',
    );
  });

  it('names every unknown option; without a close one, lists the options there are', () => {
    const error = thrown(() => new CommFlow(asOptions({ ...valid, tenant: 't', colour: 'red' })));
    expect(error.message).toMatch(
      /^CommFlow client: new CommFlow\(\): unknown options "tenant" \(did you mean "tenantId"\?\), "colour"\. The options are apiKey, tenantId, baseUrl, .*, maxConcurrency, validateResponses\.$/,
    );
  });

  it('refuses options that are not an object', () => {
    expect(thrown(() => new CommFlow(asOptions(DEMO_KEYS.sandbox))).message).toBe(
      'CommFlow client: new CommFlow(): the options must be an object, got a string.',
    );
  });

  it('accepts every documented option', () => {
    const client = new CommFlow({
      ...valid,
      userEmail: ANN,
      maxRetries: 1,
      timeout: 5_000,
      maxRetryAfter: 1_000,
      fetch: (request) => fetch(request),
      headers: { 'x-app': 'test' },
      logger: console,
      logLevel: 'off',
      hooks: [{ onWait: () => undefined }, { beforeRequest: undefined }],
      rateLimit: 'auto',
      maxConcurrency: 2,
      validateResponses: false,
    } satisfies Required<ClientOptions>);
    expect(client.userEmail).toBe(ANN);
  });
});

describe('the hooks option is checked where it is given', () => {
  it('a misspelled hook, which would never run, is an error naming the hook meant', () => {
    const hooks = { onwait: () => undefined };
    expect(thrown(() => new CommFlow(asOptions({ ...valid, hooks }))).message).toBe(
      'CommFlow client: new CommFlow(): unknown hook "onwait" (did you mean "onWait"?).',
    );
  });

  it('hooks that are a function, or hold something that is not one, are errors', () => {
    expect(thrown(() => new CommFlow(asOptions({ ...valid, hooks: () => undefined }))).message).toBe(
      'CommFlow client: new CommFlow(): hooks must be an object of hook functions (beforeRequest, afterResponse, onRetry, onError, onWait) or an array of such objects, got a function.',
    );
    expect(() => new CommFlow(asOptions({ ...valid, hooks: [{ onError: () => undefined }, null] }))).toThrow(
      'hooks must be an object of hook functions',
    );
    expect(thrown(() => new CommFlow(asOptions({ ...valid, hooks: { onRetry: 'log' } }))).message).toBe(
      'CommFlow client: new CommFlow(): hook "onRetry" must be a function, got a string.',
    );
    expect(() => new CommFlow(asOptions({ ...valid, hooks: { trace: () => undefined } }))).toThrow(
      'unknown hook "trace"; the hooks are beforeRequest, afterResponse, onRetry, onError, onWait',
    );
    expect(() => new CommFlow(asOptions({ ...valid, hooks: { before: () => undefined } }))).toThrow(
      'unknown hook "before" (did you mean "beforeRequest"?)',
    );
  });
});

describe('withOptions() refuses unknown options', () => {
  it('names the option it probably meant, and the hook', () => {
    const { client } = setup();
    expect(thrown(() => client.withOptions(asOptions({ tenant: DEMO_TENANTS.live }))).message).toBe(
      'CommFlow client: withOptions(): unknown option "tenant" (did you mean "tenantId"?).',
    );
    expect(thrown(() => client.withOptions(asOptions({ hooks: { onretry: () => undefined } }))).message).toBe(
      'CommFlow client: withOptions(): unknown hook "onretry" (did you mean "onRetry"?).',
    );
  });
});

describe('a call refuses unknown options', () => {
  it('rejects with a ValidationError naming the option meant, and sends nothing', async () => {
    const { client, mock } = setup();
    const error = await rejectionOf(client.users.list({}, asCallOptions({ retries: 5 })));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('options.retries');
    expect((error as ValidationError).message).toBe(
      'Invalid arguments for users.list: options.retries: unknown option (did you mean "maxRetries"?)',
    );
    expect(mock.journal()).toHaveLength(0);
  });

  it('in the generic request(), in a create, and in its hooks', async () => {
    const { client, ann, mock } = setup();
    await expect(client.request('presence.list', {}, asCallOptions({ timeoutMs: 100 }))).rejects.toThrow(
      'Invalid arguments for presence.list: options.timeoutMs: unknown option (did you mean "timeout"?)',
    );
    await expect(
      ann.contacts.create({ firstName: 'Ann' }, asCallOptions({ idempotency_key: 'import-1' })),
    ).rejects.toThrow('options.idempotency_key: unknown option (did you mean "idempotencyKey"?)');
    await expect(client.users.list({}, asCallOptions({ hooks: { onwait: () => undefined } }))).rejects.toThrow(
      'Invalid arguments for users.list: options.hooks: unknown hook "onwait" (did you mean "onWait"?)',
    );
    await expect(client.users.list({}, asCallOptions({ colour: 'red' }))).rejects.toThrow(
      "options.colour: unknown option; a call's options are userEmail, tenantId, idempotencyKey, signal, timeout, maxRetries, headers, hooks",
    );
    expect(mock.journal()).toHaveLength(0);
  });

  it('a call with every documented option is sent', async () => {
    const { ann, mock } = setup();
    const contact = await ann.contacts.create({ firstName: 'Ann' }, {
      userEmail: ANN,
      tenantId: DEMO_TENANTS.sandbox,
      idempotencyKey: 'import-42',
      signal: new AbortController().signal,
      timeout: 10_000,
      maxRetries: 0,
      headers: { 'x-app': 'test' },
      hooks: { afterResponse: () => undefined },
    } satisfies Required<RequestOptions>);
    expect(contact.firstName).toBe('Ann');
    expect(mock.journal()).toHaveLength(1);
  });
});

describe('toArray() refuses unknown options', () => {
  it('a misspelled max, which would otherwise collect every item, is a TypeError naming the option meant', async () => {
    const { client, mock } = setup();
    const error = await rejectionOf(client.users.list({ limit: 1 }).toArray(asToArrayOptions({ maxItems: 1 })));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('toArray: unknown option "maxItems" (did you mean "max"?).');
    // Only the first page, which list() requested before toArray() was called.
    await vi.waitFor(() => {
      expect(mock.journal()).toHaveLength(1);
    });
  });

  it('on a page too, before any further page is requested', async () => {
    const { client, mock } = setup();
    const page = await client.users.list({ limit: 1 });
    expect(page.hasNextPage()).toBe(true);
    await expect(page.toArray(asToArrayOptions({ limit: 2 }))).rejects.toThrow(
      new TypeError('toArray: unknown option "limit". The options are max.'),
    );
    await expect(page.toArray(asToArrayOptions(2))).rejects.toThrow(
      new TypeError('toArray: the options must be an object, got a number.'),
    );
    expect(mock.journal()).toHaveLength(1);
    expect(await page.toArray({ max: 2 })).toHaveLength(2);
  });
});

describe("request() and paginate() refuse unknown keys in a call's input", () => {
  it('a misspelled query, which would otherwise be dropped, rejects with a ValidationError and sends nothing', async () => {
    const { client, mock } = setup();
    const error = await rejectionOf(client.request('users.list', asInput({ qurey: { search: 'ann' } })));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('qurey');
    expect((error as ValidationError).message).toBe(
      'Invalid arguments for users.list: qurey: unknown key (did you mean "query"?)',
    );
    await expect(client.paginate('users.list', asInput({ params: { limit: 1 } }))).rejects.toThrow(
      new ValidationError('users.list', [
        { path: ['params'], message: "unknown key; a call's input holds path, query, body" },
      ]),
    );
    await expect(client.paginate('users.list', asInput({ params: { limit: 1 } })).toArray()).rejects.toThrow(
      "params: unknown key; a call's input holds path, query, body",
    );
    expect(mock.journal()).toHaveLength(0);
    expect((await client.paginate('users.list', { query: { limit: 1 } })).items).toHaveLength(1);
  });
});

describe('the webhook functions refuse unknown options', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const payload = JSON.stringify({ id: 'evt_1', type: 'call.started', timestamp: '', tenantId: 't', data: {} });

  it('verifyWebhook: a misspelled tolerance is a TypeError (a bug to fix, not a webhook to answer 400)', async () => {
    const headers = await signWebhook({ payload, secret });
    const error = await rejectionOf(verifyWebhook(asVerifyOptions({ payload, headers, secret, tolerence: 600 })));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe(
      'verifyWebhook: unknown option "tolerence" (did you mean "toleranceSeconds"?).',
    );
    await expect(verifyWebhook(asVerifyOptions({ payload, headers, secret, clock: Date.now() }))).rejects.toThrow(
      new TypeError(
        'verifyWebhook: unknown option "clock". The options are payload, headers, secret, toleranceSeconds, now.',
      ),
    );
    await expect(verifyWebhook(asVerifyOptions(payload))).rejects.toThrow(
      new TypeError('verifyWebhook: the options must be an object, got a string.'),
    );
    // Through a client as well, and the same options without the typo verify.
    const { client } = setup();
    await expect(client.webhooks.verify(asVerifyOptions({ payload, headers, secrets: [secret] }))).rejects.toThrow(
      new TypeError('verifyWebhook: unknown option "secrets" (did you mean "secret"?).'),
    );
    expect((await client.webhooks.verify({ payload, headers, secret, toleranceSeconds: 600 })).id).toBe('evt_1');
  });

  it('signWebhook: a misspelled timestamp, which would otherwise sign with the current time, is a TypeError', async () => {
    await expect(signWebhook(asSignOptions({ payload, secret, timeStamp: 1614265330 }))).rejects.toThrow(
      new TypeError('signWebhook: unknown option "timeStamp" (did you mean "timestamp"?).'),
    );
    const { client } = setup();
    await expect(client.webhooks.sign(asSignOptions({ payload, secret, webhookId: 'msg_1' }))).rejects.toThrow(
      new TypeError('signWebhook: unknown option "webhookId". The options are payload, secret, id, timestamp.'),
    );
  });
});
