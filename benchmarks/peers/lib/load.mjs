// The load generator, always in a process of its own: wrk (Debian's `wrk` package) when it is
// installed, else autocannon's CLI from this package's node_modules.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runToEnd } from './processes.mjs';

const require = createRequire(import.meta.url);

/** `wrk`'s version line, or undefined when it is not installed. */
function wrkVersion() {
  const probe = spawnSync('wrk', ['-v'], { encoding: 'utf8', timeout: 10_000 });
  if (probe.error) return undefined;
  return /wrk \S+/.exec(`${probe.stdout}${probe.stderr}`)?.[0];
}

/**
 * The load generator to use: `{ name, version, run }`. `run(target, { connections, seconds })`
 * answers `{ rps, p50Ms, p99Ms, requests, non2xx, errors }`.
 */
export function loadGenerator({ work, preferAutocannon = false }) {
  const wrk = preferAutocannon ? undefined : wrkVersion();
  if (wrk !== undefined) return { name: 'wrk', version: wrk, run: (target, options) => runWrk(work, target, options) };
  const cli = join(dirname(require.resolve('autocannon/package.json')), 'autocannon.js');
  const { version } = require('autocannon/package.json');
  process.stderr.write(
    'wrk is not installed: using autocannon in its own process (JavaScript: it needs more CPU than wrk for the same load).\n' +
      '  Debian/Ubuntu: apt-get update && apt-get install -y wrk\n',
  );
  return {
    name: 'autocannon',
    version: `autocannon ${version}`,
    run: (target, options) => runAutocannon(cli, target, options),
  };
}

/** A Lua long string that holds `text` whatever it contains. */
function luaString(text) {
  let level = '';
  while (text.includes(`]${level}]`)) level += '=';
  return `[${level}[${text}]${level}]`;
}

let scripts = 0;

async function runWrk(work, { url, method = 'GET', headers = {}, body }, { connections, seconds }) {
  // The request and a `done` that prints the figures as JSON, in a script of its own per run.
  const script = join(work, `wrk-${++scripts}.lua`);
  const lines = [`wrk.method = ${luaString(method)}`];
  for (const [name, value] of Object.entries(headers))
    lines.push(`wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`);
  if (body !== undefined) lines.push(`wrk.body = ${luaString(body)}`);
  lines.push(
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format(\'{"requests":%d,"durationUs":%d,"non2xx":%d,"errors":%d,"p50Us":%.1f,"p99Us":%.1f}\\n\',',
    '    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,',
    '    latency:percentile(50), latency:percentile(99)))',
    'end',
  );
  writeFileSync(script, `${lines.join('\n')}\n`);
  const result = await runToEnd(
    'wrk',
    ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url],
    { timeoutMs: (seconds + 30) * 1000 },
  );
  const json = result.stdout.split('\n').find((line) => line.startsWith('{"requests"'));
  if (result.code !== 0 || json === undefined)
    throw new Error(`wrk failed (${result.code}): ${result.stderr}${result.stdout}`);
  const figures = JSON.parse(json);
  return {
    rps: figures.requests / (figures.durationUs / 1e6),
    p50Ms: figures.p50Us / 1000,
    p99Ms: figures.p99Us / 1000,
    requests: figures.requests,
    non2xx: figures.non2xx,
    errors: figures.errors,
  };
}

async function runAutocannon(cli, { url, method = 'GET', headers = {}, body }, { connections, seconds }) {
  const args = [cli, '--json', '-c', String(connections), '-d', String(seconds), '-m', method];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  if (body !== undefined) args.push('-b', body);
  args.push(url);
  const result = await runToEnd(process.execPath, args, { timeoutMs: (seconds + 30) * 1000 });
  const json = result.stdout.split('\n').find((line) => line.startsWith('{'));
  if (result.code !== 0 || json === undefined) throw new Error(`autocannon failed (${result.code}): ${result.stderr}`);
  const figures = JSON.parse(json);
  return {
    rps: figures.requests.total / figures.duration,
    p50Ms: figures.latency.p50,
    p99Ms: figures.latency.p99,
    requests: figures.requests.total,
    non2xx: figures.non2xx,
    errors: figures.errors + figures.timeouts,
  };
}
