/**
 * The fixtures inside the real frameworks, each run as a child process with a JSON report: a
 * test that forgets to await an eventual assertion fails, naming it, and the test after it
 * passes (vitest and Playwright); in Playwright, the options come from the config, and a file
 * or `describe` group chooses its tenant's template, user and `failOnUnusedOverrides` on the
 * same worker.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startMockServer, type RunningMockServer } from '../../src/surfaces/adapters/node.js';
import { packageRoot, SPAWN_TIMEOUT_MS } from '../helpers/cli.js';

/** Runs `node <cli> ...args` in the package; resolves with its exit code and stderr (no time budget). */
function run(
  cli: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      cwd: packageRoot,
      env: { ...process.env, ...env, CI: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stderr });
    });
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'commflow-frameworks-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const VitestReport = z.object({
  testResults: z.array(
    z.object({
      assertionResults: z.array(
        z.object({ title: z.string(), status: z.string(), failureMessages: z.array(z.string()) }),
      ),
    }),
  ),
});

describe('vitest', () => {
  test(
    'an un-awaited eventual assertion fails its own test, naming the matcher; the next test passes',
    async () => {
      const report = join(dir, 'vitest.json');
      const { code, stderr } = await run(
        'node_modules/vitest/vitest.mjs',
        ['run', '--root', 'test/frameworks/vitest', '--reporter=json', `--outputFile=${report}`],
        {},
      );
      const results = VitestReport.parse(JSON.parse(await readFile(report, 'utf8'))).testResults.flatMap(
        (file) => file.assertionResults,
      );
      const byTitle = new Map(results.map((result) => [result.title, result]));
      expect(byTitle.get('forgets an await')?.status).toBe('failed');
      expect(stripVTControlCharacters(byTitle.get('forgets an await')?.failureMessages.join('\n') ?? '')).toContain(
        "expect(…).toHaveReceived('sms.send', …) was not awaited",
      );
      expect(byTitle.get('runs past the forgotten assertion\u2019s window')?.status).toBe('passed');
      expect(byTitle.get('awaits, and passes')?.status).toBe('passed');
      // One failed test, and no error left over for the run (an unhandled rejection would be one).
      expect(code).toBe(1);
      expect(stderr).not.toMatch(/Unhandled/i);
    },
    SPAWN_TIMEOUT_MS * 2,
  );
});

const PlaywrightResult = z.object({
  status: z.string(),
  workerIndex: z.number(),
  errors: z.array(z.object({ message: z.string().optional() })),
  annotations: z.array(z.object({ type: z.string(), description: z.string().optional() })),
});
interface Suite {
  suites?: Suite[] | undefined;
  specs: { title: string; tests: { expectedStatus: string; results: z.infer<typeof PlaywrightResult>[] }[] }[];
}
const PlaywrightSuite: z.ZodType<Suite> = z.lazy(() =>
  z.object({
    suites: z.array(PlaywrightSuite).optional(),
    specs: z.array(
      z.object({
        title: z.string(),
        tests: z.array(z.object({ expectedStatus: z.string(), results: z.array(PlaywrightResult) })),
      }),
    ),
  }),
);
const PlaywrightReport = z.object({ suites: z.array(PlaywrightSuite) });

function specsOf(suite: Suite): Suite['specs'] {
  return [...suite.specs, ...(suite.suites ?? []).flatMap(specsOf)];
}

describe('Playwright', () => {
  let server: RunningMockServer;
  beforeAll(async () => {
    server = await startMockServer({ scenario: 'demo' });
  });
  afterAll(() => server.close());

  test(
    'options from the config, tenant options per group on one worker, and un-awaited assertions caught',
    async () => {
      const report = join(dir, 'playwright.json');
      await run(
        'node_modules/@playwright/test/cli.js',
        ['test', '--config', 'test/frameworks/playwright/playwright.config.ts'],
        { COMMFLOW_MOCK_URL: server.url, COMMFLOW_PW_REPORT: report },
      );
      const parsed = PlaywrightReport.parse(JSON.parse(await readFile(report, 'utf8')));
      const specs = new Map(parsed.suites.flatMap(specsOf).map((spec) => [spec.title, spec.tests[0]]));
      const result = (title: string) => {
        const found = specs.get(title)?.results[0];
        if (found === undefined) throw new Error(`no result for "${title}"`);
        return found;
      };

      // Each group got its tenant options, and none of them needed a worker of its own.
      const chosen = [
        'takes the config\u2019s template and user',
        'keeps the config\u2019s template, with its own user',
        'gets an empty tenant, and no acting user',
        // The teardown's unused-override check finds the tenant gone, and does not fail the test.
        'passes when it deleted its own tenant, override and all',
      ];
      for (const title of chosen) expect(result(title), title).toMatchObject({ status: 'passed', errors: [] });
      const workers = chosen.map((title) => result(title).annotations.find((note) => note.type === 'worker'));
      expect(new Set(workers.map((note) => note?.description)).size).toBe(1);
      // The unused override failed its test, as the group asked (the test expects to fail).
      expect(specs.get('fails when it leaves an override unused')?.expectedStatus).toBe('failed');
      const unused = result('fails when it leaves an override unused');
      expect(unused.status).toBe('failed');
      expect(unused.errors.map((error) => error.message ?? '').join('\n')).toContain('override(s) unused');

      const forgot = result('forgets an await');
      expect(forgot.status).toBe('failed');
      expect(stripVTControlCharacters(forgot.errors.map((error) => error.message ?? '').join('\n'))).toContain(
        "expect(…).toHaveReceived('sms.send', …) was not awaited",
      );
      expect(result('runs past the forgotten assertion\u2019s window')).toMatchObject({ status: 'passed', errors: [] });
    },
    SPAWN_TIMEOUT_MS * 2,
  );
});
