// Child processes of the bench: each server and each load run in its own process, every one of
// them tracked here and stopped at the end, on an error, or on Ctrl-C/SIGTERM.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** @type {Set<import('node:child_process').ChildProcess>} */
const running = new Set();

/** A port free on 127.0.0.1 right now (the server started on it a moment later). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        resolve(typeof address === 'object' && address !== null ? address.port : 0);
      });
    });
  });
}

/**
 * Starts a long-running process (a server). Its stdout goes to /dev/null, so that every server
 * logs at the same (least) cost; the last 8 KiB of its stderr are kept for error messages.
 */
export function startServer(name, command, args, { cwd, env } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-8192);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
    running.delete(child);
  });
  child.once('error', (error) => {
    stderr += `\n${error.message}`;
  });
  return {
    name,
    child,
    exited: () => exited,
    stderr: () => stderr,
    stop: () => stopProcess(child),
  };
}

/**
 * Runs a command to its end and collects its output. Killed after `timeoutMs`: no run can hang
 * the bench.
 */
export async function runToEnd(command, args, { cwd, env, timeoutMs }) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const timer = setTimeout(() => {
    stderr += `\nkilled after ${timeoutMs} ms`;
    child.kill('SIGKILL');
  }, timeoutMs);
  try {
    const [code, signal] = await Promise.race([
      once(child, 'exit'),
      once(child, 'error').then(([error]) => {
        throw error;
      }),
    ]);
    return { code, signal, stdout, stderr };
  } finally {
    clearTimeout(timer);
    running.delete(child);
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process is gone. */
export async function stopProcess(child, graceMs = 5_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = once(child, 'exit');
  child.kill('SIGTERM');
  if (await Promise.race([gone.then(() => true), delay(graceMs, false)])) return;
  child.kill('SIGKILL');
  await Promise.race([gone, delay(graceMs)]);
}

/** Stops every process still running. */
export async function stopAll() {
  await Promise.all([...running].map((child) => stopProcess(child)));
}

/**
 * Stops every child when the bench is interrupted or ends; the synchronous `exit` handler is the
 * last resort (a SIGKILL to whatever is left).
 */
export function stopChildrenOnExit() {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping ${running.size} process(es)\n`);
      void stopAll().finally(() => process.exit(130));
    });
  }
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/**
 * Resolves once `url` answers `expectedStatus`; fails when the server exits first, or after
 * `timeoutMs` (a JVM on a busy machine takes seconds to start).
 */
export async function waitForHttp(server, url, { timeoutMs = 90_000, init, expectedStatus = 200 } = {}) {
  const deadline = performance.now() + timeoutMs;
  let last = 'no answer';
  while (performance.now() < deadline) {
    if (server.exited()) throw new Error(`${server.name} exited before it answered:\n${server.stderr()}`);
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === expectedStatus) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await delay(200);
  }
  throw new Error(`${server.name} did not answer ${url} within ${timeoutMs} ms (${last}):\n${server.stderr()}`);
}

/** Clock ticks a second of /proc's CPU times (Linux); undefined elsewhere. */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || undefined;
  } catch {
    return undefined;
  }
})();

/**
 * CPU time (user + system, all threads) a running process has used, in microseconds, from
 * /proc/<pid>/stat; undefined where there is no /proc. Unlike a profile's samples, this leaves
 * out the time the process waited for a core on a busy machine.
 */
export function processCpuUs(pid) {
  if (ticksPerSecond === undefined || pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), in its parentheses: utime is the 14th field.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / ticksPerSecond;
  } catch {
    return undefined;
  }
}
