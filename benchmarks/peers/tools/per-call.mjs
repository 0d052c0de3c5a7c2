// What one SDK call costs over ky's: CPU time per `users.list()` of one or more builds of the SDK
// and per `ky.get(url, { headers }).json()`, all against one in-process `fetch` that answers a
// canned `Response` (the clients' own cost, without a network), in one process, interleaved
// rounds, reversed every other round. Prints each build's median per call and its ratio to ky's,
// and each build's ratio to the first build's (before and after a change).
// Usage: node tools/per-call.mjs <label>=<path to an SDK's dist/index.js> … [--rounds=N] [--per-round=N]
//        [--cpu-prof=<label>] (then only that build, under `node --cpu-prof`, for a profile)
// (issue 36, part 4: the SDK's per-call path).
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string', default: '60' },
    'per-round': { type: 'string', default: '50' },
    'warm-up': { type: 'string', default: '3000' },
  },
});
const builds = positionals.map((arg) => {
  const [label, path] = arg.split('=');
  if (!label || !path || !existsSync(path)) {
    process.stderr.write(`usage: node tools/per-call.mjs <label>=<dist/index.js> … [--rounds=N] (not '${arg}')\n`);
    process.exit(2);
  }
  return { label, path: resolve(path) };
});
const [rounds, perRound, warmUp] = [values.rounds, values['per-round'], values['warm-up']].map(Number);

const BODY = JSON.stringify({
  success: true,
  data: {
    users: Array.from({ length: 5 }, (_, i) => ({
      id: `097edb65-a587-4f4b-b4c4-9dddffcadd6${i}`,
      email: `user${i}@acme.test`,
      firstName: 'Ann',
      lastName: 'Lee',
      extension: null,
      createdAt: '2026-11-28T10:49:43.394Z',
    })),
  },
});
const ANSWER_HEADERS = [
  ['content-type', 'application/json; charset=utf-8'],
  // A window the run never uses up: the client-side queue counts down from what a response reports.
  ['ratelimit-limit', '1000000000'],
  ['ratelimit-remaining', '999999999'],
  ['ratelimit-reset', '60'],
  ['x-request-id', 'req_e563724a-703e-4486-b159-a19a1b220820'],
];
/** The mock's answer to `GET /api/v1/users` (with a key whose limit the run never reaches), made anew for each call. */
const fetch = async () => new Response(BODY, { headers: ANSWER_HEADERS });

const apiKey = 'cf_test_0123456789abcdefghijklmn';
const tenantId = '11111111-1111-4111-8111-111111111111';
const baseUrl = 'http://commflow.mock';
// ky resolves from the first build's package, as the SDK's own dependency.
const require = createRequire(builds[0].path);
const { default: ky } = await import(pathToFileURL(require.resolve('ky')).href);
const kyClient = ky.create({ fetch, retry: 0 });
const headers = { 'x-api-key': apiKey, 'x-tenant-id': tenantId, accept: 'application/json' };
const sides = { ky: async () => (await kyClient.get(`${baseUrl}/api/v1/users`, { headers }).json()).data.users };
for (const { label, path } of builds) {
  const { CommFlow } = await import(pathToFileURL(path).href);
  const client = new CommFlow({ apiKey, tenantId, baseUrl, fetch });
  sides[label] = async () => (await client.users.list()).items;
}
const names = Object.keys(sides);
for (const name of names) if ((await sides[name]()).length !== 5) throw new Error(`${name}: no users in the answer`);
for (let i = 0; i < warmUp; i++) for (const name of names) await sides[name]();

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const times = Object.fromEntries(names.map((name) => [name, []]));
for (let round = 0; round < rounds; round++) {
  for (const name of round % 2 === 0 ? names : [...names].reverse()) {
    const start = cpu();
    for (let i = 0; i < perRound; i++) await sides[name]();
    times[name].push((cpu() - start) / perRound);
  }
}
const ky1 = median(times.ky);
const first = builds[0].label;
// Ratios per round, then their median: a round's sides ran back to back, in the same weather.
const perRoundRatio = (a, b) => median(times[a].map((value, round) => value / times[b][round]));
process.stdout.write(`${rounds} interleaved rounds of ${perRound} calls, CPU µs a call (median)\n`);
process.stdout.write(`ky: ${ky1.toFixed(1)} µs\n`);
for (const { label } of builds) {
  const vsFirst = label === first ? '' : `, × ${first} ${perRoundRatio(label, first).toFixed(3)}`;
  process.stdout.write(
    `${label}: ${median(times[label]).toFixed(1)} µs, × ky ${perRoundRatio(label, 'ky').toFixed(3)}${vsFirst}\n`,
  );
}
