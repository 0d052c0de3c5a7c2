// The CLI's history caps: a flag caps its history, and a bad value is refused naming the flag.
// Apart from history-limits.test.ts because they spawn the CLI, which the mutation run leaves out.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS, DEMO_TENANTS } from '../src/index.js';
import { packageRoot, tsxCli } from './helpers/cli.js';

const ANN = 'ann.lee@acme.test';
const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox, 'X-User-Email': ANN };

describe('CLI flags', () => {
  it('commflow-mock --event-limit caps the event log', { timeout: 60_000 }, async () => {
    const child = spawn(
      process.execPath,
      [tsxCli, '--conditions=source', 'src/cli.ts', '--port', '0', '--event-limit', '2'],
      { cwd: packageRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const [base] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      for (const firstName of ['Ada', 'Ben', 'Cy']) {
        const response = await fetch(`${base}/api/v1/contacts`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ firstName }),
        });
        expect(response.status).toBe(201);
      }
      const events = (await (await fetch(`${base}/__mock/events`)).json()) as { data: { events: unknown[] } };
      expect(events.data.events).toHaveLength(2);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('commflow-mock rejects a bad cap with exit code 2 and names the flag', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, [tsxCli, '--conditions=source', 'src/cli.ts', '--delivery-limit', 'lots'], {
      cwd: packageRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(2);
    expect(stderr).toContain('--delivery-limit');
  });
});
