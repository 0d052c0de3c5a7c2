/**
 * A base URL that is not the API's root: `commflow-conformance`, spawned from its sources, against
 * the standalone mock over real HTTP, with a path too many. One message and exit 2, no check run.
 */
import { DEMO_KEYS, DEMO_TENANTS } from '@commflow/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USER } from './helpers/divergences.js';
import { runCli, SPAWN_TIMEOUT_MS, startStandaloneMock } from './helpers/processes.js';

let mock: Awaited<ReturnType<typeof startStandaloneMock>>;

beforeAll(async () => {
  mock = await startStandaloneMock();
}, SPAWN_TIMEOUT_MS);

afterAll(async () => {
  await mock.stop();
});

const run = (baseUrl: string) =>
  runCli(['--base-url', baseUrl, '--tenant', DEMO_TENANTS.sandbox, '--user', DEMO_USER, '--sandbox'], {
    COMMFLOW_API_KEY: DEMO_KEYS.sandbox,
  });

describe('a base URL that is not the root of the API', () => {
  it(
    "the mock's console (every answer a 404 error envelope): one message naming the URL and the root, exit 2",
    async () => {
      const url = `${mock.url}/__mock/console`;
      const { code, stdout, stderr } = await run(url);
      expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
      expect(stderr).toBe(
        `commflow-conformance: no CommFlow API at ${url}: GET /api/v1/openapi.json answered 404 NOT_FOUND, and GET /api/v1/users without a key 404 NOT_FOUND. Check --base-url: it is the service's root, where /api/v1 begins (perhaps ${mock.url}, without /__mock/console).\n`,
      );
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'a path the server authenticates before routing (a 401 without the key, a 404 with it): the same, exit 2',
    async () => {
      const url = `${mock.url}/commflow/`;
      const { code, stdout, stderr } = await run(url);
      expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
      expect(stderr).toBe(
        `commflow-conformance: no CommFlow API at ${mock.url}/commflow: GET /api/v1/openapi.json answered 401 UNAUTHENTICATED (404 NOT_FOUND with the key), and GET /api/v1/users without a key 401 UNAUTHENTICATED. Check --base-url: it is the service's root, where /api/v1 begins (perhaps ${mock.url}, without /commflow).\n`,
      );
    },
    SPAWN_TIMEOUT_MS,
  );

  it(
    'the root itself still runs the checks',
    async () => {
      const { code, stdout, stderr } = await run(mock.url);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toContain(`OK conformance of ${mock.url}:`);
    },
    SPAWN_TIMEOUT_MS,
  );
});
