import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KEYS, DEMO_TENANTS } from '../src/index.js';
import { MAX_SCENARIO_FILE_BYTES, readScenarioFile, ScenarioFileError } from '../src/scenario/read-file.js';
import { packageRoot, SPAWN_TIMEOUT_MS, startCli } from './helpers/cli.js';

const headers = { 'X-API-Key': DEMO_KEYS.sandbox, 'X-Tenant-Id': DEMO_TENANTS.sandbox };
const dir = mkdtempSync(join(tmpdir(), 'commflow-cli-'));
const repoRoot = join(packageRoot, '../..');
const startScript = join(repoRoot, 'scripts/start.mjs');

/** Runs the CLI to its exit; its exit code and stderr. */
async function runToExit(args: string[]) {
  const cli = startCli(args);
  const [code] = (await once(cli.child, 'exit')) as [number | null];
  return { code, stderr: cli.stderr() };
}

describe('commflow-mock keeps serving when its log cannot be written', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('survives EPIPE once the reader of its stdout and stderr is gone (`commflow-mock | head -1`)', async () => {
    const cli = startCli(['--port', '0']);
    try {
      const url = await cli.firstLine;
      // The reader goes away after the first line, as `head -1` does: every later write is EPIPE.
      cli.child.stdout.destroy();
      cli.child.stderr.destroy();
      // Each request writes a log line; sequential requests give every failed write its turn.
      for (let i = 0; i < 30; i++) {
        const reply = await fetch(`${url}/api/v1/users`, { headers });
        expect(reply.status).toBe(200);
        await reply.arrayBuffer();
      }
      expect((await fetch(`${url}/api/v1/openapi.json`)).status).toBe(200);
      expect(cli.child.exitCode).toBeNull();
    } finally {
      cli.child.kill('SIGTERM');
    }
    const [code] = (await once(cli.child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });
});

describe('commflow-mock scenario files', { timeout: SPAWN_TIMEOUT_MS }, () => {
  it('refuses a device such as /dev/zero at once, with a clear error', async () => {
    const { code, stderr } = await runToExit(['--scenario', '/dev/zero']);
    expect(code).toBe(2);
    expect(stderr).toContain('scenario /dev/zero is not a regular file');
  });

  it('refuses a directory, a missing file, a file over the limit and a file that is not JSON', async () => {
    const tooBig = join(dir, 'too-big.json');
    writeFileSync(tooBig, '');
    truncateSync(tooBig, MAX_SCENARIO_FILE_BYTES + 1); // sparse: no disk or time spent
    const notJson = join(dir, 'not.json');
    writeFileSync(notJson, '{"tenants": [');
    const cases: [string, RegExp][] = [
      [dir, /is not a regular file/],
      [join(dir, 'missing.json'), /cannot read scenario .*missing\.json: ENOENT/],
      [tooBig, /is 256\.0 MiB, over the 256 MiB limit/],
      [notJson, /is not valid JSON/],
    ];
    for (const [file, message] of cases) {
      const { code, stderr } = await runToExit(['--scenario', file]);
      expect(code).toBe(2);
      expect(stderr).toMatch(message);
    }
  });

  it('does not block on a FIFO', () => {
    const fifo = join(dir, 'scenario.fifo');
    execFileSync('mkfifo', [fifo]);
    expect(() => readScenarioFile(fifo)).toThrow(ScenarioFileError);
    expect(() => readScenarioFile(fifo)).toThrow(/not a regular file/);
  });

  it('reads a regular file under the limit', () => {
    const file = join(dir, 'ok.json');
    writeFileSync(file, JSON.stringify({ tenants: [] }));
    expect(readScenarioFile(file)).toEqual({ tenants: [] });
    expect(() => readScenarioFile(file, 4)).toThrow(/over the .* limit/);
  });
});

describe('commflow-mock options', { timeout: SPAWN_TIMEOUT_MS }, () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });

  it('an unknown flag names the one probably meant and points to --help, in two lines, not the whole help', async () => {
    const { code, stderr } = await runToExit(['--prot', '4417']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      "commflow-mock: Unknown option '--prot'; did you mean --port?\nRun `commflow-mock --help` for every option.\n",
    );
    const far = await runToExit(['--frobnicate']);
    expect(far.stderr).toBe(
      "commflow-mock: Unknown option '--frobnicate'\nRun `commflow-mock --help` for every option.\n",
    );
    const prefix = await runToExit(['--scen', 'x.json']);
    expect(prefix.stderr).toContain('did you mean --scenario?');
  });

  it('fails at once, naming --port, when the port is taken', async () => {
    const taken = createServer();
    servers.push(taken);
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const { code, stderr } = await runToExit(['--port', String(port)]);
    expect(code).toBe(2);
    expect(stderr).toContain(`port ${port} is already in use on 127.0.0.1`);
    expect(stderr).toContain('--port');
  });

  it("`pnpm start` (scripts/start.mjs) reads the flags before the port: a mistyped one gets the CLI's suggestion, exit 2", async () => {
    // 4010, the default port, busy (held here, or already by something else: as good), and `--port` mistyped.
    const held = createServer();
    await new Promise<void>((resolve) => {
      held.once('error', () => {
        resolve();
      });
      held.listen({ port: 4010, host: '127.0.0.1', exclusive: true }, () => {
        servers.push(held);
        resolve();
      });
    });
    const start = spawn(process.execPath, [startScript, '--', '--prot', '4011'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    start.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = (await once(start, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stderr).toBe(
      "commflow-mock: Unknown option '--prot'; did you mean --port?\nRun `commflow-mock --help` for every option.\n",
    );
  });

  it('`pnpm start` (scripts/start.mjs) checks the port before any build and names --port', async () => {
    const taken = createServer();
    servers.push(taken);
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const start = spawn(process.execPath, [startScript, '--port', String(port)], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    start.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(start, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(output).toContain(`port ${port} is already in use on 127.0.0.1; choose another with --port`);
    expect(output).not.toContain('building'); // it failed before any build
  });

  it('checks --webhook-timestamp', async () => {
    const { code, stderr } = await runToExit(['--webhook-timestamp', 'sometimes']);
    expect(code).toBe(2);
    expect(stderr).toContain('invalid --webhook-timestamp "sometimes": use wall or mock');
  });
});
