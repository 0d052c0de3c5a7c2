// Loopback figures: every server in its own process on 127.0.0.1, the load from another process,
// the servers interleaved across rounds so that a noisy moment of a shared machine favours none.
import { join } from 'node:path';
import {
  CONTACTS,
  OURS,
  actingUser,
  addIdleOverrides,
  capture,
  fillContacts,
  newContact,
  startMock,
  writeFixture,
} from './mock.mjs';
import { PATH, PEERS, packageInfo } from './peer-servers.mjs';
import { freePort, processCpuUs, startServer, stopProcess, waitForHttp } from './processes.mjs';
import { interleaved, median, spread } from './stats.mjs';

const QUERY = `${PATH}?limit=${CONTACTS}`;

/** Checks that a target answers as expected before it is measured: the figures mean nothing otherwise. */
async function check(target) {
  const { url, method = 'GET', headers, body } = target.request;
  const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (response.status !== target.expectStatus) {
    throw new Error(`${target.label}: ${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  if (method === 'GET') {
    const count = JSON.parse(text).data?.contacts?.length;
    if (count !== CONTACTS) throw new Error(`${target.label}: ${count} contacts, not ${CONTACTS}`);
  }
  return Buffer.byteLength(text);
}

/**
 * Starts every server, warms each up, then measures each once per round. Answers the targets with
 * their rounds and figures; every server it started is stopped before it returns or throws.
 */
export async function loopback({ work, load, rounds, seconds, warmup, connections, log }) {
  const servers = [];
  const targets = [];
  const failures = [];
  try {
    log('loopback: starting the mock (built CLI) and filling its sandbox to 50 contacts');
    const mock = await startMock('mock');
    servers.push(mock.server);
    await fillContacts(mock);
    const captured = await capture(`${mock.url}${QUERY}`, mock.headers);
    const fixture = join(work, 'contacts-fixture.json');
    writeFixture(fixture, captured);
    const body = captured.body.toString('utf8');

    const barePort = await freePort();
    const bare = startServer('bare', process.execPath, [
      join(import.meta.dirname, '../servers/bare.mjs'),
      String(barePort),
      fixture,
    ]);
    servers.push(bare);
    const bareUrl = `http://127.0.0.1:${barePort}`;
    await waitForHttp(bare, `${bareUrl}${QUERY}`);

    log('loopback: a second mock with 100 idle overrides, a third for writes');
    const withOverrides = await startMock('mock, 100 idle overrides');
    servers.push(withOverrides.server);
    await fillContacts(withOverrides);
    await addIdleOverrides(withOverrides);
    const writer = await startMock('mock, POST');
    servers.push(writer.server);
    const email = await actingUser(writer);

    const get = (url, headers = mock.headers) => ({ url: `${url}${QUERY}`, headers });
    targets.push(
      {
        id: 'bare',
        label: 'bare `node:http`, the mock’s bytes',
        version: `Node ${process.version}`,
        request: get(bareUrl),
        expectStatus: 200,
        pid: bare.child.pid,
      },
      {
        id: 'mock',
        label: '**CommFlow mock** (CLI)',
        version: OURS,
        request: get(mock.url),
        expectStatus: 200,
        pid: mock.server.child.pid,
      },
      {
        id: 'mock-overrides',
        label: 'CommFlow mock, 100 idle overrides',
        version: OURS,
        request: get(withOverrides.url, withOverrides.headers),
        expectStatus: 200,
        pid: withOverrides.server.child.pid,
      },
      {
        id: 'mock-post',
        label: 'CommFlow mock, `POST /api/v1/contacts` (a write, journaled)',
        version: OURS,
        request: {
          url: `${writer.url}${PATH}`,
          method: 'POST',
          // No Idempotency-Key: with one key every request after the first would be a replay.
          headers: { ...writer.headers, 'X-User-Email': email, 'Content-Type': 'application/json' },
          body: JSON.stringify(newContact('wrk')),
        },
        expectStatus: 201,
        pid: writer.server.child.pid,
      },
    );
    for (const peer of PEERS) {
      log(`loopback: starting ${peer.name}`);
      try {
        const { server, url } = await peer.start(work, body);
        servers.push(server);
        targets.push({
          id: peer.pkg,
          label: peer.name,
          version: `${peer.pkg} ${packageInfo(peer.pkg).version}`,
          request: get(url),
          expectStatus: 200,
          pid: server.child.pid,
        });
      } catch (error) {
        // One peer that cannot start here leaves the others' figures standing.
        failures.push({ label: peer.name, error: error instanceof Error ? error.message : String(error) });
        log(`loopback: ${peer.name} did not start: ${failures.at(-1).error.split('\n')[0]}`);
      }
    }
    for (const target of targets) {
      target.bytes = await check(target);
      target.rounds = [];
    }

    log(`loopback: warm-up, ${warmup} s each (${targets.length} servers)`);
    for (const target of targets) await load.run(target.request, { connections, seconds: warmup });
    for (let round = 0; round < rounds; round++) {
      for (const target of interleaved(targets, round, rounds)) {
        const cpuBefore = processCpuUs(target.pid);
        const result = await load.run(target.request, { connections, seconds });
        const cpuAfter = processCpuUs(target.pid);
        // The server's own CPU time per request: steadier than req/s on a machine others use.
        const cpuUs =
          cpuBefore === undefined || cpuAfter === undefined ? Number.NaN : (cpuAfter - cpuBefore) / result.requests;
        target.rounds.push({ round, ...result, cpuUs });
        log(
          `loopback: round ${round + 1}/${rounds} ${target.id}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50Ms.toFixed(2)} ms, p99 ${result.p99Ms.toFixed(2)} ms, ${cpuUs.toFixed(0)} µs CPU a request${result.non2xx + result.errors > 0 ? `, ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
        );
      }
    }
  } finally {
    await Promise.all(servers.map((server) => stopProcess(server.child)));
  }
  return { targets: summarise(targets), failures };
}

/** Each target's medians over the rounds, and its ratios to bare taken round by round. */
function summarise(targets) {
  const bare = targets.find((target) => target.id === 'bare');
  return targets.map((target) => {
    const inRound = (round) => bare.rounds.find((r) => r.round === round);
    const ratio = (field) => spread(target.rounds.map((r) => r[field] / inRound(r.round)[field]));
    return {
      id: target.id,
      label: target.label,
      version: target.version,
      request: `${target.request.method ?? 'GET'} ${new URL(target.request.url).pathname}${new URL(target.request.url).search}`,
      bodyBytes: target.bytes,
      rps: median(target.rounds.map((r) => r.rps)),
      p50Ms: median(target.rounds.map((r) => r.p50Ms)),
      p99Ms: median(target.rounds.map((r) => r.p99Ms)),
      cpuUs: median(target.rounds.map((r) => r.cpuUs)),
      ratio: { rps: ratio('rps'), p50: ratio('p50Ms'), p99: ratio('p99Ms'), cpu: ratio('cpuUs') },
      non2xx: target.rounds.reduce((sum, r) => sum + r.non2xx, 0),
      errors: target.rounds.reduce((sum, r) => sum + r.errors, 0),
      rounds: target.rounds,
    };
  });
}
