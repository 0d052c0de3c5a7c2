import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * The timeout of a test that spawns a process: starting Node and tsx takes a second on an idle
 * machine and many more on a loaded one, and the tests must not depend on machine speed.
 */
export const SPAWN_TIMEOUT_MS = 60_000;

export const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
export const tsxCli = fileURLToPath(new URL('../../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

/** Runs `commflow-mock` from its sources; collects its stdout lines and stderr. */
export function startCli(args: string[]) {
  // tsx as a loader in this very process, not its CLI: the CLI runs the server in a child of its
  // own, which a SIGKILL of the CLI would leave running. Here the pid is the server's.
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/cli.ts', ...args], {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = createInterface({ input: child.stdout });
  const output: string[] = [];
  const firstLine = new Promise<string>((resolve) => {
    lines.on('line', (line) => {
      output.push(line);
      if (output.length === 1) resolve(line);
    });
  });
  /** Resolves with the first line, past or future, that `match` accepts: no polling, no time budget. */
  const waitForLine = (match: (line: string) => boolean) =>
    new Promise<string>((resolve) => {
      const seen = output.find(match);
      if (seen !== undefined) {
        resolve(seen);
        return;
      }
      const listener = (line: string) => {
        if (!match(line)) return;
        lines.off('line', listener);
        resolve(line);
      };
      lines.on('line', listener);
    });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, firstLine, output, waitForLine, stderr: () => stderr };
}
