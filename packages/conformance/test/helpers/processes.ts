import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** Starting Node with tsx takes a second when idle and far more on a loaded machine. */
export const SPAWN_TIMEOUT_MS = 120_000;

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
const mockRoot = fileURLToPath(new URL('../../../mock-server', import.meta.url));

/** The standalone mock (`commflow-mock` from its sources) on 127.0.0.1, on a free port. */
export async function startStandaloneMock() {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/cli.ts', '--port', '0'], {
    cwd: mockRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines = createInterface({ input: child.stdout });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => {
      reject(new Error(`commflow-mock exited with ${String(code)}: ${stderr}`));
    });
  });
  // Keep reading its request log, so that a full pipe never blocks it.
  lines.on('line', () => undefined);
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs `commflow-conformance` from its sources; resolves with its exit code and output. */
export function runCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/cli.ts', ...args], {
    cwd: packageRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, COMMFLOW_API_KEY: '', COMMFLOW_OTHER_API_KEY: '', COMMFLOW_RESTRICTED_API_KEY: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.once('close', (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}
