// The client process of the per-call figures (started by calls.mjs): CPU time of this process
// per call, for each client against one local HTTP server (another process) that answers every
// request with the same JSON, and for the SDK against the in-process `mock.fetch`. Each client
// at its defaults. Prints the figures as one JSON line.
// Usage: node calls-client.mjs '<{"url","apiKey","tenantId","warmup","rounds","perRound"}>'
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ky from 'ky';
import OpenAI from 'openai';
import Stripe from 'stripe';
import { interleaved, median } from './stats.mjs';

const ROOT = join(import.meta.dirname, '../../..');
const dist = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { CommFlow } = await dist('packages/sdk/dist/index.js');
const { createMock } = await dist('packages/mock-server/dist/index.js');

const { url, apiKey, tenantId, warmup, rounds, perRound } = JSON.parse(process.argv[2] ?? '{}');
const { port } = new URL(url);
const headers = { 'X-API-Key': apiKey, 'X-Tenant-Id': tenantId, Accept: 'application/json' };
const users = `${url}/api/v1/users`;

const sdk = new CommFlow({ apiKey, tenantId, baseUrl: url });
const openai = new OpenAI({ apiKey: 'sk-bench', baseURL: `${url}/v1` });
const stripe = new Stripe('sk_test_bench', { host: '127.0.0.1', port: Number(port), protocol: 'http' });

const mock = createMock('demo');
const BASE = 'http://commflow.mock';
// The demo key's 600 a minute would throttle the run: a key with room.
const inProcessKey = mock.createApiKey({
  tenantIds: [tenantId],
  rateLimit: { limit: 1_000_000_000, windowSeconds: 60 },
}).key;
const inProcess = new CommFlow({ apiKey: inProcessKey, tenantId, baseUrl: BASE, fetch: mock.fetch });
const inProcessHeaders = { ...headers, 'X-API-Key': inProcessKey };

/** Each side makes one call and reads its answer's JSON; a wrong answer throws. */
const sides = {
  fetch: async () => (await (await fetch(users, { headers })).json()).data.users,
  ky: async () => (await ky.get(users, { headers }).json()).data.users,
  sdk: async () => (await sdk.users.list()).items,
  openai: async () => (await openai.models.list()).data,
  stripe: async () => (await stripe.customers.list()).data,
  inProcessRaw: async () =>
    (await (await mock.fetch(new Request(`${BASE}/api/v1/users`, { headers: inProcessHeaders }))).json()).data.users,
  inProcessSdk: async () => (await inProcess.users.list()).items,
};
const names = Object.keys(sides);

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

for (const name of names) {
  const answer = await sides[name]();
  if (answer === undefined || answer === null) throw new Error(`${name}: no data in the answer`);
}
// Long enough for every side to reach optimised code before anything is measured.
for (let i = 0; i < warmup; i++) for (const name of names) await sides[name]();
const times = Object.fromEntries(names.map((name) => [name, []]));
for (let round = 0; round < rounds; round++) {
  for (const name of interleaved(names, round, rounds)) {
    const start = cpu();
    for (let i = 0; i < perRound; i++) await sides[name]();
    times[name].push((cpu() - start) / perRound);
  }
}
process.stdout.write(
  `${JSON.stringify(Object.fromEntries(names.map((name) => [name, { us: median(times[name]), rounds: times[name] }])))}\n`,
);
