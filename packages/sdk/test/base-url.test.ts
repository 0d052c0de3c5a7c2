/**
 * The operations' paths start with the contract's API_PREFIX, so a base URL that ends with it
 * would request /api/v1/api/v1/… and get a 404 that says nothing of why.
 */
import { API_PREFIX } from '@commflow/contract';
import { createMock } from '@commflow/mock-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommFlow, CommFlowError } from '../src/index.js';
import { DEMO_KEYS, DEMO_TENANTS } from './helpers.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

const valid = { apiKey: DEMO_KEYS.sandbox, tenantId: DEMO_TENANTS.sandbox };

/** The message of what `make` throws, which must be a CommFlowError. */
function messageOf(make: () => unknown): string {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(CommFlowError);
    return (error as CommFlowError).message;
  }
  throw new Error('expected a throw');
}

describe(`a baseUrl that ends with ${API_PREFIX}`, () => {
  it('is an error at construction that says to drop the prefix', () => {
    expect(messageOf(() => new CommFlow({ ...valid, baseUrl: `http://127.0.0.1:4010${API_PREFIX}` }))).toBe(
      `CommFlow client: baseUrl "http://127.0.0.1:4010${API_PREFIX}" ends with ${API_PREFIX}, which the SDK adds to every path: drop ${API_PREFIX} and use "http://127.0.0.1:4010".`,
    );
    // With a trailing slash, and behind a gateway's own path.
    expect(messageOf(() => new CommFlow({ ...valid, baseUrl: `http://127.0.0.1:4010${API_PREFIX}/` }))).toContain(
      'use "http://127.0.0.1:4010"',
    );
    expect(
      messageOf(() => new CommFlow({ ...valid, baseUrl: `https://gateway.example/commflow${API_PREFIX}` })),
    ).toContain('use "https://gateway.example/commflow"');
  });

  it('from COMMFLOW_BASE_URL, the error names the variable', () => {
    vi.stubEnv('COMMFLOW_BASE_URL', `http://127.0.0.1:4010${API_PREFIX}`);
    expect(messageOf(() => new CommFlow(valid))).toMatch(/^CommFlow client: COMMFLOW_BASE_URL "[^"]+" ends with/);
  });

  it('the address the error suggests reaches the service', async () => {
    const mock = createMock('demo');
    const message = messageOf(
      () => new CommFlow({ ...valid, baseUrl: `http://commflow.mock${API_PREFIX}`, fetch: mock.fetch }),
    );
    const suggested = /use "([^"]+)"/.exec(message)?.[1];
    expect(suggested).toBe('http://commflow.mock');
    const client = new CommFlow({ ...valid, baseUrl: suggested, fetch: mock.fetch });
    await expect(client.presence.list()).resolves.not.toHaveLength(0);
    expect(mock.journal().map((entry) => entry.path)).toEqual([`${API_PREFIX}/presence`]);
  });
});
