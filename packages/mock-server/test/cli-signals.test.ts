import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { packageRoot, SPAWN_TIMEOUT_MS, startCli } from './helpers/cli.js';

/** Whether anything still answers at `url` (a bounded number of tries, never a time budget). */
async function answersUntilGone(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      await fetch(`${url}/api/v1/openapi.json`);
    } catch {
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

describe('commflow-mock as npm users start it', () => {
  it(
    'accepts the `--` separator before its flags',
    async () => {
      const cli = startCli(['--', '--port', '0', '--journal-limit', '5']);
      try {
        const url = await cli.firstLine;
        expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect((await fetch(`${url}/__mock/clock`)).status).toBe(200);
      } finally {
        cli.child.kill('SIGTERM');
      }
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'stops and frees its port when the wrapper that started it is killed (no orphan)',
    async () => {
      // A shell that does not exec its command, as npx, pnpm and the `node` package's shim do.
      const command = `"${process.execPath}" --import tsx --conditions=source src/cli.ts --port 0; true`;
      const wrapper = spawn('/bin/sh', ['-c', command], { cwd: packageRoot, stdio: ['ignore', 'pipe', 'inherit'] });
      const lines = createInterface({ input: wrapper.stdout });
      const url = await new Promise<string>((resolve) => lines.once('line', resolve));
      expect((await fetch(`${url}/__mock/clock`)).status).toBe(200);
      wrapper.kill('SIGTERM');
      expect(await answersUntilGone(url)).toBe(false);
    },
    SPAWN_TIMEOUT_MS * 2,
  );
});

describe('commflow-mock --help', () => {
  it(
    'keeps every description in one column',
    async () => {
      const cli = startCli(['--help']);
      await new Promise((resolve) => cli.child.once('exit', resolve));
      // Where the description starts: descriptions start with a capital, arguments with `<`.
      const column = (line: string) => /^ {2}--\S+(?: <[^>]+>)? +(?=[A-Z])/.exec(line)?.[0].length;
      const options = cli.output.slice(
        cli.output.indexOf('Options:') + 1,
        cli.output.findIndex((line) => line.startsWith('History caps')),
      );
      const columns = new Set(options.map(column).filter((width) => width !== undefined));
      expect([...columns]).toEqual([23]);
      // A flag too long for the column puts its description on the next line, at the column.
      for (const [i, line] of options.entries()) {
        if (/^ {2}--/.test(line) && column(line) === undefined) expect(options[i + 1]).toMatch(/^ {23}\S/);
      }
    },
    SPAWN_TIMEOUT_MS,
  );
});

describe('commflow-mock and SIGTERM', () => {
  it(
    'stops cleanly (exit code 0) on a SIGTERM sent the moment its URL line is read',
    async () => {
      // A harness that reads the URL and stops at once: the handlers must already be there.
      // Before they were registered ahead of the server's start, about one stop in four died by
      // the signal instead.
      for (let round = 0; round < 5; round++) {
        const cli = startCli(['--port', '0']);
        await cli.firstLine;
        cli.child.kill('SIGTERM');
        const [code, signal] = (await once(cli.child, 'exit')) as [number | null, NodeJS.Signals | null];
        expect({ round, code, signal, stderr: cli.stderr() }).toEqual({ round, code: 0, signal: null, stderr: '' });
      }
    },
    SPAWN_TIMEOUT_MS * 5,
  );

  it(
    'ends by its own exit, never by the signal, when a second SIGTERM follows the first',
    async () => {
      const cli = startCli(['--port', '0']);
      await cli.firstLine;
      cli.child.kill('SIGTERM');
      cli.child.kill('SIGTERM');
      const [code, signal] = (await once(cli.child, 'exit')) as [number | null, NodeJS.Signals | null];
      // 0 when the first stop finished before the second signal was handled, 143 when it forced the exit.
      expect(signal).toBeNull();
      expect([0, 143]).toContain(code);
    },
    SPAWN_TIMEOUT_MS,
  );
});
