// A CPU profile of the standalone mock under load: the built CLI with `--cpu-prof`, wrk against
// `GET /api/v1/contacts?limit=50` from its own process, and the samples taken while the load ran
// summed by function (self time) and by where the code lives.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTACTS, capture, fillContacts, startMock, writeFixture } from './mock.mjs';
import { freePort, processCpuUs, startServer, stopProcess, waitForHttp } from './processes.mjs';

/** Microseconds on the monotonic clock that V8's profiler stamps its samples with (Linux). */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** Where a function's code lives, for the second summary. */
function place(url, functionName) {
  if (url === '') return functionName.startsWith('(') ? functionName : 'V8 and native code';
  if (url.includes('internal/deps/undici') || url.includes('internal/webstreams'))
    return 'undici (Response) and web streams';
  if (url.startsWith('node:')) return 'other Node internals (http, net, streams…)';
  if (url.includes('/@hono/node-server/')) return '@hono/node-server';
  if (url.includes('/zod/')) return 'zod';
  if (url.includes('/packages/contract/')) return '@commflow/contract';
  if (url.includes('/packages/mock-server/')) return '@commflow/mock-server';
  return 'other';
}

/** Self time of the samples between `fromUs` and `toUs`, by function and by place, as shares. */
function summarise(profile, fromUs, toUs, top) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const counts = new Map();
  let time = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i] ?? 0;
    if (time < fromUs || time > toUs) return;
    total++;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  });
  const byFunction = new Map();
  const byPlace = new Map();
  for (const [id, count] of counts) {
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const name = functionName || '(anonymous)';
    const file = url
      .replace(/^.*\/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, '')
      .replace(/^.*\/packages\//, '');
    const key = url === '' ? name : `${name} (${file}:${lineNumber + 1})`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + count);
    const where = place(url, name);
    byPlace.set(where, (byPlace.get(where) ?? 0) + count);
  }
  const shares = (map, limit) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, count]) => ({ name, share: count / total }));
  return { samples: total, functions: shares(byFunction, top), places: shares(byPlace, Infinity) };
}

/** Runs the load on `request` while `server` runs with `--cpu-prof` into `dir`; stops it and sums its profile. */
async function profiled({ server, dir, request, load, seconds, warmup, connections, top }) {
  let figures;
  let fromUs;
  let toUs;
  let cpu;
  try {
    await load.run(request, { connections, seconds: warmup });
    const start = nowUs();
    const cpuBefore = processCpuUs(server.child.pid);
    figures = await load.run(request, { connections, seconds });
    cpu = (processCpuUs(server.child.pid) - cpuBefore) / figures.requests;
    // The first and last half second of the run left out: the load generator starts and stops.
    fromUs = start + 500_000;
    toUs = nowUs() - 500_000;
  } finally {
    // Both exit on SIGTERM with code 0, which writes the profile.
    await stopProcess(server.child, 20_000);
  }
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error(`no profile written in ${dir}: ${server.stderr()}`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const summary = summarise(profile, fromUs, toUs, top);
  const idle = summary.places.find((row) => row.name === '(idle)')?.share ?? 0;
  // Samples are taken on the wall clock: on a busy machine the time a server waits for a core
  // counts as whatever it was doing (often the syscall it returns from). Its CPU time from /proc
  // against its busy samples tells how much of them that is.
  return { load: figures, cpuPerRequestUs: cpu, busyPerRequestUs: ((1 - idle) * 1e6) / figures.rps, ...summary };
}

/**
 * Profiles the built CLI, then bare `node:http` sending its bytes (the same load on each): what
 * the mock spends beyond what any Node server spends on the same answer.
 */
export async function profileMock({ work, load, seconds, warmup, connections, log, top = 20 }) {
  const mockDir = join(work, 'cpu-profile-mock');
  const mock = await startMock('mock (profiled)', ['--cpu-prof', '--cpu-prof-dir', mockDir]);
  let request;
  let fixture;
  try {
    await fillContacts(mock);
    request = { url: `${mock.url}/api/v1/contacts?limit=${CONTACTS}`, headers: mock.headers };
    fixture = join(work, 'profile-fixture.json');
    writeFixture(fixture, await capture(request.url, request.headers));
  } catch (error) {
    await stopProcess(mock.server.child);
    throw error;
  }
  log(`profile: the CLI, warm-up ${warmup} s, then ${seconds} s of load`);
  const mockProfile = await profiled({
    server: mock.server,
    dir: mockDir,
    request,
    load,
    seconds,
    warmup,
    connections,
    top,
  });
  const bareDir = join(work, 'cpu-profile-bare');
  const port = await freePort();
  const bare = startServer('bare (profiled)', process.execPath, [
    '--cpu-prof',
    '--cpu-prof-dir',
    bareDir,
    join(import.meta.dirname, '../servers/bare.mjs'),
    String(port),
    fixture,
  ]);
  const bareRequest = { ...request, url: `http://127.0.0.1:${port}/api/v1/contacts?limit=${CONTACTS}` };
  try {
    await waitForHttp(bare, bareRequest.url);
  } catch (error) {
    await stopProcess(bare.child);
    throw error;
  }
  log(`profile: bare node:http, warm-up ${warmup} s, then ${seconds} s of load`);
  const bareProfile = await profiled({
    server: bare,
    dir: bareDir,
    request: bareRequest,
    load,
    seconds,
    warmup,
    connections,
    top: 8,
  });
  return { mock: mockProfile, bare: bareProfile };
}
