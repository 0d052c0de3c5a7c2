/**
 * The processes that launched this one: `npx -y pnpm@10 run start` puts npx, pnpm, two shells and
 * the `node` package's shell shim above the server. Each is a process a user may signal (Ctrl-C
 * aside, a supervisor or `kill` picks one), and most of them die without passing the signal down.
 *
 * @module
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { errorCode } from '../../lib/errors.js';

/** One process: its parent, and its command line with its arguments joined by spaces. */
interface ProcessInfo {
  readonly ppid: number;
  readonly command: string;
}

/** A package manager or its runner: `npm exec …` (npx), `pnpm`, `yarn`, `corepack`, by name or path. */
const LAUNCHER = /(?:^|[\s/'"])(?:npm|npx|pnpm|pnpx|yarn|corepack)(?:\.c?js)?(?=['"\s]|$)/;

/** Linux: /proc, which even a slim container image has. */
function fromProc(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // The command name in parentheses may hold spaces and parentheses: read after the last `)`.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const command = readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8')
      .split('\0')
      .join(' ')
      .trim();
    return { ppid, command };
  } catch {
    return undefined;
  }
}

/** Elsewhere (macOS, the BSDs): one `ps` for the whole table. */
function psTable(): Map<number, ProcessInfo> {
  const table = new Map<number, ProcessInfo>();
  const output = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' });
  for (const line of output.split('\n')) {
    const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (match) table.set(Number(match[1]), { ppid: Number(match[2]), command: match[3] ?? '' });
  }
  return table;
}

/**
 * The ancestors of this process, parent first, up to the outermost package-manager process (npx,
 * pnpm…) among them: the chain that `npx -y pnpm@10 run start` built. Only the parent when no
 * package manager started this process (`commflow-mock` run from a shell); empty where processes
 * cannot be read (Windows, or `ps` missing). The shell or CI step above the chain is left out, so a
 * server started in the background of a script outlives that script, as it always did.
 */
export function launcherChain(): number[] {
  if (process.platform === 'win32') return [];
  let read: (pid: number) => ProcessInfo | undefined;
  if (existsSync('/proc/self/stat')) read = fromProc;
  else {
    try {
      const table = psTable();
      read = (pid) => table.get(pid);
    } catch {
      return [];
    }
  }
  const ancestors: { pid: number; command: string }[] = [];
  // Bounded: a chain deeper than this is no launcher's.
  for (let pid = process.ppid; pid > 1 && ancestors.length < 64;) {
    const info = read(pid);
    if (info === undefined) break;
    ancestors.push({ pid, command: info.command });
    pid = info.ppid;
  }
  const outermost = ancestors.findLastIndex((ancestor) => LAUNCHER.test(ancestor.command));
  return ancestors.slice(0, Math.max(outermost, 0) + 1).map((ancestor) => ancestor.pid);
}

/** Whether `pid` still runs: a zombie (dead, not yet reaped by its parent) counts as gone. */
export function isRunning(pid: number): boolean {
  if (existsSync('/proc/self/stat')) {
    try {
      const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
      return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return errorCode(error) === 'EPERM';
  }
}
