// The standalone path: start the commflow-mock CLI, read the base URL from its first stdout
// line, and drive it over HTTP, control surface included, as a suite in any language would.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@commflow/mock-server/package.json'));
// tsx as a loader in the one process, not its CLI: the CLI is a second process that relays
// signals with a 30 ms wait, and on a busy machine it could SIGKILL the mock mid-stop.
const tsx = pathToFileURL(require.resolve('tsx')).href;
const child = spawn(
  process.execPath,
  ['--import', tsx, '--conditions=source', join(packageDir, 'src', 'cli.ts'), '--port', '0'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const lines = createInterface({ input: child.stdout });
const [base] = (await once(lines, 'line')) as [string];
const sandboxTenant = '11111111-1111-4111-8111-111111111111';
const headers = {
  'X-API-Key': 'cf_demo_sandbox_000000000000000000000000',
  'X-Tenant-Id': sandboxTenant,
  'X-User-Email': 'ann.lee@acme.test',
};

try {
  assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/);
  const spec = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { info: { version: string } };
  assert.equal(spec.info.version, '1.1.0');

  // An inbound SMS through the control surface, then read it through the API.
  const inbound = await fetch(`${base}/__mock/sms/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenantId: sandboxTenant, to: '+14155550100', from: '+14155550101', body: 'Table for two?' }),
  });
  assert.equal(inbound.status, 201);
  const { data } = (await inbound.json()) as { data: { conversationId: string } };
  const messages = (await (
    await fetch(`${base}/api/v1/sms/conversations/${data.conversationId}/messages`, { headers })
  ).json()) as {
    data: { messages: { status: string }[] };
  };
  assert.equal(messages.data.messages[0]?.status, 'RECEIVED');

  // Make the next contact creation fail once, as a retry test would.
  await fetch(`${base}/__mock/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'POST', path: '/api/v1/contacts', status: 503, times: 1 }),
  });
  const post = () =>
    fetch(`${base}/api/v1/contacts`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'Idempotency-Key': 'create-ada' },
      body: JSON.stringify({ firstName: 'Ada' }),
    });
  assert.equal((await post()).status, 503);
  assert.equal((await post()).status, 201);
  console.log('mock-standalone: ok');
} finally {
  child.kill('SIGTERM');
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  // A stop must be clean: the mock answers SIGTERM by closing and exiting 0.
  assert.equal(code, 0, `the mock did not stop cleanly (exit code ${String(code)}, signal ${String(signal)})`);
}
