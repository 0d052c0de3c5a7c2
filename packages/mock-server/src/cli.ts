#!/usr/bin/env node
/**
 * `commflow-mock`: the standalone mock server.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startMockServer } from './adapters/node.js';
import { consoleBanner } from './console/banner.js';
import { createMock } from './mock.js';
import { ScenarioError } from './scenario/parse.js';

const HELP = `commflow-mock: an in-memory CommFlow API for tests

Usage: commflow-mock [options]

Options:
  --host <host>        Interface to listen on (default 127.0.0.1)
  --port <port>        Port; 0 picks a free one (default 4010)
  --scenario <source>  A scenario JSON file, or "demo" (default demo)
  --no-control         Do not serve the control surface under /__mock, nor the console
  --allowed-host <name>  Also accept this Host name on the console and /__mock (repeatable;
                       loopback names are always accepted)
  --control-token <t>  Require "Authorization: Bearer <t>" on /__mock (generated and printed
                       when --host is beyond loopback)
  --help               Show this help

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
        'allowed-host': { type: 'string', multiple: true, default: [] },
        'control-token': { type: 'string' },
        help: { type: 'boolean', default: false },
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
    mock = createMock(scenario as 'demo', { control: !values['no-control'] });
  } catch (error) {
    if (error instanceof ScenarioError) fail(error.message);
    throw error;
  }
  const running = await startMockServer({
    mock,
    host: values.host,
    port,
    // The CLI's process serves only the mock: let the adapter use its faster Response.
    overrideGlobalObjects: true,
    allowedHosts: values['allowed-host'],
    ...(values['control-token'] === undefined ? {} : { controlToken: values['control-token'] }),
    log: (line) => {
      logLine(`${line.method} ${line.path} ${line.status} ${line.ms.toFixed(1)}ms\n`);
    },
  }).catch((error: unknown) => fail(`cannot listen on ${values.host}:${port}: ${(error as Error).message}`));
  process.stdout.write(`${running.url}\n`);
  process.stdout.write(
    `# scenario: ${values.scenario}; control surface: ${values['no-control'] ? 'off' : `${running.url}/__mock`}\n`,
  );
  if (!values['no-control']) process.stdout.write(consoleBanner(running));
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
