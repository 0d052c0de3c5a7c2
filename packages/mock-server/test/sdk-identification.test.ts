import { CommFlow } from '@commflow/sdk';
import { describe, expect, it } from 'vitest';
import { createMock, DEMO_KEYS, DEMO_TENANTS } from '../src/index.js';

describe('the journal shows who called', () => {
  it('a request from the SDK carries X-CommFlow-Client (SDK name, version, runtime), and the journal keeps it', async () => {
    const mock = createMock('demo');
    const client = new CommFlow({
      apiKey: DEMO_KEYS.sandbox,
      tenantId: DEMO_TENANTS.sandbox,
      baseUrl: 'http://commflow.mock',
      fetch: mock.fetch,
    });
    await client.users.list();
    const [entry] = mock.journal();
    expect(entry?.request.headers['x-commflow-client']).toMatch(/^@commflow\/sdk\/\S+ node\/\d+\.\d+\.\d+$/);
  });
});
