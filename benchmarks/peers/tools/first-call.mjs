// What the SDK's first call costs: CPU time of a fresh Node process that imports a build of the
// SDK, makes one `users.list()` against an in-process `fetch` answering a canned `Response` (no
// network), and exits; and which modules of @commflow/contract each step makes Node evaluate.
// Several builds (before and after a change) are measured in one run, interleaved, so a noisy
// moment of a shared machine does not favour one.
// Usage: node tools/first-call.mjs <label>=<path to an SDK's dist/index.js> … [--rounds=N]
// (issue 36, part 3: the first call loads the registry's request half, not the contract's index).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '11' } },
});
const builds = positionals.map((arg) => {
  const [label, path] = arg.split('=');
  if (!label || !path || !existsSync(path)) {
    process.stderr.write(`usage: node tools/first-call.mjs <label>=<dist/index.js> … [--rounds=N] (not '${arg}')\n`);
    process.exit(2);
  }
  return { label, url: pathToFileURL(resolve(path)).href };
});
const rounds = Number(values.rounds);

const BODY = JSON.stringify({
  success: true,
  data: {
    users: [
      {
        id: '097edb65-a587-4f4b-b4c4-9dddffcadd64',
        email: 'ann.lee@acme.test',
        firstName: 'Ann',
        lastName: 'Lee',
        extension: '1001',
        createdAt: '2026-11-28T10:49:43.394Z',
      },
    ],
  },
});
const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'ratelimit-remaining': '599',
  'ratelimit-reset': '60',
};

/** The child's code: CPU at import and after the call; with `modules`, the contract's modules Node loaded by then. */
const child = (url, modules) => `
const cpu = () => { const { user, system } = process.cpuUsage(); return user + system; };
const loaded = [];
${modules ? `(await import('node:module')).registerHooks({ load(url, context, next) { if (url.includes('/contract/')) loaded.push(url.replace(/^.*\\/contract\\//, '')); return next(url, context); } });` : ''}
const start = cpu();
const { CommFlow } = await import(${JSON.stringify(url)});
const imported = cpu();
const atImport = loaded.length;
const client = new CommFlow({
  apiKey: 'cf_test_0123456789abcdefghijklmn',
  tenantId: '11111111-1111-4111-8111-111111111111',
  baseUrl: 'http://commflow.mock',
  fetch: async () => new Response(${JSON.stringify(BODY)}, { headers: ${JSON.stringify(HEADERS)} }),
});
const page = await client.users.list();
if (page.items.length !== 1) throw new Error('no user in the answer');
const called = cpu();
console.log(JSON.stringify({ process: called, import: imported - start, call: called - imported, atImport, atCall: loaded.length - atImport, modules: loaded }));
`;
const run = (url, modules = false) =>
  JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', child(url, modules)], { encoding: 'utf8' }));

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const figures = new Map(builds.map(({ label }) => [label, { process: [], import: [], call: [] }]));
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const { label, url } of order) {
    const result = run(url);
    for (const key of ['process', 'import', 'call']) figures.get(label)[key].push(result[key] / 1000);
  }
}
const ms = (list) => `${median(list).toFixed(1)} ms (${Math.min(...list).toFixed(1)}–${Math.max(...list).toFixed(1)})`;
process.stdout.write(`first call, ${rounds} interleaved rounds, median (min–max) of CPU time\n\n`);
process.stdout.write(
  '| build | whole process | the import | the first call | contract modules at import / first call |\n',
);
process.stdout.write('| --- | --- | --- | --- | --- |\n');
const first = figures.get(builds[0].label);
for (const { label, url } of builds) {
  const { atImport, atCall, modules } = run(url, true);
  const mine = figures.get(label);
  const ratio =
    label === builds[0].label ? '' : `, × ${builds[0].label} ${(median(mine.call) / median(first.call)).toFixed(2)}`;
  process.stdout.write(
    `| ${label} | ${ms(mine.process)} | ${ms(mine.import)} | ${ms(mine.call)}${ratio} | ${atImport} / ${atCall} |\n`,
  );
  if (process.env.FIRST_CALL_LIST) process.stdout.write(`${modules.join('\n')}\n`);
}
