// The standalone CLI with webhooks: it shuts down cleanly with deliveries outstanding. Apart from
// mock.test.ts because it spawns a process, which the mutation run leaves out.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, DEMO_TENANTS } from '../../src/index.js';
import { packageRoot, SPAWN_TIMEOUT_MS, tsxCli } from '../helpers/cli.js';
import { startReceiver, type Receiver } from './helpers.js';

const ANN = 'ann.lee@acme.test';
const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox, 'X-User-Email': ANN };

const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
});

async function receiver(answer: Receiver['answer'] = () => 204): Promise<Receiver> {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

describe('standalone CLI with webhooks', { timeout: SPAWN_TIMEOUT_MS }, () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`exits cleanly on ${signal} with a retry pending on a real timer`, async () => {
      const failing = await receiver(() => 503);
      const child = spawn(process.execPath, [tsxCli, '--conditions=source', 'src/cli.ts', '--port', '0'], {
        cwd: packageRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      try {
        const [base] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
        const subscribe = (url: string) =>
          fetch(`${base}/__mock/webhooks`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ tenantId: DEMO_TENANTS.sandbox, url, events: ['*'] }),
          });
        expect((await subscribe(failing.url)).status).toBe(201);
        const created = await fetch(`${base}/api/v1/contacts`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ firstName: 'Ada' }),
        });
        expect(created.status).toBe(201);
        const pending = (await (await fetch(`${base}/__mock/deliveries?status=pending&wait=true`)).json()) as {
          data: { deliveries: { attempts: unknown[] }[] };
        };
        expect(pending.data.deliveries).toEqual([expect.objectContaining({ attempts: [expect.anything()] })]);
        expect(failing.received).toHaveLength(1);
      } finally {
        child.kill(signal);
      }
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(0);
    });
  }
});
