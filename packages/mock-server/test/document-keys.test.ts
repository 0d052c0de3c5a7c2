/**
 * A misspelt key of a scenario or a snapshot is named with the key it most likely meant, as the
 * other control inputs name theirs: in process (`createMock`, `mock.loadScenario`, `mock.restore`,
 * a tenant's `restore`) and over real HTTP (`PUT /__mock/scenario`, `PUT /__mock/snapshot`). The
 * refused document changes nothing.
 */
import { describe } from 'vitest';
import { createMock, DEMO_TENANTS } from '../src/index.js';
import { expect, test } from '../src/surfaces/testing/vitest.js';
import { closeAfterEach } from './helpers/close-after-each.js';
import { remoteDemo } from './helpers/remote-demo.js';
import { thrownMessage } from './helpers/thrown.js';

const track = closeAfterEach();

/** An object with its key `from` renamed `to`, in place. */
function renamed(value: object, from: string, to: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key === from ? to : key, field]));
}

describe('in process', () => {
  test('a scenario names the closest top-level key', () => {
    const mock = track(createMock('demo'));
    const scenario = renamed(mock.exportScenario(), 'apiKeys', 'apiKyes');
    const before = mock.snapshot().state;
    expect(
      thrownMessage(() => {
        mock.loadScenario(scenario);
      }),
    ).toContain('apiKyes: Unrecognized key; did you mean "apiKeys"?');
    expect(mock.snapshot().state).toEqual(before);
    expect(thrownMessage(() => createMock(scenario))).toContain('did you mean "apiKeys"?');
  });

  test('a snapshot, of the world or of a tenant, names the closest key', () => {
    const mock = track(createMock('demo'));
    const world = renamed(mock.snapshot(), 'takenAt', 'takenAT');
    expect(
      thrownMessage(() => {
        mock.restore(world);
      }),
    ).toContain('takenAT: Unrecognized key; did you mean "takenAt"?');
    const tenant = mock.tenant(DEMO_TENANTS.sandbox);
    const slice = renamed(tenant.snapshot(), 'state', 'stat');
    expect(thrownMessage(() => tenant.restore(slice))).toContain('stat: Unrecognized key; did you mean "state"?');
  });
});

describe('over HTTP on 127.0.0.1', () => {
  const demo = remoteDemo();

  async function refusal(path: string, body: unknown): Promise<{ status: number; details: unknown }> {
    const response = await fetch(`${demo.server.url}${path}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { error: { details: unknown } };
    return { status: response.status, details: answer.error.details };
  }

  test('PUT /__mock/scenario names the closest top-level key, and changes nothing', async () => {
    const before = await demo.remote.tenants.list();
    const exported = (await (await fetch(`${demo.server.url}/__mock/export`)).json()) as { data: { scenario: object } };
    const scenario = renamed(exported.data.scenario, 'tenants', 'tenats');
    expect(await refusal('/__mock/scenario', scenario)).toMatchObject({
      status: 400,
      details: expect.arrayContaining([
        { path: ['body', 'tenats'], message: 'Unrecognized key; did you mean "tenants"?' },
      ]) as unknown,
    });
    expect(await demo.remote.tenants.list()).toEqual(before);
  });

  test('PUT /__mock/snapshot names the closest top-level key', async () => {
    const taken = (await (await fetch(`${demo.server.url}/__mock/snapshot`)).json()) as { data: { snapshot: object } };
    const snapshot = renamed(taken.data.snapshot, 'baseline', 'baseLine');
    expect(await refusal('/__mock/snapshot', snapshot)).toMatchObject({
      status: 400,
      details: expect.arrayContaining([
        { path: ['body', 'baseLine'], message: 'Unrecognized key; did you mean "baseline"?' },
      ]) as unknown,
    });
  });
});
