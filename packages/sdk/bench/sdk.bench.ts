/**
 * SDK benchmark (not a test): the cost of a call through the SDK next to a raw call of the same
 * fetch function, the time to iterate 10,000 contacts, and the bundle sizes. Writes the figures
 * to the "## SDK" section of docs/performance.md.
 *
 * Run: pnpm --filter @commflow/sdk run bench (after pnpm run build).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import prettier from 'prettier';
import { createMock, demoScenario, DEMO_TENANTS, type ScenarioInput } from '@commflow/mock-server';
import { CommFlow } from '../src/index.js';

const root = resolve(import.meta.dirname, '..');
const docs = resolve(root, '../../docs/performance.md');
const BASE = 'http://commflow.mock';
const tenantId = DEMO_TENANTS.sandbox;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const now = () => Number(process.hrtime.bigint()) / 1000; // microseconds

async function callOverhead() {
  const mock = createMock('demo');
  const { key } = mock.createApiKey({ tenantIds: [tenantId], rateLimit: { limit: 1_000_000_000, windowSeconds: 60 } });
  const client = new CommFlow({ apiKey: key, tenantId, baseUrl: BASE, fetch: mock.fetch });
  const url = `${BASE}/api/v1/ai/agents`;
  const headers = { Authorization: `Bearer ${key}`, 'X-Tenant-Id': tenantId, Accept: 'application/json' };
  const raw = async () => {
    const response = await mock.fetch(new Request(url, { headers }));
    const body = (await response.json()) as { data: { agents: unknown[] } };
    return body.data.agents;
  };
  const sdk = () => client.ai.agents.list();
  for (let i = 0; i < 300; i++) {
    await raw();
    await sdk();
  }
  const rawTimes: number[] = [];
  const sdkTimes: number[] = [];
  const ROUNDS = 20;
  const PER_ROUND = 100;
  for (let round = 0; round < ROUNDS; round++) {
    // Interleaved rounds, so that noise on a shared machine hits both sides alike.
    let start = now();
    for (let i = 0; i < PER_ROUND; i++) await raw();
    rawTimes.push((now() - start) / PER_ROUND);
    start = now();
    for (let i = 0; i < PER_ROUND; i++) await sdk();
    sdkTimes.push((now() - start) / PER_ROUND);
  }
  return { raw: median(rawTimes), sdk: median(sdkTimes), calls: ROUNDS * PER_ROUND };
}

async function iterate10k() {
  const [sandbox, live] = demoScenario.tenants as unknown as NonNullable<ScenarioInput['tenants']>;
  const scenario: ScenarioInput = {
    ...demoScenario,
    tenants: [
      {
        ...sandbox!,
        contacts: Array.from({ length: 10_000 }, (_, i) => ({ firstName: 'Bench', lastName: String(i) })),
      },
      live!,
    ],
  };
  const mock = createMock(scenario);
  const { key } = mock.createApiKey({ tenantIds: [tenantId], rateLimit: { limit: 1_000_000_000, windowSeconds: 60 } });
  const client = new CommFlow({ apiKey: key, tenantId, baseUrl: BASE, fetch: mock.fetch });
  const times: number[] = [];
  let count = 0;
  for (let run = 0; run < 5; run++) {
    const start = now();
    count = 0;
    for await (const _ of client.contacts.list({ limit: 100 })) count++;
    times.push((now() - start) / 1000);
  }
  return { ms: median(times), count };
}

function sizes(): { name: string; size: number }[] {
  const bin = join(root, 'node_modules/.bin/size-limit');
  const out = execFileSync(bin, ['--json'], { cwd: root, encoding: 'utf8' });
  return (JSON.parse(out) as { name: string; size: number }[]).map(({ name, size }) => ({ name, size }));
}

const overhead = await callOverhead();
const walk = await iterate10k();
const sizeRows = sizes();
const ratio = overhead.sdk / overhead.raw;
const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;

const section = `## SDK

Measured on ${new Date().toISOString().slice(0, 10)} with \`pnpm --filter @commflow/sdk run bench\`
(\`packages/sdk/bench/sdk.bench.ts\`) on ${machine}. A shared machine: read the ratios, not the
absolute times.

### Cost of a call

\`client.ai.agents.list()\` through the SDK against the in-process mock's \`mock.fetch\`, next to a
raw call of the same fetch function (\`new Request\`, \`mock.fetch\`, \`response.json()\`). Median of
20 interleaved rounds of 100 calls each, after 300 warm-up calls of each.

| | median per call |
|---|---|
| raw \`mock.fetch\` | ${overhead.raw.toFixed(1)} µs |
| SDK (\`client.ai.agents.list()\`) | ${overhead.sdk.toFixed(1)} µs |
| **ratio** | **${ratio.toFixed(2)}** (target ≤ 2; 1.3 matches the best) |

The SDK's share covers validation, headers, ky, the retry loop and envelope unwrapping. A CPU
profile puts most of it in ky's per-call option merging and the undici \`Request\` and \`Headers\`
objects it builds (ky merges headers through two \`Headers\` before the \`Request\` copies them);
the SDK's own code is about a fifth. Against a real network the difference vanishes.

### Iterating 10,000 contacts

\`for await (const c of client.contacts.list({ limit: 100 }))\` over ${walk.count.toLocaleString('en-US')} contacts
(100 pages, cursor-paged) against \`mock.fetch\`: **${walk.ms.toFixed(0)} ms** (median of 5 walks).

### Bundle size (size-limit, minified and gzipped)

| entry | size | limit |
|---|---|---|
${sizeRows.map((row) => `| ${row.name} | ${(row.size / 1000).toFixed(2)} kB | ${row.name.includes('webhooks') ? '3 kB' : row.name.includes('every dependency') ? '50 kB' : '25 kB'} |`).join('\n')}

zod 4 (classic) alone weighs about 22 kB gzipped for any use at all, and the contract's schemas
are zod schemas: the 25 kB target holds for the SDK with ky and the contract, with zod counted as
shared with the rest of the app. \`@commflow/sdk/webhooks\` loads no zod.
`;

const current = readFileSync(docs, 'utf8');
const start = current.indexOf('## SDK');
const next = start === -1 ? -1 : current.indexOf('\n## ', start + 1);
const updated =
  start === -1
    ? `${current.trimEnd()}\n\n${section}`
    : `${current.slice(0, start)}${section}${next === -1 ? '' : current.slice(next)}`;
const options = (await prettier.resolveConfig(docs)) ?? {};
writeFileSync(docs, await prettier.format(updated, { ...options, filepath: docs }));

console.log(`raw ${overhead.raw.toFixed(1)} µs, sdk ${overhead.sdk.toFixed(1)} µs, ratio ${ratio.toFixed(2)}`);
console.log(`iterate ${walk.count} contacts: ${walk.ms.toFixed(0)} ms`);
for (const row of sizeRows) console.log(`${row.name}: ${(row.size / 1000).toFixed(2)} kB`);
console.log(`wrote ${docs}`);
