/**
 * The `commflow-conformance` command, spawned from its sources: against the standalone mock
 * (every check passes), against a wrong implementation (exit 1), and its usage errors (exit 2).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS, type ConformanceReport } from '../src/index.js';
import { startDivergentServer } from './helpers/divergent-server.js';
import { DEMO_USER, DIVERGENCES } from './helpers/divergences.js';
import { runCli, SPAWN_TIMEOUT_MS, startStandaloneMock } from './helpers/processes.js';

const SECRETS = [DEMO_KEYS.sandbox, DEMO_KEYS.live, DEMO_KEYS.usersOnly];
const SECRET_ENV = {
  COMMFLOW_API_KEY: DEMO_KEYS.sandbox,
  COMMFLOW_OTHER_API_KEY: DEMO_KEYS.live,
  COMMFLOW_RESTRICTED_API_KEY: DEMO_KEYS.usersOnly,
};
const target = (url: string) => ['--base-url', url, '--tenant', DEMO_TENANTS.sandbox, '--user', DEMO_USER];
const everyOption = (url: string) => [
  ...target(url),
  '--user-without-extension',
  'dan.fox@acme.test',
  '--other-tenant',
  DEMO_TENANTS.live,
];

function expectNoSecret(...outputs: string[]) {
  for (const output of outputs) for (const secret of SECRETS) expect(output).not.toContain(secret);
}

let mock: Awaited<ReturnType<typeof startStandaloneMock>>;
let work: string;

beforeAll(async () => {
  mock = await startStandaloneMock();
  work = await mkdtemp(join(tmpdir(), 'commflow-conformance-'));
}, SPAWN_TIMEOUT_MS);

afterAll(async () => {
  await mock.stop();
  await rm(work, { recursive: true, force: true });
});

describe('against the standalone mock', () => {
  it(
    'passes every check, prints the plan, each result and the summary, and exits 0',
    async () => {
      const { code, stdout, stderr } = await runCli([...everyOption(mock.url), '--sandbox'], SECRET_ENV);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toMatch(new RegExp(`^Plan: ${CHECKS.length} of ${CHECKS.length} checks run\\n`));
      for (const check of CHECKS) expect(stdout).toContain(`PASS ${check.id}\n`);
      expect(stdout).toMatch(/contacts\.read-back +run \(creates data\)/);
      expect(stdout).toContain(`OK conformance of ${mock.url}: ${CHECKS.length} passed, 0 failed, 0 skipped\n`);
      expect(stdout).toMatch(/Requests: \d+ sent, [\d.]+ s waited for rate-limit windows, 0 answered 429/);
      expectNoSecret(stdout, stderr);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'lists in the plan each skipped check with its reason, and still exits 0',
    async () => {
      const { code, stdout } = await runCli(target(mock.url), { COMMFLOW_API_KEY: DEMO_KEYS.sandbox });
      expect(code).toBe(0);
      expect(stdout).toMatch(/tenancy\.isolation +skip: needs --other-tenant and --other-api-key\n/);
      expect(stdout).toMatch(/gating\.permission-denied +skip: needs --restricted-api-key\n/);
      expect(stdout).toMatch(/voice\.no-extension +skip: needs --user-without-extension\n/);
      expect(stdout).toMatch(/contacts\.read-back +skip: creates data: only with --sandbox .* or --allow-live\n/);
      expect(stdout).toMatch(/sms\.sandbox-simulated +skip: sends an SMS: only with --sandbox/);
      expect(stdout).toContain('SKIP idempotency.replay: creates data');
      expect(stdout).toMatch(/OK conformance of .*: 9 passed, 0 failed, 7 skipped\n/);
      // No check that creates data ran: no marker to search for.
      expect(stdout).not.toContain('Marker of created data');
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'fails (exit code 1) a run in which every selected check was skipped: it checked nothing',
    async () => {
      const { code, stdout } = await runCli([...target(mock.url), '--only', 'voice.*,contacts.*'], {
        COMMFLOW_API_KEY: DEMO_KEYS.sandbox,
      });
      expect(code).toBe(1);
      expect(stdout).toMatch(/voice\.no-extension +skip: needs --user-without-extension\n/);
      expect(stdout).toMatch(
        /FAILED conformance of .*: 0 passed, 0 failed, 16 skipped \(no check ran: see the reasons in the plan\)\n/,
      );
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'prints only the report as JSON with --json',
    async () => {
      const { code, stdout } = await runCli(
        [...everyOption(mock.url), '--sandbox', '--json', '--only', 'pagination.*,openapi.document'],
        SECRET_ENV,
      );
      expect(code).toBe(0);
      const report = JSON.parse(stdout) as ConformanceReport;
      expect(report.ok).toBe(true);
      expect(report.results.filter((result) => result.outcome === 'pass').map((result) => result.id)).toEqual([
        'openapi.document',
        'pagination.limits',
        'pagination.cursor-walk',
        'pagination.bad-cursor',
      ]);
      expect(report.results.find((result) => result.id === 'idempotency.replay')?.reason).toBe(
        'not selected by --only',
      );
      expect(report.target).toEqual({ baseUrl: mock.url, tenantId: DEMO_TENANTS.sandbox, userEmail: DEMO_USER });
      expectNoSecret(stdout);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'writes a JUnit report that an XML parser reads, one test case per check',
    async () => {
      const file = join(work, 'conformance.xml');
      const { code } = await runCli([...target(mock.url), '--junit', file], { COMMFLOW_API_KEY: DEMO_KEYS.sandbox });
      expect(code).toBe(0);
      const xml = await readFile(file, 'utf8');
      expect(SyntaxValidator.validate(xml)).toBe(true);
      const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
        testsuites: {
          testsuite: {
            tests: string;
            failures: string;
            skipped: string;
            testcase: { name: string; skipped?: { message: string } }[];
          };
        };
      };
      const suite = parsed.testsuites.testsuite;
      expect(suite.testcase.map((testCase) => testCase.name)).toEqual(CHECKS.map((check) => check.id));
      expect([suite.tests, suite.failures, suite.skipped]).toEqual([String(CHECKS.length), '0', '7']);
      expect(suite.testcase.find((testCase) => testCase.name === 'tenancy.isolation')?.skipped?.message).toBe(
        'needs --other-tenant and --other-api-key',
      );
    },
    SPAWN_TIMEOUT_MS,
  );
});

describe('against a wrong implementation', () => {
  it(
    'prints the failing check with its reason, rule and request id, and exits 1; the JUnit report has the failure',
    async () => {
      const divergence = DIVERGENCES.find((item) => item.name === 'a chat started twice is new twice');
      if (divergence === undefined) throw new Error('missing divergence');
      const server = await startDivergentServer(divergence.rewrite);
      const file = join(work, 'failed.xml');
      try {
        const { code, stdout, stderr } = await runCli(
          [...target(server.url), '--sandbox', '--only', 'chat.*', '--junit', file],
          SECRET_ENV,
        );
        expect(code).toBe(1);
        expect(stdout).toContain(
          'FAIL chat.start-twice: the second start of the same direct chat returned isNew: true\n',
        );
        expect(stdout).toMatch(/ {5}rule: R33 starting a direct chat .*; request id: req_[\w-]+\n/);
        // The rule links to its anchor on the rules page, a file the reader can open.
        expect(stdout).toMatch(/ {5}read: \S*rules\.md#r33\n/i);
        expect(stdout).toContain(
          `FAILED conformance of ${server.url}: 0 passed, 1 failed, ${CHECKS.length - 1} skipped\n`,
        );
        expectNoSecret(stdout, stderr);
        const xml = await readFile(file, 'utf8');
        expect(SyntaxValidator.validate(xml)).toBe(true);
        expect(xml).toMatch(
          /<failure message="the second start of the same direct chat returned isNew: true" type="conformance">/,
        );
      } finally {
        await server.close();
      }
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'never prints a secret, even when the implementation echoes the key back',
    async () => {
      const server = await startDivergentServer(async (request, forward) => {
        const response = await forward(request);
        const body = (await response.json()) as { success: boolean; error?: { message: string } };
        if (body.error !== undefined) body.error.message = `key ${request.headers.get('x-api-key') ?? ''} refused`;
        const headers = new Headers(response.headers);
        headers.delete('content-length');
        if (response.status === 404) headers.set('x-request-id', `id-${request.headers.get('x-api-key') ?? ''}`);
        return new Response(JSON.stringify(body), { status: response.status, headers });
      });
      try {
        const args = [...everyOption(server.url), '--sandbox'];
        const text = await runCli(args, SECRET_ENV);
        const json = await runCli([...args, '--json'], SECRET_ENV);
        expect(text.code).toBe(1);
        expect(text.stdout).toContain('***');
        expectNoSecret(text.stdout, text.stderr, json.stdout, json.stderr);
      } finally {
        await server.close();
      }
    },
    SPAWN_TIMEOUT_MS,
  );
});

describe('an implementation that cannot be reached, or no API at all', () => {
  it(
    'stops with one message naming the cause, after one request, and exits 2',
    async () => {
      // A port nothing listens on: bound, then closed, on 127.0.0.1.
      const server = await startDivergentServer((request, forward) => forward(request));
      const url = server.url;
      await server.close();
      for (const json of [false, true]) {
        const { code, stdout, stderr } = await runCli([...target(url), ...(json ? ['--json'] : [])], {
          COMMFLOW_API_KEY: DEMO_KEYS.sandbox,
        });
        expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
        expect(stderr).toBe(
          `commflow-conformance: cannot reach ${url}: GET /api/v1/openapi.json failed: ECONNREFUSED. Check --base-url, and that the service runs.\n`,
        );
      }
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'a server that answers, but with no CommFlow API (a web page), stops with one message and exit 2',
    async () => {
      const page = createServer((_request, response) => {
        response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
      });
      await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${String((page.address() as AddressInfo).port)}`;
      try {
        const { code, stdout, stderr } = await runCli(target(url), { COMMFLOW_API_KEY: DEMO_KEYS.sandbox });
        expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
        expect(stderr.split('\n').filter(Boolean)).toHaveLength(1);
        expect(stderr).toContain(
          `commflow-conformance: no CommFlow API at ${url}: GET /api/v1/openapi.json answered 404 (not JSON)`,
        );
      } finally {
        await new Promise((resolve) => page.close(resolve));
      }
    },
    SPAWN_TIMEOUT_MS,
  );
});

describe('a wrong --user', () => {
  it(
    'is reported once, as the cause, with the checks it stopped; each of them in one line',
    async () => {
      const mock = await startStandaloneMock();
      try {
        const args = [
          '--base-url',
          mock.url,
          '--tenant',
          DEMO_TENANTS.sandbox,
          '--user',
          'nobody@acme.test',
          '--sandbox',
        ];
        const { code, stdout } = await runCli(args, SECRET_ENV);
        expect(code).toBe(1);
        const causeLines = stdout.split('\n').filter((line) => line.includes('--user nobody@acme.test is no user'));
        expect(causeLines).toHaveLength(1);
        expect(causeLines[0]).toMatch(/^Cause of \d+ failures: --user nobody@acme\.test is no user of tenant /);
        const stopped = /\n {2}stopped: (.*)\n/.exec(stdout)?.[1]?.split(', ') ?? [];
        expect(stopped).toEqual(
          expect.arrayContaining(['contacts.read-back', 'idempotency.replay', 'chat.start-twice']),
        );
        for (const id of stopped) {
          expect(stdout).toContain(`FAIL ${id}: stopped by a setting of the run (see "Cause" below)\n`);
        }
        const json = JSON.parse((await runCli([...args, '--json'], SECRET_ENV)).stdout) as ConformanceReport;
        expect(json.causes).toEqual([
          { code: 'UNKNOWN_USER', cause: expect.stringContaining('nobody@acme.test') as string, checks: stopped },
        ]);
      } finally {
        await mock.stop();
      }
    },
    SPAWN_TIMEOUT_MS,
  );
});

describe('usage errors', () => {
  it.each([
    [['--tenant', DEMO_TENANTS.sandbox, '--user', DEMO_USER], 'missing --base-url'],
    [
      ['--base-url', 'http://127.0.0.1:9', '--tenant', DEMO_TENANTS.sandbox, '--user', DEMO_USER],
      'missing --api-key (or COMMFLOW_API_KEY)',
    ],
    [
      ['--base-url', 'http://127.0.0.1:9', '--tenant', 'acme', '--user', DEMO_USER, '--api-key', DEMO_KEYS.sandbox],
      '--tenant must be a UUID',
    ],
    [
      [
        '--base-url',
        'ftp://host',
        '--tenant',
        DEMO_TENANTS.sandbox,
        '--user',
        DEMO_USER,
        '--api-key',
        DEMO_KEYS.sandbox,
      ],
      '--base-url must start with http:// or https://',
    ],
    [
      [...target('http://127.0.0.1:9'), '--api-key', DEMO_KEYS.sandbox, '--other-tenant', DEMO_TENANTS.live],
      '--other-tenant needs --other-api-key (or COMMFLOW_OTHER_API_KEY)',
    ],
    [
      [...target('http://127.0.0.1:9'), '--api-key', DEMO_KEYS.sandbox, '--only', 'nothing.*'],
      '--only nothing.* matches no check',
    ],
    [[...target('http://127.0.0.1:9'), '--api-key', DEMO_KEYS.sandbox, '--colour'], "Unknown option '--colour'"],
    [
      ['--base-url', 'http://127.0.0.1:9/api/v1/', '--tenant', DEMO_TENANTS.sandbox, '--user', DEMO_USER],
      '--base-url is the service\'s root: drop /api/v1 from "http://127.0.0.1:9/api/v1/"',
    ],
    [
      [...target('http://127.0.0.1:9'), '--api-key', DEMO_KEYS.sandbox, '--read-only', '--allow-live'],
      '--read-only sends no write, --allow-live lets checks write: give one of them',
    ],
    [
      [...target('http://127.0.0.1:9'), '--api-key', DEMO_KEYS.sandbox, '--junit'],
      "Option '--junit <value>' argument missing",
    ],
  ])(
    '%j exits 2 with one line naming the problem, and sends nothing',
    async (args, message) => {
      const { code, stdout, stderr } = await runCli(args);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(`commflow-conformance: ${message}. Run with --help for usage.\n`);
      expectNoSecret(stderr);
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    '--help prints the usage and every check, and exits 0',
    async () => {
      const { code, stdout } = await runCli(['--help']);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^commflow-conformance: check an implementation/);
      for (const check of CHECKS) expect(stdout).toContain(`  ${check.id}\n`);
    },
    SPAWN_TIMEOUT_MS,
  );
});
