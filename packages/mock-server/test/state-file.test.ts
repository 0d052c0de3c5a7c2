import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_TENANTS } from '../src/index.js';
import { SPAWN_TIMEOUT_MS, startCli } from './helpers/cli.js';

const dirs: string[] = [];
const children: ReturnType<typeof startCli>[] = [];
afterEach(() => {
  for (const cli of children.splice(0)) cli.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function stateFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'commflow-state-'));
  dirs.push(dir);
  return join(dir, 'world.json');
}

async function start(args: string[]) {
  const cli = startCli(['--port', '0', ...args]);
  children.push(cli);
  const url = await cli.firstLine;
  return { cli, url };
}

async function exitOf(cli: ReturnType<typeof startCli>): Promise<number | null> {
  if (cli.child.exitCode !== null) return cli.child.exitCode;
  const [code] = (await once(cli.child, 'exit')) as [number | null];
  return code;
}

const json = { 'content-type': 'application/json' };

async function createKey(url: string): Promise<string> {
  const response = await fetch(`${url}/__mock/api-keys`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ tenantIds: [DEMO_TENANTS.sandbox] }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { data: { apiKey: { key: string } } };
  return body.data.apiKey.key;
}

const usersStatus = async (url: string, key: string) =>
  (await fetch(`${url}/api/v1/users`, { headers: { 'X-API-Key': key, 'X-Tenant-Id': DEMO_TENANTS.sandbox } })).status;

describe('commflow-mock --state', () => {
  it(
    'SIGTERM writes the world; a restart restores it (a key created at run time still works)',
    async () => {
      const file = stateFile();
      const first = await start(['--state', file, '--save-interval', '0']);
      expect(await first.cli.waitForLine((line) => line.startsWith('# state:'))).toContain('new: loaded the scenario');
      const key = await createKey(first.url);
      expect(await usersStatus(first.url, key)).toBe(200);
      expect(existsSync(file)).toBe(false); // interval 0: only on exit
      first.cli.child.kill('SIGTERM');
      expect(await exitOf(first.cli)).toBe(0);
      expect(readFileSync(file, 'utf8')).not.toContain(key);

      const second = await start(['--state', file]);
      expect(await second.cli.waitForLine((line) => line.startsWith('# state:'))).toContain('restored');
      expect(await usersStatus(second.url, key)).toBe(200);
    },
    SPAWN_TIMEOUT_MS * 2,
  );

  it(
    'SIGKILL after a save interval loses nothing saved before it',
    async () => {
      const file = stateFile();
      const first = await start(['--state', file, '--save-interval', '0.2']);
      const key = await createKey(first.url);
      const hint = key.slice(-4);
      // Wait for the periodic save to hold the key: bounded in count, never a speed budget.
      const saved = () => existsSync(file) && readFileSync(file, 'utf8').includes(`…${hint}`);
      for (let round = 0; round < 2_000 && !saved(); round++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(saved()).toBe(true);
      first.cli.child.kill('SIGKILL');
      await exitOf(first.cli);

      const second = await start(['--state', file]);
      expect(await usersStatus(second.url, key)).toBe(200);
    },
    SPAWN_TIMEOUT_MS * 2,
  );

  it.each([
    ['not JSON', '{"format": "commflow-mock-snap', /not valid JSON/],
    [
      'another version',
      JSON.stringify({ format: 'commflow-mock-snapshot', version: 99 }),
      /version: unknown version 99/,
    ],
    ['not a snapshot', JSON.stringify({ tenants: [] }), /format: must be "commflow-mock-snapshot"/],
  ])(
    'a state file that is %s stops the start with exit code 2, names the file, and is left untouched',
    async (_name, content, problem) => {
      const file = stateFile();
      writeFileSync(file, content);
      const cli = startCli(['--port', '0', '--state', file]);
      children.push(cli);
      expect(await exitOf(cli)).toBe(2);
      expect(cli.stderr()).toContain(file);
      expect(cli.stderr()).toMatch(problem);
      expect(readFileSync(file, 'utf8')).toBe(content);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'a state file it could not write stops the start with exit code 2 and names the file',
    async () => {
      const file = join(stateFile(), 'no-such-directory', 'world.json');
      const cli = startCli(['--port', '0', '--state', file]);
      children.push(cli);
      expect(await exitOf(cli)).toBe(2);
      expect(cli.stderr()).toContain(`cannot write the state file ${file}`);
      expect(cli.stderr()).toContain('ENOENT');
      expect(cli.output).toEqual([]);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'restores a file saved from GET /__mock/snapshot as it is (`curl $M/snapshot > world.json`)',
    async () => {
      const first = await start([]);
      const key = await createKey(first.url);
      const file = stateFile();
      writeFileSync(file, await (await fetch(`${first.url}/__mock/snapshot`)).text());
      const second = await start(['--state', file]);
      expect(await second.cli.waitForLine((line) => line.startsWith('# state:'))).toContain('restored');
      expect(await usersStatus(second.url, key)).toBe(200);
    },
    SPAWN_TIMEOUT_MS * 2,
  );

  it(
    '--save-interval without --state is a usage error: nothing would be saved',
    async () => {
      const cli = startCli(['--port', '0', '--save-interval', '5']);
      children.push(cli);
      expect(await exitOf(cli)).toBe(2);
      expect(cli.stderr()).toBe('commflow-mock: --save-interval needs --state <file>\n');
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'a bad --save-interval is a usage error',
    async () => {
      const cli = startCli(['--port', '0', '--save-interval', 'soon']);
      children.push(cli);
      expect(await exitOf(cli)).toBe(2);
      expect(cli.stderr()).toContain('--save-interval');
    },
    SPAWN_TIMEOUT_MS,
  );
});
