/* eslint-disable @typescript-eslint/no-unsafe-member-access -- response bodies are JSON read as `any`. */
// A tenant's reset takes its calls off the clock: a call in progress when its tenant
// was reset must not end later and write its record into the tenant that replaced it, and the
// calls of every other tenant go on.
import { describe, expect, it } from 'vitest';
import { createMock, DEMO_TENANTS, type CommFlowMock } from '../../src/index.js';
import { ANN, call, DEMO_KEYS, GRACE, type Env } from '../helpers/env.js';
import { closeAfterEach } from '../helpers/close-after-each.js';

const closing = closeAfterEach();

function inProcess(): Env {
  const mock = createMock('demo', { clock: { frozen: true } });
  closing(mock);
  return { transport: 'in-process', mock, fetch: mock.fetch, base: 'http://commflow.mock', close: () => mock.close() };
}

const SANDBOX = { key: DEMO_KEYS.sandbox, tenant: DEMO_TENANTS.sandbox, user: ANN } as const;
const LIVE = { key: DEMO_KEYS.live, tenant: DEMO_TENANTS.live, user: GRACE } as const;
type As = typeof SANDBOX | typeof LIVE;

const cdrCount = async (env: Env, as: As): Promise<number> =>
  (await call(env, 'GET', '/api/v1/cdr?limit=100', as)).json.data.records.length as number;

async function dial(env: Env, as: As): Promise<void> {
  expect((await call(env, 'POST', '/api/v1/click2dial', { ...as, body: { destination: '+14155550100' } })).status).toBe(
    200,
  );
}

describe('a tenant’s calls after its reset', () => {
  // The live tenant's call ends and writes its record, unless the reset took that tenant too.
  it.each([
    ['its own reset', (mock: CommFlowMock) => mock.tenants.reset(DEMO_TENANTS.sandbox), 1],
    [
      'the whole mock’s reset',
      (mock: CommFlowMock) => {
        mock.reset();
      },
      0,
    ],
  ] as const)('%s: a call in progress writes no record into the fresh tenant', async (_name, reset, liveRecords) => {
    const env = inProcess();
    const sandboxBefore = await cdrCount(env, SANDBOX);
    const liveBefore = await cdrCount(env, LIVE);
    await dial(env, SANDBOX);
    await dial(env, LIVE);
    expect(env.mock.calls().filter((c) => c.status !== 'completed')).toHaveLength(2);
    reset(env.mock);
    env.mock.advanceClock(60 * 60_000);
    expect(await cdrCount(env, SANDBOX)).toBe(sandboxBefore);
    expect(await cdrCount(env, LIVE)).toBe(liveBefore + liveRecords);
  });
});
