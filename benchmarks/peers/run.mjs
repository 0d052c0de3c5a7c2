// Side by side with the peers (issue 36): `npx -y pnpm@10 run bench:peers [-- options]`.
//
// One run, one table: the standalone mock over loopback against bare `node:http` sending the
// same bytes, WireMock, Prism, json-server and Mockoon; the SDK's import and per-call CPU against
// openai-node, stripe-node, ky and plain `fetch`. Each server runs in its own process, the load
// comes from another (wrk, or autocannon's CLI), and servers, modules and clients are
// interleaved across rounds. Every loop is bounded in count and time; every process it starts is
// stopped at the end, on an error and on Ctrl-C.
//
// The peers are devDependencies of this private package, outside the pnpm workspace: the first
// run installs them (`npm ci` here). Our packages load from their built `dist/`, whose
// JavaScript is rebuilt first when it is older than the sources.
//
// Options: --quick (a minute or two: one round, short runs), --only=loopback,imports,calls,profile
// (profile: a CPU profile of the CLI under load; not part of the default run), --autocannon (even
// when wrk is installed), --rounds=N, --seconds=N, --warmup=N, --connections=N (loopback).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { stopAll, stopChildrenOnExit } from './lib/processes.mjs';

const HERE = import.meta.dirname;
const ROOT = join(HERE, '../..');
const PARTS = ['loopback', 'imports', 'calls', 'profile'];

// pnpm hands `run bench:peers -- --quick` on with its `--`.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    autocannon: { type: 'boolean', default: false },
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(
    'usage: npx -y pnpm@10 run bench:peers [-- --quick] [--only=loopback,imports,calls,profile] [--autocannon]\n' +
      '       [--rounds=N] [--seconds=N] [--warmup=N] [--connections=N]\n',
  );
  process.exit(0);
}
const only = (values.only ?? 'loopback,imports,calls').split(',').filter(Boolean);
for (const part of only) {
  if (!PARTS.includes(part)) {
    process.stderr.write(`bench:peers: unknown part '${part}' (parts: ${PARTS.join(', ')})\n`);
    process.exit(2);
  }
}
const number = (text, fallback, max) => {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    process.stderr.write(`bench:peers: expected a whole number from 1 to ${max}, got '${text}'\n`);
    process.exit(2);
  }
  return value;
};
const quick = values.quick;
const settings = {
  loopback: {
    rounds: number(values.rounds, quick ? 1 : 3, 10),
    seconds: number(values.seconds, quick ? 3 : 5, 60),
    warmup: number(values.warmup, quick ? 2 : 5, 60),
    connections: number(values.connections, 10, 1000),
  },
  imports: { rounds: quick ? 3 : 9 },
  calls: quick ? { warmup: 300, rounds: 10, perRound: 30 } : { warmup: 1_000, rounds: 40, perRound: 50 },
};

const log = (line) => process.stderr.write(`${line}\n`);

/** The oldest and newest modification times (ms) of the files at or under `path`; none: `{ oldest: 0, newest: 0 }`. */
function modified(path) {
  if (!existsSync(path)) return { oldest: 0, newest: 0 };
  const files = statSync(path).isDirectory()
    ? readdirSync(path, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name))
    : [path];
  const times = files.map((file) => statSync(file).mtimeMs);
  return times.length === 0 ? { oldest: 0, newest: 0 } : { oldest: Math.min(...times), newest: Math.max(...times) };
}

/** What the bench loads from `dist/`, dependencies first, and how to build its JavaScript. */
const BUILT = [
  { dir: 'packages/contract', entry: 'dist/index.js', steps: [['tsup', '--no-dts']] },
  { dir: 'packages/sdk', entry: 'dist/index.js', steps: [['tsup', '--no-dts']] },
  {
    dir: 'packages/mock-server',
    entry: 'dist/cli.js',
    steps: [
      ['tsup', '--no-dts'],
      ['tsx', 'scripts/build-console.ts'],
    ],
  },
];

/**
 * Builds the JavaScript of each package whose `dist/` is missing or older than its sources or
 * build configuration (no type declarations: nothing here reads them), as `pnpm start` does, so
 * that the bench never measures a stale build. `npx -y pnpm@10 run build` builds everything.
 */
function buildWhenStale() {
  for (const pkg of BUILT) {
    const dir = join(ROOT, pkg.dir);
    const configs = readdirSync(dir).filter((name) =>
      /^(package\.json|tsup\.config\.\w+|tsconfig.*\.json)$/.test(name),
    );
    const inputs = [join(dir, 'src'), ...configs.map((name) => join(dir, name)), join(ROOT, 'tsconfig.base.json')];
    const built = existsSync(join(dir, pkg.entry)) ? modified(join(dir, 'dist')).oldest : 0;
    if (!inputs.some((input) => modified(input).newest > built)) continue;
    log(`bench:peers: building ${pkg.dir} (its dist/ is out of date; JavaScript only)`);
    for (const [bin, ...args] of pkg.steps) {
      const build = spawnSync(join(ROOT, 'node_modules/.bin', bin), args, {
        cwd: dir,
        stdio: 'inherit',
        timeout: 5 * 60_000,
      });
      if (build.status !== 0) {
        log(`bench:peers: the build of ${pkg.dir} failed`);
        process.exit(1);
      }
    }
  }
}

function prerequisites() {
  if (Number(process.versions.node.split('.')[0]) < 24) {
    log(
      `bench:peers: Node ${process.version}; the figures are meant for Node 24 (npx -y pnpm@10 run bench:peers uses it).`,
    );
  }
  buildWhenStale();
  if (!existsSync(join(HERE, 'node_modules', '.package-lock.json'))) {
    log('bench:peers: installing the peers (npm ci in benchmarks/peers, once)');
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
      cwd: HERE,
      stdio: 'inherit',
      timeout: 10 * 60_000,
    });
    if (install.status !== 0) {
      log('bench:peers: npm ci failed');
      process.exit(1);
    }
  }
}

const machine = () => ({
  cpus: cpus().length,
  model: cpus()[0]?.model.trim() ?? 'unknown',
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform} ${release()}`,
  loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
});

const fmt = (value, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ratioText = ({ median, min, max }, bold = false) => {
  const text = min === max ? median.toFixed(2) : `${median.toFixed(2)} (${min.toFixed(2)}–${max.toFixed(2)})`;
  return bold ? `**${text}**` : text;
};

function loopbackTable({ targets, failures }, load) {
  const lines = [
    `Loopback, each server in its own process, ${load.version} from another (\`-t1 -c${settings.loopback.connections}\`), ` +
      `${settings.loopback.warmup} s warm-up each, then ${settings.loopback.rounds} round(s) of ${settings.loopback.seconds} s per server, interleaved. ` +
      'Medians over the rounds; each ratio is taken against bare in the same round (range over the rounds in brackets).',
    '',
    '| server | version | request | answer | req/s | × bare | p50 | × bare | p99 | × bare | server CPU a request | × bare |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const t of targets) {
    const bad = t.non2xx + t.errors > 0 ? ` ⚠ ${t.non2xx} non-2xx, ${t.errors} errors` : '';
    const mine = t.id === 'mock';
    lines.push(
      `| ${t.label} | ${t.version} | \`${t.request}\` | ${fmt(t.bodyBytes)} B | ${fmt(t.rps)}${bad} | ${ratioText(t.ratio.rps, mine)} | ` +
        `${t.p50Ms.toFixed(2)} ms | ${t.ratio.p50.median.toFixed(2)} | ${t.p99Ms.toFixed(2)} ms | ${t.ratio.p99.median.toFixed(2)} | ` +
        `${Number.isNaN(t.cpuUs) ? '—' : `${fmt(t.cpuUs)} µs`} | ${Number.isNaN(t.cpuUs) ? '—' : t.ratio.cpu.median.toFixed(2)} |`,
    );
  }
  for (const failure of failures)
    lines.push(`| ${failure.label} | — | not measured: ${failure.error.split('\n')[0]} | | | | | | | | | |`);
  return lines.join('\n');
}

function importsTable(rows) {
  const openai = rows.find((row) => row.id === 'openai').ms.median;
  const lines = [
    `SDK import: CPU time (user + system) of a fresh Node process that imports the module and exits, minus the empty process of the same round; median of ${settings.imports.rounds} interleaved rounds (range in brackets).`,
    '',
    '| module | version | CPU over an empty process | × openai |',
    '| --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const ms = `${fmt(row.ms.median)} ms (${fmt(row.ms.min)}–${fmt(row.ms.max)})`;
    lines.push(
      `| ${row.label} | ${row.version ?? `Node ${process.version}`} | ${ms} | ${row.id === 'empty' ? '' : (row.ms.median / openai).toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

function callsTable(rows) {
  const { warmup, rounds, perRound } = settings.calls;
  const lines = [
    `SDK per call: CPU time of the client process per call (user + system), median of ${rounds} interleaved rounds of ${perRound} calls each, after ${fmt(warmup)} warm-up calls of each. ` +
      'The HTTP rows call one bare server (its own process) that answers every request with the mock’s JSON for `GET /api/v1/users`.',
    '',
    '| client | version | CPU per call | × floor |',
    '| --- | --- | --- | --- |',
  ];
  for (const row of rows)
    lines.push(`| ${row.label} | ${row.version} | ${row.us.toFixed(1)} µs | ${row.ratio.toFixed(2)} |`);
  return lines.join('\n');
}

function goals(results) {
  const lines = ['Goals of issue 36, from this run:', ''];
  const loop = results.loopback?.targets;
  if (loop) {
    const mock = loop.find((t) => t.id === 'mock');
    const peers = loop.filter((t) => !t.id.startsWith('mock') && t.id !== 'bare');
    const behind = (field, worse) => peers.filter((t) => worse(t[field], mock[field])).map((t) => t.label);
    const slower = behind('rps', (peer, ours) => peer >= ours);
    lines.push(
      `- mock ≥ 0.8 × bare (req/s): ${mock.ratio.rps.median.toFixed(2)} ${mock.ratio.rps.median >= 0.8 ? '✔' : '✘'}`,
      `- mock ahead of every peer (req/s): ${slower.length === 0 ? '✔' : `✘ (behind ${slower.join(', ')})`}`,
    );
    if (!Number.isNaN(mock.cpuUs)) {
      const heavier = behind('cpuUs', (peer, ours) => peer <= ours);
      lines.push(
        `- mock's server CPU a request: ${mock.ratio.cpu.median.toFixed(2)} × bare's; ` +
          `less than every peer's: ${heavier.length === 0 ? '✔' : `✘ (more than ${heavier.join(', ')})`}`,
      );
    }
  }
  const imports = results.imports;
  if (imports) {
    const sdk = imports.find((row) => row.id === 'sdk').ms.median;
    const openai = imports.find((row) => row.id === 'openai').ms.median;
    lines.push(`- SDK import ≤ openai's: ${fmt(sdk)} ms against ${fmt(openai)} ms ${sdk <= openai ? '✔' : '✘'}`);
  }
  const calls = results.calls;
  if (calls) {
    const us = (id) => calls.find((row) => row.id === id).us;
    const overKy = us('sdk') / us('ky');
    lines.push(`- SDK per call ≤ ky × 1.05: ${overKy.toFixed(2)} × ky ${overKy <= 1.05 ? '✔' : '✘'}`);
    lines.push(
      `- SDK per call ≤ openai's: ${(us('sdk') / us('openai')).toFixed(2)} × openai ${us('sdk') <= us('openai') ? '✔' : '✘'}`,
    );
  }
  return lines.join('\n');
}

function profileText({ mock, bare }) {
  const share = (row) => `${(row.share * 100).toFixed(1)} %`;
  const places = new Map(bare.places.map((row) => [row.name, row]));
  const lines = [
    `CPU profiles (\`node --cpu-prof\`), the same load on each, the samples taken while it ran: the built CLI at ${fmt(mock.load.rps)} req/s ` +
      `(${fmt(mock.cpuPerRequestUs)} µs of CPU a request by /proc, ${fmt(mock.busyPerRequestUs)} µs of non-idle samples), ` +
      `bare \`node:http\` at ${fmt(bare.load.rps)} req/s (${fmt(bare.cpuPerRequestUs)} µs by /proc, ${fmt(bare.busyPerRequestUs)} µs of samples). ` +
      'Samples are wall-clock: where the samples exceed the CPU time, the rest is time spent waiting for a core, which lands mostly on `writev` (the syscall a process is preempted on returning from).',
    '',
    '| where | mock | bare |',
    '| --- | --- | --- |',
    ...mock.places.map(
      (row) => `| ${row.name} | ${share(row)} | ${places.has(row.name) ? share(places.get(row.name)) : ''} |`,
    ),
    '',
    '| function in the mock (self time) | share |',
    '| --- | --- |',
    ...mock.functions.map((row) => `| \`${row.name}\` | ${share(row)} |`),
    '',
    '| function in bare `node:http` (self time) | share |',
    '| --- | --- |',
    ...bare.functions.map((row) => `| \`${row.name}\` | ${share(row)} |`),
  ];
  return lines.join('\n');
}

stopChildrenOnExit();
prerequisites();
const work = mkdtempSync(join(tmpdir(), 'commflow-peers-'));
const started = new Date();
const results = { date: started.toISOString(), machineAtStart: machine(), settings, parts: only };
try {
  const { loadGenerator } = await import('./lib/load.mjs');
  const { packageInfo } = await import('./lib/peer-servers.mjs');
  const load = loadGenerator({ work, preferAutocannon: values.autocannon });
  results.loadGenerator = load.version;
  results.versions = Object.fromEntries(
    [
      'wiremock',
      '@stoplight/prism-cli',
      'json-server',
      '@mockoon/cli',
      'openai',
      'stripe',
      'ky',
      'zod',
      'autocannon',
    ].map((name) => [name, packageInfo(name).version]),
  );
  results.versions.java = (spawnSync('java', ['-version'], { encoding: 'utf8' }).stderr ?? 'none').split('\n')[0];
  if (only.includes('loopback')) {
    const { loopback } = await import('./lib/loopback.mjs');
    results.loopback = await loopback({ work, load, log, ...settings.loopback });
  }
  if (only.includes('imports')) {
    const { importCost } = await import('./lib/imports.mjs');
    results.imports = await importCost({ log, ...settings.imports });
  }
  if (only.includes('calls')) {
    const { callCost } = await import('./lib/calls.mjs');
    results.calls = await callCost({ work, log, ...settings.calls });
  }
  if (only.includes('profile')) {
    const { profileMock } = await import('./lib/profile.mjs');
    results.profile = await profileMock({ work, load, log, seconds: quick ? 5 : 8, warmup: 3, connections: 10 });
  }
  results.machineAtEnd = machine();
  results.minutes = (Date.now() - started.getTime()) / 60_000;
  const m = results.machineAtStart;
  const sections = [
    `bench:peers, ${started.toISOString()} (${results.minutes.toFixed(1)} min): ${m.cpus} × ${m.model}, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform}; ` +
      `load average ${m.loadAverage.join(' / ')} at the start, ${results.machineAtEnd.loadAverage.join(' / ')} at the end. ` +
      `Peers: ${Object.entries(results.versions)
        .map(([name, version]) => `${name} ${version}`)
        .join(', ')}.`,
  ];
  if (results.loopback) sections.push(loopbackTable(results.loopback, load));
  if (results.imports) sections.push(importsTable(results.imports));
  if (results.calls) sections.push(callsTable(results.calls));
  if (results.profile) sections.push(profileText(results.profile));
  if (results.loopback ?? results.imports ?? results.calls) sections.push(goals(results));
  const text = `${sections.join('\n\n')}\n`;
  process.stdout.write(`\n${text}`);
  mkdirSync(join(HERE, 'results'), { recursive: true });
  writeFileSync(join(HERE, 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(HERE, 'results', 'latest.md'), text);
  log('\nwrote benchmarks/peers/results/latest.json and latest.md');
} finally {
  await stopAll();
  rmSync(work, { recursive: true, force: true });
}
