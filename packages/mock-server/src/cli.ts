#!/usr/bin/env node
/**
 * `commflow-mock`: the standalone mock server.
 *
 * @module
 */
import { startMockServer } from './surfaces/adapters/node.js';
import { consoleBanner } from './surfaces/console/banner.js';
import { listenErrorMessage } from './surfaces/cli/listen-error.js';
import { readCliArguments } from './surfaces/cli/options.js';
import { onOrphaned, readLaunchers } from './surfaces/cli/orphan-watch.js';
import { stopOnSignals } from './surfaces/cli/stop-on-signals.js';
import { BatchedLog, safeStream } from './surfaces/cli/output.js';
import { LIMIT_FLAG_HELP, limitsFromFlags } from './surfaces/cli/limit-flags.js';
import { createMock } from './facade/commflow-mock.js';
import { DEMO_KEYS, DEMO_TENANTS } from './scenario/demo.js';
import { parseScenario, ScenarioError } from './scenario/parse.js';
import { readScenarioFile, ScenarioFileError } from './scenario/read-file.js';
import { resolve } from 'node:path';
import { errorMessage } from './lib/errors.js';
import { SnapshotError } from './runtime/snapshot/restore.js';
import type { MockSnapshot } from './runtime/snapshot/schema.js';
import {
  assertStateFileWritable,
  readStateFile,
  StateFileError,
  stateFileProblem,
  StateSaver,
} from './surfaces/cli/state-file.js';

const HELP = `commflow-mock: an in-memory CommFlow API for tests

Usage: commflow-mock [options]

Options:
  --host <host>        Interface to listen on (default 127.0.0.1)
  --port <port>        Port; 0 picks a free one (default 4010)
  --scenario <source>  A scenario JSON file, or "demo" (default demo)
  --no-control         Do not serve the control surface under /__mock, nor the console
  --allowed-host <name>
                       Also accept this Host name on the console and /__mock (repeatable;
                       loopback names are always accepted)
  --control-token <t>  Require "Authorization: Bearer <t>" on /__mock (generated and printed
                       when --host is beyond loopback)
  --state <file>       Keep the world in this file across restarts: loaded at start when it
                       exists (else the scenario is), saved on exit and while requests come in
  --save-interval <s>  Seconds between saves of --state while something changed (default 5;
                       0: only on exit)
  --webhook-timestamp <wall|mock>
                       The clock of webhook-timestamp: the real time of each attempt
                       (default wall), or the mock clock, for reproducible signatures
  --help               Show this help

History caps (oldest first; never contacts, messages or other data clients created):
${LIMIT_FLAG_HELP}

The first line on stdout is the base URL, http://HOST:PORT. Then one line per request.`;

// A reader that goes away (`commflow-mock | head -1`) must not stop the server: see cli/output.ts.
const stdout = safeStream(process.stdout);
const stderr = safeStream(process.stderr);
const requestLog = new BatchedLog(stdout);

function fail(message: string): never {
  stderr.write(`commflow-mock: ${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  // Before anything is printed: see readLaunchers.
  const launchers = readLaunchers();
  const { values, usage } = readCliArguments(process.argv.slice(2));
  if (usage !== undefined) fail(usage);
  if (values.help) {
    stdout.write(`${HELP}\n`);
    return;
  }
  const stopper = stopOnSignals();
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`invalid --port "${values.port}"`);
  const webhookTimestamp = values['webhook-timestamp'];
  if (webhookTimestamp !== 'wall' && webhookTimestamp !== 'mock') {
    fail(`invalid --webhook-timestamp "${webhookTimestamp}": use wall or mock`);
  }
  const saveInterval = Number(values['save-interval']);
  if (values['save-interval'].trim() === '' || !Number.isFinite(saveInterval) || saveInterval < 0) {
    fail(`invalid --save-interval "${values['save-interval']}": a number of seconds >= 0`);
  }
  // Without a state file nothing is saved: an interval given alone is a mistake, not a no-op.
  const givenInterval = process.argv.some((arg) => arg === '--save-interval' || arg.startsWith('--save-interval='));
  if (givenInterval && values.state === undefined) fail('--save-interval needs --state <file>');
  let saved: MockSnapshot | undefined;
  if (values.state !== undefined) {
    try {
      saved = readStateFile(values.state);
      assertStateFileWritable(values.state);
    } catch (error) {
      if (error instanceof StateFileError) fail(error.message);
      throw error;
    }
  }
  // The demo, unless a scenario file is read: JSON, never `undefined`.
  let scenarioFile: unknown;
  // A saved world replaces the scenario's: no need to read the scenario file then.
  if (values.scenario !== 'demo' && saved === undefined) {
    try {
      scenarioFile = readScenarioFile(values.scenario);
    } catch (error) {
      if (error instanceof ScenarioFileError) fail(error.message);
      throw error;
    }
  }
  let mock;
  try {
    // The flags first, then the scenario: a bad cap is reported before a bad scenario, as ever.
    const limits = limitsFromFlags(values);
    mock = createMock(scenarioFile === undefined ? 'demo' : parseScenario(scenarioFile), {
      control: !values['no-control'],
      webhookTimestamp,
      ...limits,
    });
    if (saved !== undefined && values.state !== undefined) mock.restore(saved);
  } catch (error) {
    if (error instanceof SnapshotError && values.state !== undefined)
      fail(stateFileProblem(values.state, error).message);
    if (error instanceof ScenarioError || error instanceof RangeError) fail(error.message);
    throw error;
  }
  const live = mock;
  const saver =
    values.state === undefined
      ? undefined
      : new StateSaver({
          path: values.state,
          take: () => live.snapshot(),
          intervalSeconds: saveInterval,
          onError: (error) => {
            stderr.write(
              `commflow-mock: could not save the state file ${values.state ?? ''}: ${errorMessage(error)}\n`,
            );
          },
        });
  const running = await startMockServer({
    mock,
    host: values.host,
    port,
    // The CLI's process serves only the mock: let the adapter use its faster Response.
    overrideGlobalObjects: true,
    allowedHosts: values['allowed-host'],
    ...(values['control-token'] === undefined ? {} : { controlToken: values['control-token'] }),
    log: (line) => {
      saver?.touch();
      requestLog.line(`${line.method} ${line.path} ${line.status} ${line.ms.toFixed(1)}ms\n`);
    },
  }).catch((error: unknown) => fail(listenErrorMessage(error, values.host, port)));
  stopper.serving(() =>
    running.close().then(() => {
      saver?.flush(true);
      requestLog.flush();
      process.exit(0);
    }),
  );
  stdout.write(`${running.url}\n`);
  stdout.write(
    `# scenario: ${values.scenario}; control surface: ${values['no-control'] ? 'off' : `${running.url}/__mock`}\n`,
  );
  if (values.state !== undefined) {
    const when = saveInterval > 0 ? `every ${String(saveInterval)} s while requests come in, and on exit` : 'on exit';
    stdout.write(
      `# state: ${resolve(values.state)} (${saved === undefined ? 'new: loaded the scenario' : 'restored'}; saved ${when})\n`,
    );
  }
  if (!values['no-control']) stdout.write(consoleBanner(running));
  if (saved !== undefined) {
    // A state file keeps key hashes, never secrets: name the keys by hint.
    for (const key of mock.apiKeys()) {
      stdout.write(
        `# key ${key.hint}  (${key.label ?? `tenants ${key.tenantIds.join(', ')}`}${key.revoked ? ', revoked' : ''})\n`,
      );
    }
  }
  for (const key of mock.scenario.apiKeys) {
    const note = key.label ?? `tenants ${key.tenantIds.join(', ')}`;
    stdout.write(`# key ${key.key}  (${note}${key.revoked ? ', revoked' : ''})\n`);
  }
  for (const tenant of mock.scenario.tenants) {
    stdout.write(`# tenant ${tenant.id}  ${tenant.name} (${tenant.mode})\n`);
  }
  if (values.scenario === 'demo' && saved === undefined) {
    // The demo's keys are public: one request to paste, so the first minute needs no reading.
    stdout.write(
      `# try: curl -s ${running.url}/api/v1/users -H 'X-API-Key: ${DEMO_KEYS.sandbox}' -H 'X-Tenant-Id: ${DEMO_TENANTS.sandbox}'\n`,
    );
  }
  onOrphaned(stopper.stop, launchers);
}

void main();
