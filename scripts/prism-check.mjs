#!/usr/bin/env node
// Prism's validating proxy in front of the standalone mock: the generated-client tour of all 22
// operations (packages/contract/test/generated-client/tour.ts) goes through it, and any request
// or response that breaks openapi.json fails the check. Needs the mock built (`pnpm run build`).
// Bounded: 120 s in all; both processes are killed at the end, whatever happens.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { runSdkTour } from './prism-sdk-tour.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const prismBin = join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist/index.js');
const started = performance.now();
const children = [];

function stop(code) {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM'); // the whole process group: Prism may fork
    } catch {
      // already gone
    }
  }
  process.exit(code);
}
const overall = setTimeout(() => {
  console.error('prism-check: timed out after 120 s');
  stop(1);
}, 120_000);

/** Starts `args` under Node in its own process group; resolves with its output once `ready` matches. */
function start(name, args, ready) {
  const child = spawn(process.execPath, args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk;
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, match, output: () => output });
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', onData);
    child.on('exit', (code) => reject(new Error(`${name} exited (${code}):\n${output}`)));
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

try {
  const { DEMO_KEYS, DEMO_PLANS, DEMO_TENANTS } = await import('../packages/mock-server/dist/index.js');
  const mock = await start('mock', ['packages/mock-server/dist/cli.js', '--port', '0'], /^(http:\/\/\S+)\n/);
  const mockUrl = mock.match[1];

  // A key whose window holds a single request, for the 429 (made on the control surface, not proxied).
  const created = await fetch(`${mockUrl}/__mock/api-keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenantIds: [DEMO_TENANTS.sandbox], rateLimit: { limit: 1, windowSeconds: 3600 } }),
  });
  const limitedKey = (await created.json()).data.apiKey.key;

  const port = await freePort();
  const prism = await start(
    'prism',
    [
      prismBin,
      'proxy',
      'packages/contract/openapi.json',
      mockUrl,
      '--errors',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    /Prism is listening/,
  );
  const proxyUrl = `http://127.0.0.1:${port}`;

  const { runTour } = await tsImport('../packages/contract/test/generated-client/tour.ts', import.meta.url);
  const config = {
    baseUrl: proxyUrl,
    keys: {
      sandbox: DEMO_KEYS.sandbox,
      usersOnly: DEMO_KEYS.usersOnly,
      revoked: DEMO_KEYS.revoked,
      limited: limitedKey,
    },
    tenants: DEMO_TENANTS,
    ann: 'ann.lee@acme.test',
    bob: 'bob.stone@acme.test',
    dan: 'dan.fox@acme.test',
    eve: 'eve.moss@acme.test',
    planId: DEMO_PLANS.team,
  };
  const clientSteps = await runTour(config);
  const sdkSteps = await runSdkTour(config);
  const steps = [...clientSteps, ...sdkSteps];

  const problems = [];
  for (const step of steps) {
    if (step.status !== step.expected) {
      problems.push(`${step.operation}: ${step.status} ${step.code ?? ''}, expected ${step.expected}`);
    }
    if (step.violations !== null) problems.push(`${step.operation}: ${step.violations}`);
  }
  if (!steps.some((step) => step.replayed)) problems.push('no replayed response (Idempotent-Replayed) was seen');
  // Prism logs each violation it finds, a warning or an error, even when it lets the response through.
  const logged = prism
    .output()
    .split('\n')
    .filter((line) => /violation|✖|⚠/i.test(line));
  problems.push(...logged);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const [name, tour, size] of [
    ['generated client', clientSteps, 23],
    ['SDK', sdkSteps, 22],
  ]) {
    const operations = new Set(tour.map((step) => step.operation)).size;
    const errors = tour.filter((step) => step.expected >= 400).length;
    console.log(`prism-check: ${name}: ${tour.length} calls (${errors} of them errors) over ${operations} operations`);
    if (operations !== size) problems.push(`${name}: expected ${size} operations, saw ${operations}`);
  }
  console.log(`prism-check: through Prism ${proxyUrl}, in ${seconds} s`);
  if (problems.length > 0) {
    console.error(`prism-check: ${problems.length} problem(s):\n${problems.join('\n')}`);
    stop(1);
  }
  console.log('prism-check: 0 violations, every status as expected');
  clearTimeout(overall);
  stop(0);
} catch (error) {
  console.error('prism-check:', error instanceof Error ? error.message : error);
  stop(1);
}
