// `npx -y pnpm@10 start [options]`: the standalone mock on the demo scenario, quickly.
//
// 1. The flags first, read by the CLI's own parser: a mistyped one (`--prot`) fails at once with
//    the CLI's suggestion (`did you mean --port?`), exit 2, before the port is probed.
//    Then the port: taken, it fails at once with a message naming --port, before any build.
// 2. The build only when it is out of date: a package whose dist/ is missing or older than one
//    of its inputs (src/, package.json, tsup and tsconfig files) is rebuilt, the others not.
//    Only the JavaScript (and the console): a running server never reads type declarations,
//    which took most of a first start. `npx -y pnpm@10 run build` builds everything.
// 3. Then the CLI runs in this process with the same arguments (`--help` lists them).
// 4. Ctrl-C stops it with exit code 0 and no `ELIFECYCLE` line: on a terminal, the key is read
//    here instead of becoming a SIGINT to every process of the chain, whose shells would die of
//    it and make pnpm report a failure. A signal to any process of the chain stops the server
//    too (the CLI watches its launchers).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
// Shared with the CLI, so both say the same thing; Node 24 runs this erasable TypeScript as is.
import { listenErrorMessage } from '../packages/mock-server/src/surfaces/cli/listen-error.ts';

// The CLI's parser, from its source: the build may be out of date or missing yet. Through tsx,
// since its imports name `.js` files, which Node's own type stripping does not map to `.ts`.
/** @type {typeof import('../packages/mock-server/src/surfaces/cli/options.ts')} */
const { readCliArguments } = await tsImport('../packages/mock-server/src/surfaces/cli/options.ts', import.meta.url);

const root = fileURLToPath(new URL('..', import.meta.url));
/** What the CLI needs at run time, dependencies first. */
const PACKAGES = [
  { name: '@commflow/contract', dir: 'packages/contract', entry: 'dist/index.js', steps: [['tsup', '--no-dts']] },
  {
    name: '@commflow/mock-server',
    dir: 'packages/mock-server',
    entry: 'dist/cli.js',
    steps: [
      ['tsup', '--no-dts'],
      ['tsx', 'scripts/build-console.ts'],
    ],
  },
];
const SHARED_INPUTS = ['tsconfig.base.json'];

// pnpm hands `run start -- --port 4417` on with its `--`: the parser reads the flags after it, as the CLI does.
const { values, usage } = readCliArguments(process.argv.slice(2));
if (usage !== undefined) {
  process.stderr.write(`commflow-mock: ${usage}\n`);
  process.exit(2);
}
const { host } = values;
const port = Number(values.port);

/** Resolves when `host:port` can be listened on (the probe closed again), rejects with the error otherwise. */
function probePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(undefined)));
  });
}

/** Newest modification time under `path` (a file or a directory), in ms; 0 when absent. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let time = 0;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) time = Math.max(time, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return time;
}

/** Oldest modification time of the files under `dir`, in ms; 0 when there are none. */
function oldest(dir) {
  if (!existsSync(dir)) return 0;
  let time = Infinity;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) time = Math.min(time, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return time === Infinity ? 0 : time;
}

function isStale(pkg) {
  const dir = join(root, pkg.dir);
  if (!existsSync(join(dir, pkg.entry))) return true;
  const configs = readdirSync(dir).filter((name) => /^(package\.json|tsup\.config\.\w+|tsconfig.*\.json)$/.test(name));
  const inputs = [
    join(dir, 'src'),
    ...configs.map((name) => join(dir, name)),
    ...SHARED_INPUTS.map((name) => join(root, name)),
  ];
  const built = oldest(join(dir, 'dist'));
  return inputs.some((input) => newest(input) > built);
}

if (!values.help && Number.isInteger(port) && port > 0 && port <= 65535) {
  try {
    await probePort();
  } catch (error) {
    process.stderr.write(`commflow-mock: ${listenErrorMessage(error, host, port)}\n`);
    process.exit(2);
  }
}

const stale = PACKAGES.filter(isStale);
if (stale.length > 0) {
  process.stderr.write(`# building ${stale.map((pkg) => pkg.name).join(', ')} (out of date; JavaScript only)\n`);
  for (const pkg of stale) {
    for (const step of pkg.steps) {
      const build = spawnSync('pnpm', ['--filter', pkg.name, 'exec', ...step], { cwd: root, stdio: 'inherit' });
      if (build.status !== 0) process.exit(build.status ?? 1);
    }
  }
}

if (process.stdin.isTTY && !values.help) {
  // Raw mode: Ctrl-C arrives as a byte instead of a SIGINT to the terminal's whole foreground job.
  // This process alone then stops, cleanly, as the CLI does on SIGINT; Node restores the terminal
  // on exit. Ctrl-\ stops it the same way; other keys are ignored.
  process.stdin.setRawMode(true);
  process.stdin.on('data', (bytes) => {
    if (bytes.includes(0x03) || bytes.includes(0x1c)) process.kill(process.pid, 'SIGINT');
  });
  // The server keeps the process alive, not the keyboard.
  process.stdin.unref();
}

await import('../packages/mock-server/dist/cli.js');
