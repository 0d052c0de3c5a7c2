// Performance ratio guards (issue 36): `npx -y pnpm@10 run perf:guards`, one step of
// scripts/test-all.mjs. Three ratios, each taken within one run so that a busy machine slows both
// sides alike, and each failing only when it is worse than LIMIT_FACTOR × the figure recorded
// below, so wide that noise never trips it:
//
// - mock / bare: CPU time per request of the standalone mock (the built CLI, its own process)
//   over that of a bare `node:http` server sending the mock's bytes (its own process), for
//   `GET /api/v1/contacts?limit=50` over loopback; the load comes from a third process;
// - SDK / ky, per call: CPU time of a client process per `users.list()` over per
//   `ky.get(url).json()`, against one bare server answering the mock's JSON;
// - SDK / zod, import: CPU time of a fresh process importing `@commflow/sdk` over one importing
//   `zod/mini`, each less an empty process.
//
// Each guard proves itself in the same run: a copy of the measured side made slower on purpose
// (a busy loop of (limit + 1) × the other side's own cost per request, call or import) is
// measured next to it, and the guard must fail on it. `PERF_GUARD_SLOW=mock,sdk-call,sdk-import`
// (any of them) puts that busy loop in the real side instead, so that the guard itself fails.
// Needs the workspace built (`npx -y pnpm@10 run build`) and nothing outside the workspace: ky and
// zod come from the SDK's dependencies, the load generator is this file in another process.
// Every loop is bounded in count; every process it starts is stopped at the end and on an error.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import { createRequire } from 'node:module';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');
const SDK_DIR = join(ROOT, 'packages/sdk');
const CLI = join(ROOT, 'packages/mock-server/bin/commflow-mock.js');
/** The demo's sandbox tenant (docs/guides/cli.md). */
const TENANT = '11111111-1111-4111-8111-111111111111';

/**
 * The ratios of runs on the shared 2-core machine (2026-11-28, load average 13–17: see
 * docs/performance.md, "Ratio guards"), rounded up. A guard fails past LIMIT_FACTOR × its figure.
 */
const RECORDED = { mock: 2.5, sdkCall: 1.25, sdkImport: 1.3 };
const LIMIT_FACTOR = 3;
const limit = (name) => RECORDED[name] * LIMIT_FACTOR;

const SLOW = new Set((process.env.PERF_GUARD_SLOW ?? '').split(',').filter(Boolean));
for (const name of SLOW) {
  if (!['mock', 'sdk-call', 'sdk-import'].includes(name)) {
    process.stderr.write(`perf-guards: PERF_GUARD_SLOW takes mock, sdk-call or sdk-import, not '${name}'\n`);
    process.exit(2);
  }
}

const log = (line) => process.stderr.write(`${line}\n`);
const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
/** Burns `us` microseconds of this process's CPU: the planted slowness. */
const spin = (us) => {
  const end = cpuUs() + us;
  while (cpuUs() < end);
};
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
/** The order of round `round`: reversed every other round, so neither side always goes first. */
const ordered = (items, round) => (round % 2 === 0 ? items : [...items].reverse());

// ---------------------------------------------------------------------------------------------
// Roles of the child processes: `node perf-guards.mjs --role=<role> <json>`.

/** A bare `node:http` server: answers each path with the fixture captured from the mock. */
function bareRole({ port, fixtures }) {
  const answers = new Map(
    Object.entries(fixtures).map(([path, { status, headers, body }]) => [
      path,
      { status, headers, bytes: Buffer.from(body, 'base64') },
    ]),
  );
  createServer((req, res) => {
    const answer = answers.get(req.url.split('?')[0]);
    if (answer === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.bytes);
  }).listen(port, '127.0.0.1');
  process.once('SIGTERM', () => process.exit(0));
}

/** The load generator: `count` requests over `connections` kept-alive connections; every answer must be a 200. */
async function loadRole({ url, headers, connections, count }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let sent = 0;
  const one = () =>
    new Promise((resolve, reject) => {
      const req = request(url, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${res.statusCode}`))));
      });
      req.setTimeout(30_000, () => req.destroy(new Error(`${url}: no answer in 30 s`)));
      req.on('error', reject);
      req.end();
    });
  const worker = async () => {
    while (sent < count) {
      sent++;
      await one();
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  process.stdout.write('done\n');
}

/** The client process of the per-call guard: CPU per call of ky, the SDK and the slowed SDK. */
async function callsRole({ url, apiKey, warmup, rounds, perRound }) {
  const require = createRequire(join(SDK_DIR, 'package.json'));
  const { default: ky } = await import(pathToFileURL(require.resolve('ky')).href);
  const { CommFlow } = await import(pathToFileURL(join(SDK_DIR, 'dist/index.js')).href);
  const users = `${url}/api/v1/users`;
  const headers = { 'X-API-Key': apiKey, 'X-Tenant-Id': TENANT, Accept: 'application/json' };
  let spinUs = 0;
  const slowFetch = (input, init) => {
    spin(spinUs);
    return fetch(input, init);
  };
  const sdk = new CommFlow({
    apiKey,
    tenantId: TENANT,
    baseUrl: url,
    ...(SLOW.has('sdk-call') ? { fetch: slowFetch } : {}),
  });
  const slowed = new CommFlow({ apiKey, tenantId: TENANT, baseUrl: url, fetch: slowFetch });
  const sides = {
    ky: async () => (await ky.get(users, { headers }).json()).data.users,
    sdk: async () => (await sdk.users.list()).items,
    slowed: async () => (await slowed.users.list()).items,
  };
  const names = Object.keys(sides);
  for (const name of names) if (!Array.isArray(await sides[name]())) throw new Error(`${name}: no users in the answer`);
  const kyStart = cpuUs();
  for (let i = 0; i < warmup; i++) await sides.ky();
  // The planted slowness: (limit + 1) × ky's own cost per call, from its warm-up.
  spinUs = ((cpuUs() - kyStart) / warmup) * (limit('sdkCall') + 1);
  // The slowed side's busy loop dwarfs its noise: a fifth of the calls is plenty.
  const count = (name) => (name === 'slowed' ? Math.ceil(perRound / 5) : perRound);
  for (let i = 0; i < warmup; i++) for (const name of names) if (name !== 'slowed' || i % 5 === 0) await sides[name]();
  const times = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const name of ordered(names, round)) {
      const start = cpuUs();
      for (let i = 0; i < count(name); i++) await sides[name]();
      times[name].push((cpuUs() - start) / count(name));
    }
  }
  process.stdout.write(`${JSON.stringify(Object.fromEntries(names.map((name) => [name, median(times[name])])))}\n`);
}

// ---------------------------------------------------------------------------------------------
// Processes.

const children = new Set();
function start(args, { env } = {}) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.add(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr = (stderr + chunk).slice(-8192)));
  child.once('exit', () => children.delete(child));
  return { child, stderr: () => stderr };
}
async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
/** Runs a process to its end (killed after `timeoutMs`) and answers its stdout. */
async function run(args, { cwd = ROOT, timeoutMs = 120_000 } = {}) {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr = (stderr + chunk).slice(-8192)));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const [code] = await once(child, 'exit');
  clearTimeout(timer);
  children.delete(child);
  if (code !== 0) throw new Error(`node ${args.slice(0, 3).join(' ')}… failed (${code}): ${stderr}`);
  return stdout;
}
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
async function waitFor(server, url, init) {
  for (let i = 0; i < 600; i++) {
    if (server.child.exitCode !== null) throw new Error(`${url}: the server exited: ${server.stderr()}`);
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url}: no answer in 60 s`);
}

/**
 * CPU time a running process has used, in microseconds, summed over its threads from Linux's
 * /proc/<pid>/task/<tid>/schedstat (nanoseconds, where /proc/<pid>/stat counts 10 ms ticks);
 * undefined without /proc. Unlike wall time, it leaves out the moments the process waited for a
 * core on a busy machine.
 */
function processCpuUs(pid) {
  if (!existsSync(`/proc/${pid}/task`)) return undefined;
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return ns / 1000;
}

/** One answer as it went on the wire, less the headers Node adds itself: the bare server's fixture. */
async function capture(url, headers) {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${url}: ${response.status} ${body}`);
  const kept = {};
  for (const [name, value] of response.headers)
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) kept[name] = value;
  return { status: response.status, headers: kept, body: body.toString('base64') };
}

// ---------------------------------------------------------------------------------------------
// The guards.

const SELF = import.meta.filename;
const PATH = '/api/v1/contacts?limit=50';

/**
 * Starts the CLI on a free port and makes it a key whose rate limit no load reaches. With
 * `spinFile`, a preload burns, per request, the microseconds that file holds (read at the first
 * request, so that the run can set it after the mock started): the planted slowness.
 */
async function startMock(work, spinFile) {
  const port = await freePort();
  const preload = join(work, `spin-${port}.mjs`);
  writeFileSync(
    preload,
    `import { existsSync, readFileSync } from 'node:fs';
import { Server } from 'node:http';
const cpu = () => { const { user, system } = process.cpuUsage(); return user + system; };
let spinUs;
const emit = Server.prototype.emit;
Server.prototype.emit = function (event, ...args) {
  if (event === 'request' && args[0].url.startsWith('/api/')) {
    if (spinUs === undefined && existsSync(${JSON.stringify(spinFile)})) spinUs = Number(readFileSync(${JSON.stringify(spinFile)}, 'utf8'));
    const end = cpu() + (spinUs ?? 0);
    while (cpu() < end);
  }
  return emit.call(this, event, ...args);
};
`,
  );
  const args = [CLI, '--host', '127.0.0.1', '--port', String(port)];
  const server = start(spinFile === undefined ? args : ['--import', pathToFileURL(preload).href, ...args]);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(server, `${url}/__mock/clock`);
  // The demo key's 600 a minute would throttle the load: a key with room.
  const response = await fetch(`${url}/__mock/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenantIds: [TENANT], rateLimit: { limit: 1_000_000_000, windowSeconds: 60 } }),
  });
  const { data } = await response.json();
  return { ...server, url, headers: { 'X-API-Key': data.apiKey.key, 'X-Tenant-Id': TENANT } };
}

/** The mock, a slowed copy of it and a bare server with the mock's answers, each in its own process. */
async function startServers(work) {
  if (!existsSync(join(ROOT, 'packages/mock-server/dist/cli.js')) || !existsSync(join(SDK_DIR, 'dist/index.js')))
    throw new Error('the packages are not built: npx -y pnpm@10 run build');
  const spinFile = join(work, 'spin-us');
  const [mock, slowed] = await Promise.all([startMock(work), startMock(work, spinFile)]);
  // Captured before the spin file exists: nothing is slowed yet.
  const fixtures = {
    '/api/v1/contacts': await capture(`${mock.url}${PATH}`, mock.headers),
    '/api/v1/users': await capture(`${mock.url}/api/v1/users`, mock.headers),
  };
  const port = await freePort();
  const bare = { ...start([SELF, '--role=bare', JSON.stringify({ port, fixtures })]), url: `http://127.0.0.1:${port}` };
  await waitFor(bare, `${bare.url}/api/v1/users`);
  return { mock, slowed, bare, spinFile, apiKey: mock.headers['X-API-Key'] };
}

async function mockGuard({ mock, slowed, bare, spinFile }) {
  if (processCpuUs(process.pid) === undefined) return { skipped: 'needs /proc (Linux) for a server’s CPU time' };
  const load = (server, count) =>
    run([
      SELF,
      '--role=load',
      JSON.stringify({ url: `${server.url}${PATH}`, headers: server.headers ?? mock.headers, connections: 8, count }),
    ]);
  const cpuPerRequest = async (server, count) => {
    const before = processCpuUs(server.child.pid);
    await load(server, count);
    return (processCpuUs(server.child.pid) - before) / count;
  };
  // The bare server's cost sets the planted slowness: (limit + 1) × it per request.
  await load(bare, 200);
  writeFileSync(spinFile, String(Math.ceil((await cpuPerRequest(bare, 300)) * (limit('mock') + 1))));
  await Promise.all([load(mock, 300), load(slowed, 20)]);
  const sides = { bare, mock: SLOW.has('mock') ? slowed : mock, slowed };
  const figures = { bare: [], mock: [], slowed: [] };
  for (let round = 0; round < 3; round++)
    for (const name of ordered(Object.keys(sides), round))
      // The slowed side's busy loop dwarfs its noise: fewer requests are plenty.
      figures[name].push(await cpuPerRequest(sides[name], name === 'slowed' ? 40 : 300));
  const us = Object.fromEntries(Object.entries(figures).map(([name, values]) => [name, median(values)]));
  return {
    ratio: us.mock / us.bare,
    slowedRatio: us.slowed / us.bare,
    detail: `mock ${us.mock.toFixed(0)} µs, bare ${us.bare.toFixed(0)} µs of server CPU a request`,
  };
}

async function callGuard({ bare, apiKey }) {
  const config = { url: bare.url, apiKey, warmup: 100, rounds: 10, perRound: 20 };
  const us = JSON.parse(await run([SELF, '--role=calls', JSON.stringify(config)]));
  return {
    ratio: us.sdk / us.ky,
    slowedRatio: us.slowed / us.ky,
    detail: `SDK ${us.sdk.toFixed(0)} µs, ky ${us.ky.toFixed(0)} µs of client CPU a call`,
  };
}

async function importGuard() {
  const code = (specifier, spinUs) =>
    `const cpu = () => { const { user, system } = process.cpuUsage(); return user + system; };
${spinUs > 0 ? `{ const end = cpu() + ${spinUs}; while (cpu() < end); }` : ''}
${specifier === undefined ? '' : `await import(${JSON.stringify(specifier)});`}
process.stdout.write(String(cpu()));`;
  const cost = async (specifier, spinUs = 0) =>
    Number(await run(['--input-type=module', '-e', code(specifier, spinUs)], { cwd: SDK_DIR }));
  const sides = {
    empty: () => cost(undefined),
    zod: () => cost('zod/mini'),
    sdk: () => cost('@commflow/sdk', SLOW.has('sdk-import') ? spinUs : 0),
    slowed: () => cost('@commflow/sdk', spinUs),
  };
  const figures = { empty: [], zod: [], sdk: [], slowed: [] };
  // zod's cost in the first round sets the planted slowness: (limit + 1) × it.
  let spinUs = 0;
  for (let round = 0; round < 4; round++) {
    for (const name of ordered(['empty', 'zod', 'sdk'], round)) figures[name].push(await sides[name]());
    if (round === 0) spinUs = Math.ceil(Math.max(figures.zod[0] - figures.empty[0], 1_000) * (limit('sdkImport') + 1));
    // The slowed side's busy loop dwarfs its noise: every other round is plenty.
    if (round % 2 === 1) figures.slowed.push((await sides.slowed()) - figures.empty[round]);
  }
  const over = (name) => median(figures[name].map((value, round) => value - figures.empty[round]));
  const [zod, sdk, slowed] = [over('zod'), over('sdk'), median(figures.slowed)];
  return {
    ratio: sdk / zod,
    slowedRatio: slowed / zod,
    detail: `SDK ${(sdk / 1000).toFixed(0)} ms, zod/mini ${(zod / 1000).toFixed(0)} ms of CPU over an empty process`,
  };
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'commflow-perf-guards-'));
  const started = Date.now();
  const guards = [
    { name: 'mock', label: 'mock / bare node:http, server CPU a request over loopback', run: mockGuard },
    { name: 'sdkCall', label: 'SDK / ky, client CPU a call', run: callGuard },
    { name: 'sdkImport', label: 'SDK / zod/mini, CPU of the import', run: importGuard },
  ];
  const failures = [];
  try {
    if (SLOW.size > 0) log(`perf-guards: PERF_GUARD_SLOW=${[...SLOW].join(',')}: those sides carry a busy loop`);
    const servers = await startServers(work);
    for (const guard of guards) {
      const began = Date.now();
      const result = await guard.run(servers);
      const max = limit(guard.name);
      if (result.skipped !== undefined) {
        log(`- ${guard.label}: skipped (${result.skipped})`);
        continue;
      }
      // The mocks are done with once their guard is: the other guards run on a quieter machine.
      if (guard.name === 'mock') await Promise.all([stop(servers.mock.child), stop(servers.slowed.child)]);
      const ok = result.ratio <= max;
      const proven = result.slowedRatio > max;
      log(
        `- ${guard.label}: ${result.ratio.toFixed(2)} (recorded ${RECORDED[guard.name]}, fails past ${max.toFixed(2)}) ${ok ? 'ok' : 'FAILED'}; ` +
          `${result.detail}; ${((Date.now() - began) / 1000).toFixed(0)} s; planted slowness: ${result.slowedRatio.toFixed(2)} ${proven ? 'caught' : 'NOT CAUGHT'}`,
      );
      if (!ok)
        failures.push(
          `${guard.label}: ${result.ratio.toFixed(2)} is worse than ${max.toFixed(2)} (${LIMIT_FACTOR} × the recorded ${RECORDED[guard.name]})`,
        );
      if (!proven)
        failures.push(`${guard.label}: the planted slowness (${result.slowedRatio.toFixed(2)}) did not fail the guard`);
    }
  } finally {
    for (const child of children) await stop(child);
    rmSync(work, { recursive: true, force: true });
  }
  log(`perf-guards: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failures.length > 0) {
    log(`perf-guards failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
}

const role = process.argv[2]?.startsWith('--role=') ? process.argv[2].slice('--role='.length) : undefined;
const input = role === undefined ? undefined : JSON.parse(process.argv[3] ?? '{}');
if (role === 'bare') bareRole(input);
else if (role === 'load') await loadRole(input);
else if (role === 'calls') await callsRole(input);
else if (role === undefined) await main();
else {
  process.stderr.write(`perf-guards: unknown role '${role}'\n`);
  process.exit(2);
}
