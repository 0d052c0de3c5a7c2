/**
 * One control round trip, create a tenant then delete it: in process (`mock.tenants`) and over
 * HTTP through the remote handle (`@commflow/mock-server/remote` against the Node adapter on
 * 127.0.0.1). Bounded by count. Run: `npx -y pnpm@10 --filter @commflow/mock-server exec tsx
 * --conditions=source bench/control-round-trip.ts`.
 */
import { performance } from 'node:perf_hooks';
import { createMock } from '../src/index.js';
import { startMockServer } from '../src/surfaces/adapters/node.js';
import { connectMock } from '../src/surfaces/remote/index.js';

const WARMUP = 50;
const ROUNDS = 500;

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(3);
  return `${label}: median ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms (${String(samples.length)} rounds)`;
}

async function measure(round: () => Promise<void> | void): Promise<number[]> {
  for (let i = 0; i < WARMUP; i += 1) await round();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const start = performance.now();
    await round();
    samples.push(performance.now() - start);
  }
  return samples;
}

const mock = createMock('demo');
const inProcess = await measure(() => {
  const { tenant } = mock.tenants.create();
  mock.tenants.delete(tenant.id);
});

const server = await startMockServer({ scenario: 'demo' });
const remote = await connectMock(server.url);
const overHttp = await measure(async () => {
  const { tenant } = await remote.tenants.create();
  await remote.tenants.delete(tenant.id);
});
await server.close();
await mock.close();

console.log(`Node ${process.version}, ${String(ROUNDS)} rounds after ${String(WARMUP)} warm-up`);
console.log(summary('in process (mock.tenants.create + delete)', inProcess));
console.log(summary('remote over HTTP, 127.0.0.1 (remote.tenants.create + delete)', overHttp));
