import { describe, expect, it } from 'vitest';
import { APIError, ValidationError } from '../src/index.js';
import { createMock } from '@commflow/mock-server';
import { CommFlow } from '../src/index.js';
import { BASE_URL, DEMO_KEYS, DEMO_TENANTS, rejectionOf } from './helpers.js';

describe("a refusal before sending carries the service's code", () => {
  it('a client-side ValidationError has code VALIDATION_ERROR, as the service\u2019s own 400 has', async () => {
    const mock = createMock('demo');
    const client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      userEmail: 'ann.lee@acme.test',
      baseUrl: BASE_URL,
      fetch: mock.fetch,
    });
    const local = await rejectionOf(client.contacts.create({ firstName: 'Ann', phoneMobile: '555' }));
    expect(local).toBeInstanceOf(ValidationError);
    expect((local as ValidationError).code).toBe('VALIDATION_ERROR');
    expect(mock.journal()).toHaveLength(0);
    // The same mistake past the SDK: the service's 400 has the same code.
    const response = await mock.fetch('/api/v1/contacts', {
      method: 'POST',
      headers: {
        'X-API-Key': DEMO_KEYS.sandbox,
        'X-Tenant-Id': DEMO_TENANTS.sandbox,
        'X-User-Email': 'ann.lee@acme.test',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ firstName: 'Ann', phoneMobile: '555' }),
    });
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe((local as ValidationError).code);
    expect(local).not.toBeInstanceOf(APIError);
  });
});
