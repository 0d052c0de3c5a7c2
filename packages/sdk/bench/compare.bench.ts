/**
 * Per-call cost of two builds of the SDK, back to back in one process: `dist/` of this tree and
 * the `dist/` of another checkout (the first argument, such as /work/main/packages/sdk), each
 * calling `client.ai.agents.list()` against the same in-process mock, next to a raw call of the
 * mock's fetch. CPU time per call, median of interleaved rounds (the order reversed every other
 * round), after a warm-up; each build at its default settings (rateLimit 'auto' in this tree).
 *
 * Run: npx -y pnpm@10 --filter @commflow/sdk exec tsx bench/compare.bench.ts /work/main/packages/sdk
 * (after building both).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMock, DEMO_TENANTS } from '@commflow/mock-server';

const other = process.argv[2];
if (other === undefined) throw new Error('usage: compare.bench.ts <other sdk package dir>');
const BASE = 'http://commflow.mock';
const tenantId = DEMO_TENANTS.sandbox;
const WARM_UP = 2_000;
const ROUNDS = 60;
const PER_ROUND = 50;

interface Client {
  ai: { agents: { list(): PromiseLike<unknown> } };
}
type ClientClass = new (options: Record<string, unknown>) => Client;

async function load(dir: string): Promise<ClientClass> {
  const module = (await import(pathToFileURL(resolve(dir, 'dist/index.js')).href)) as { CommFlow: ClientClass };
  return module.CommFlow;
}

function cpu(): number {
  const { user, system } = process.cpuUsage();
  return user + system;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

const mock = createMock('demo');
const { key } = mock.createApiKey({ tenantIds: [tenantId], rateLimit: { limit: 1_000_000_000, windowSeconds: 60 } });
const sides: Record<string, () => PromiseLike<unknown>> = {
  raw: async (): Promise<unknown> =>
    (
      await mock.fetch(
        new Request(`${BASE}/api/v1/ai/agents`, {
          headers: { authorization: `Bearer ${key}`, 'x-tenant-id': tenantId },
        }),
      )
    ).json(),
};
for (const [name, dir] of [
  ['before', other],
  ['after', resolve(import.meta.dirname, '..')],
] as const) {
  const CommFlow = await load(dir);
  const client = new CommFlow({ apiKey: key, tenantId, baseUrl: BASE, fetch: mock.fetch });
  sides[name] = () => client.ai.agents.list();
  if (name === 'after') {
    const off = new CommFlow({ apiKey: key, tenantId, baseUrl: BASE, fetch: mock.fetch, rateLimit: 'off' });
    sides['after, rateLimit off'] = () => off.ai.agents.list();
  }
}
const names = Object.keys(sides);
for (let i = 0; i < WARM_UP; i++) for (const name of names) await sides[name]?.();
const samples: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const name of round % 2 === 0 ? names : [...names].reverse()) {
    const call = sides[name];
    if (call === undefined) continue;
    const start = cpu();
    for (let i = 0; i < PER_ROUND; i++) await call();
    samples[name]?.push((cpu() - start) / PER_ROUND);
  }
}
const raw = median(samples.raw ?? []);
for (const name of names) {
  const us = median(samples[name] ?? []);
  console.log(`${name.padEnd(22)} ${us.toFixed(1).padStart(6)} µs/call  ${(us / raw).toFixed(2)} × raw`);
}
