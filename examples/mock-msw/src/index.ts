// The msw path: one catch-all handler per mock; requests made with the global fetch (or any
// HTTP client msw intercepts) reach the mock. In a test file, use the same calls in
// beforeAll / afterEach / afterAll.
import assert from 'node:assert/strict';
import { DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';
import { setupMockServer } from '@commflow/mock-server/msw';
import { http, HttpResponse } from 'msw';

const BASE = 'https://api.commflow.test';
const env = setupMockServer({ baseUrl: BASE, scenario: 'demo' });
env.listen(); // beforeAll
const headers = {
  'X-API-Key': DEMO_KEYS.sandbox,
  'X-Tenant-Id': DEMO_TENANTS.sandbox,
  'X-User-Email': 'ann.lee@acme.test',
};

try {
  const users = (await (await fetch(`${BASE}/api/v1/users`, { headers })).json()) as { data: { users: unknown[] } };
  assert.equal(users.data.users.length, 5);

  // A per-test override, scoped with server.boundary so concurrent tests stay isolated.
  const overridden = env.server.boundary(async () => {
    env.server.use(http.get(`${BASE}/api/v1/presence`, () => HttpResponse.json({ success: false }, { status: 503 })));
    return (await fetch(`${BASE}/api/v1/presence`, { headers })).status;
  });
  assert.equal(await overridden(), 503);
  assert.equal((await fetch(`${BASE}/api/v1/presence`, { headers })).status, 200);

  await fetch(`${BASE}/api/v1/contacts`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Temp' }),
  });
  assert.equal(env.mock.events().length, 1);
  env.reset(); // afterEach: handlers and mock state back to the start
  assert.equal(env.mock.events().length, 0);
  console.log('mock-msw: ok');
} finally {
  env.close(); // afterAll
}
