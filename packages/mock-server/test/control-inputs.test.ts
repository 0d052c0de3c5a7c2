/**
 * A control's input is checked the same way in process and over HTTP: a bad one is the same
 * VALIDATION_ERROR naming the same fields, never ignored, never a TypeError or a raw ZodError.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, createMock, DEMO_TENANTS, type CommFlowMock } from '../src/index.js';

interface Case {
  name: string;
  route: [method: string, path: string];
  body: unknown;
  call: (mock: CommFlowMock) => unknown;
}

// Each input is passed as it is, as plain JavaScript would: the casts stand in for no types.
const CASES: Case[] = [
  { name: 'a key without tenantIds', route: ['POST', '/api-keys'], body: {}, call: (m) => m.createApiKey({} as never) },
  {
    name: 'a key with a permission that does not exist',
    route: ['POST', '/api-keys'],
    body: { tenantIds: [DEMO_TENANTS.sandbox], permissions: ['contact'] },
    call: (m) => m.createApiKey({ tenantIds: [DEMO_TENANTS.sandbox], permissions: ['contact'] as never }),
  },
  {
    name: 'a tenant template with a misspelt key',
    route: ['POST', '/tenants'],
    body: { fromTenant: DEMO_TENANTS.sandbox },
    call: (m) => m.tenants.create({ fromTenant: DEMO_TENANTS.sandbox } as never),
  },
  {
    name: 'a tenant template that is a bare id',
    route: ['POST', '/tenants'],
    body: DEMO_TENANTS.sandbox,
    call: (m) => m.tenants.create(DEMO_TENANTS.sandbox as never),
  },
  {
    name: 'a fault with a status that is not an error',
    route: ['POST', '/faults'],
    body: { path: '/api/v1/contacts', status: 200 },
    call: (m) => {
      m.injectFault({ path: '/api/v1/contacts', status: 200 });
    },
  },
  {
    name: 'a carrier mode that does not exist',
    route: ['PUT', '/carrier'],
    body: { mode: 'down' },
    call: (m) => m.setCarrier({ mode: 'down' as never }),
  },
  {
    name: 'an inbound SMS to a number that is not E.164',
    route: ['POST', '/sms/inbound'],
    body: { tenantId: DEMO_TENANTS.sandbox, to: '4155550100', from: '+14155550199', body: 'Hi' },
    call: (m) => m.receiveSms({ tenantId: DEMO_TENANTS.sandbox, to: '4155550100', from: '+14155550199', body: 'Hi' }),
  },
  {
    name: 'a webhook subscription with a misspelt key',
    route: ['POST', '/webhooks'],
    body: { tenantId: DEMO_TENANTS.sandbox, url: 'http://127.0.0.1:9/hooks', event: ['*'] },
    call: (m) =>
      m.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: 'http://127.0.0.1:9/hooks', event: ['*'] } as never),
  },
];

interface Detail {
  path: string[];
  message: string;
}
/** The details' paths and messages, below the first segment (`body` over HTTP, the parameter in process). */
const below = (details: Detail[]) => details.map((detail) => [detail.path.slice(1).join('.'), detail.message]);

describe('control inputs, in process and over HTTP', () => {
  it('rotateWebhookSecret refuses HTTP\u2019s windowSeconds in process, naming it, and rotates nothing', () => {
    const mock = createMock('demo');
    const { id, secret } = mock.webhooks.subscribe({ tenantId: DEMO_TENANTS.sandbox, url: 'http://127.0.0.1:9/hooks' });
    expect(() => mock.webhooks.rotateSecret(id, { windowSeconds: 10 } as never)).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_ERROR',
        message: 'Invalid options.windowSeconds: Unrecognized key; the known keys are "secret" and "windowMs"',
      }),
    );
    expect(mock.webhooks.list()[0]?.maskedSecret).toBe(`${secret.slice(0, 10)}…`);
  });

  it.each(CASES)('$name: the same VALIDATION_ERROR either way, and nothing changes', async (testCase) => {
    const mock = createMock('demo');
    const before = JSON.stringify(mock.snapshot().state);
    let thrown: unknown;
    try {
      testCase.call(mock);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    const error = thrown as ApiError;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toMatch(/^Invalid \S/);
    const [method, path] = testCase.route;
    const response = await mock.fetch(`/__mock${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(testCase.body),
    });
    const answer = (await response.json()) as { error: { code: string; details: Detail[] } };
    expect(response.status).toBe(400);
    expect(answer.error.code).toBe('VALIDATION_ERROR');
    expect(below(error.details as Detail[])).toEqual(below(answer.error.details));
    expect(JSON.stringify(mock.snapshot().state)).toBe(before);
    await mock.close();
  });
});
