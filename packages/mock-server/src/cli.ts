#!/usr/bin/env node
/**
 * `commflow-mock`: the standalone mock server.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startMockServer } from './adapters/node.js';
import { LIMIT_FLAG_HELP, LIMIT_FLAG_OPTIONS, limitsFromFlags } from './history/cli-flags.js';
import { createMock } from './mock.js';
import { ScenarioError } from './scenario/parse.js';

const HELP = `commflow-mock: an in-memory CommFlow API for tests

Usage: commflow-mock [options]

Options:
  --host <host>        Interface to listen on (default 127.0.0.1)
  --port <port>        Port; 0 picks a free one (default 4010)
  --scenario <source>  A scenario JSON file, or "demo" (default demo)
  --no-control         Do not serve the control surface under /__mock
  --help               Show this help

History caps (oldest first; never contacts, messages or other data clients created):
${LIMIT_FLAG_HELP}

The first line on stdout is the base URL, http://HOST:PORT. Then one line per request.`;

function fail(message: string): never {
  process.stderr.write(`commflow-mock: ${message}\n`);
  process.exit(2);
}

/**
 * The request log. A write to stdout is a system call (synchronous for files and pipes), one per
 * request: lines are gathered instead and written together once the current burst of I/O has
 * been handled (`setImmediate`), or at once past 64 KiB. Every line still gets out, in order.
 */
let pendingLog = '';
let flushScheduled = false;
function flushLog(): void {
  flushScheduled = false;
  if (pendingLog === '') return;
  const text = pendingLog;
  pendingLog = '';
  process.stdout.write(text);
}
function logLine(text: string): void {
  pendingLog += text;
  if (pendingLog.length >= 65_536) flushLog();
  else if (!flushScheduled) {
    flushScheduled = true;
    setImmediate(flushLog);
  }
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '4010' },
        scenario: { type: 'string', default: 'demo' },
        'no-control': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        ...LIMIT_FLAG_OPTIONS,
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${HELP}`);
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port "${values.port}"`);
  let scenario: unknown = 'demo';
  if (values.scenario !== 'demo') {
    try {
      scenario = JSON.parse(readFileSync(values.scenario, 'utf8'));
    } catch (error) {
      fail(`cannot read scenario ${values.scenario}: ${(error as Error).message}`);
    }
  }
  let mock;
  try {
    mock = createMock(scenario as 'demo', { control: !values['no-control'], ...limitsFromFlags(values) });
  } catch (error) {
    if (error instanceof ScenarioError || error instanceof RangeError) fail(error.message);
    throw error;
  }
  const running = await startMockServer({
    mock,
    host: values.host,
    port,
    // The CLI's process serves only the mock: let the adapter use its faster Response.
    overrideGlobalObjects: true,
    log: (line) => {
      logLine(`${line.method} ${line.path} ${line.status} ${line.ms.toFixed(1)}ms\n`);
    },
  }).catch((error: unknown) => fail(`cannot listen on ${values.host}:${port}: ${(error as Error).message}`));
  process.stdout.write(`${running.url}\n`);
  process.stdout.write(
    `# scenario: ${values.scenario}; control surface: ${values['no-control'] ? 'off' : `${running.url}/__mock`}\n`,
  );
  for (const key of mock.scenario.apiKeys) {
    const note = key.label ?? `tenants ${key.tenantIds.join(', ')}`;
    process.stdout.write(`# key ${key.key}  (${note}${key.revoked ? ', revoked' : ''})\n`);
  }
  for (const tenant of mock.scenario.tenants) {
    process.stdout.write(`# tenant ${tenant.id}  ${tenant.name} (${tenant.mode})\n`);
  }
  const stop = () => {
    void running.close().then(() => {
      flushLog();
      process.exit(0);
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

void main();
