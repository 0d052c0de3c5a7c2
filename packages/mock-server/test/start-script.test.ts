/**
 * `npx -y pnpm@10 run start`, exactly as the README has a new user type it: npx, pnpm, their
 * shells and scripts/start.mjs above the server. Linux CI: the chain's processes are read with `ps`,
 * and a terminal is given by util-linux's `script`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from './helpers/cli.js';

const repoRoot = join(packageRoot, '../..');
/** npx, pnpm and a build of what is out of date, on a loaded machine: minutes, never a budget. */
const CHAIN_TIMEOUT_MS = 300_000;
const dir = mkdtempSync(join(tmpdir(), 'commflow-start-'));

/** Holds 127.0.0.1:4010 when nothing else does: `start` must not probe it when given `-- --port`. */
let held: Server | undefined;
beforeAll(async () => {
  const server = createServer();
  held = await new Promise<Server | undefined>((resolve) => {
    server.once('error', () => {
      resolve(undefined);
    }); // already taken: as good for the test
    server.listen({ port: 4010, host: '127.0.0.1', exclusive: true }, () => {
      resolve(server);
    });
  });
});
afterAll(() => held?.close());

/**
 * Starts the chain in a session of its own; `url` resolves once the whole banner is out (its `# try:`
 * line). `wrapped`: under a shell that dies of a SIGTERM without passing it on, as npx did in the
 * report (npx itself sometimes forwards the signal, sometimes not: the shell makes it certain).
 */
function startChain(args: string[], wrapped = false) {
  const command = ['npx', '-y', 'pnpm@10', 'run', 'start', '--', ...args];
  const [file, ...rest] = wrapped ? ['sh', '-c', `${command.join(' ')}; true`] : command;
  const child = spawn(file ?? 'npx', rest, {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^(http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
      if (match?.[1] !== undefined && output.includes('# try: ')) resolve(match[1]);
    });
    child.once('exit', (code) => {
      reject(new Error(`start exited ${String(code)} before its URL:\n${output}`));
    });
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    }),
  );
  return { child, url, exit, output: () => output };
}

/** The live (not zombie) processes of a session: pid and command line. */
function sessionProcesses(session: number): { pid: number; command: string }[] {
  let listing: string;
  try {
    listing = execFileSync('ps', ['-o', 'pid=,stat=,args=', '-s', String(session)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when the session is empty
  }
  return listing
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null && !match[2]?.startsWith('Z'))
    .map((match) => ({ pid: Number(match?.[1]), command: match?.[3] ?? '' }));
}

/** Polls until nothing answers at `url` and the session is empty; false if that never comes (bounded by count). */
async function allGone(url: string, session: number): Promise<boolean> {
  for (let attempt = 0; attempt < 300; attempt++) {
    let answered = true;
    try {
      await fetch(`${url}/api/v1/openapi.json`);
    } catch {
      answered = false;
    }
    if (!answered && sessionProcesses(session).length === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

describe('`npx -y pnpm@10 run start` stops whole, whichever process of the chain is signalled', () => {
  it(
    'SIGTERM to the launcher at the top: the server saves its --state, frees the port, and no process is left',
    async () => {
      const state = join(dir, 'npx.json');
      const chain = startChain(['--port', '0', '--state', state], true);
      const url = await chain.url;
      expect(chain.output()).toContain(`# state: ${state}`);
      expect(chain.child.pid).toBeDefined();
      const session = chain.child.pid ?? 0;
      chain.child.kill('SIGTERM');
      expect(await allGone(url, session)).toBe(true);
      expect(existsSync(state)).toBe(true);
    },
    CHAIN_TIMEOUT_MS,
  );

  it(
    'SIGTERM to pnpm: the server frees the port and no process is left',
    async () => {
      const chain = startChain(['--port', '0']);
      const url = await chain.url;
      const session = chain.child.pid ?? 0;
      const pnpm = sessionProcesses(session).find((process) => /^\S*\/node \S*pnpm run start/.test(process.command));
      expect(pnpm).toBeDefined();
      process.kill(pnpm?.pid ?? 0, 'SIGTERM');
      expect(await allGone(url, session)).toBe(true);
    },
    CHAIN_TIMEOUT_MS,
  );

  it(
    'SIGTERM to the server: exit code 0 and no ELIFECYCLE line',
    async () => {
      const chain = startChain(['--port', '0']);
      const url = await chain.url;
      const session = chain.child.pid ?? 0;
      const server = sessionProcesses(session).find((process) =>
        /^\S*\/node scripts\/start\.mjs/.test(process.command),
      );
      expect(server).toBeDefined();
      process.kill(server?.pid ?? 0, 'SIGTERM');
      expect(await chain.exit).toEqual({ code: 0, signal: null });
      expect(chain.output()).not.toContain('ELIFECYCLE');
      expect(await allGone(url, session)).toBe(true);
    },
    CHAIN_TIMEOUT_MS,
  );
});

describe('`npx -y pnpm@10 run start` on a terminal', () => {
  it(
    'Ctrl-C exits 0 with no ELIFECYCLE line; `-- --port` is the port it checks, never 4010',
    async () => {
      // `script` gives the chain a terminal; the byte 0x03 is the Ctrl-C key.
      const child = spawn('script', ['-qfec', 'npx -y pnpm@10 run start -- --port 0', '/dev/null'], {
        cwd: repoRoot,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let output = '';
      let pressed = false;
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (!pressed && /^http:\/\/127\.0\.0\.1:\d+\r?$/m.test(output)) {
          pressed = true;
          child.stdin.write('\x03');
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const [code] = await new Promise<[number | null]>((resolve) =>
        child.once('exit', (exitCode) => {
          resolve([exitCode]);
        }),
      );
      expect({ pressed, code }).toEqual({ pressed: true, code: 0 });
      expect(output).not.toContain('ELIFECYCLE');
      expect(output).not.toContain('port 4010');
    },
    CHAIN_TIMEOUT_MS,
  );
});
