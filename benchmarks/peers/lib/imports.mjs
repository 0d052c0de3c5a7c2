// SDK import: CPU time (user + system, as the process reports it) of a fresh Node process that
// imports one module and exits, minus that of an empty process; median of interleaved rounds.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { OURS, ROOT } from './mock.mjs';
import { packageInfo } from './peer-servers.mjs';
import { runToEnd } from './processes.mjs';
import { interleaved, spread } from './stats.mjs';

const SDK = pathToFileURL(join(ROOT, 'packages/sdk/dist/index.js')).href;

/** What each row imports: the SDK's built `dist/` as an app loads it, the others from this package. */
export const MODULES = [
  { id: 'empty', label: 'empty process (subtracted from the others)', specifier: undefined },
  { id: 'sdk', label: '**@commflow/sdk**', specifier: SDK, version: OURS },
  { id: 'openai', label: 'openai', specifier: 'openai', version: packageInfo('openai').version },
  { id: 'stripe', label: 'stripe', specifier: 'stripe', version: packageInfo('stripe').version },
  { id: 'ky', label: 'ky', specifier: 'ky', version: packageInfo('ky').version },
  { id: 'zod-mini', label: 'zod/mini', specifier: 'zod/mini', version: packageInfo('zod').version },
];

async function processCpuMs(specifier) {
  const code = `${specifier === undefined ? '' : `await import(${JSON.stringify(specifier)});`}
const { user, system } = process.cpuUsage(); process.stdout.write(String((user + system) / 1000));`;
  const result = await runToEnd(process.execPath, ['--input-type=module', '-e', code], {
    cwd: join(import.meta.dirname, '..'),
    timeoutMs: 60_000,
  });
  const ms = Number(result.stdout);
  if (result.code !== 0 || !Number.isFinite(ms)) throw new Error(`importing ${specifier} failed: ${result.stderr}`);
  return ms;
}

export async function importCost({ rounds, log }) {
  const runs = new Map(MODULES.map((module) => [module.id, []]));
  for (let round = 0; round < rounds; round++) {
    for (const module of interleaved(MODULES, round, rounds))
      runs.get(module.id).push(await processCpuMs(module.specifier));
    log(`imports: round ${round + 1}/${rounds}`);
  }
  const empty = runs.get('empty');
  return MODULES.map((module) => {
    // Round by round: each import against the empty process of the same round.
    const over = runs.get(module.id).map((ms, round) => (module.id === 'empty' ? ms : ms - empty[round]));
    return { id: module.id, label: module.label, version: module.version, ms: spread(over), runs: runs.get(module.id) };
  });
}
