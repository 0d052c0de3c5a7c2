import { describe, expect, it } from 'vitest';
import { startMockServer } from '../src/surfaces/adapters/node.js';
import { createMock } from '../src/index.js';
import { ANN_HEADERS } from './helpers/env.js';

describe('keep-alive', () => {
  it('keeps an idle connection open for a minute, so that clients close it first', async () => {
    const running = await startMockServer({ mock: createMock('demo') });
    try {
      const response = await fetch(`${running.url}/api/v1/users`, { headers: ANN_HEADERS });
      await response.text();
      expect(response.headers.get('keep-alive')).toBe('timeout=60');
      expect(running.server.keepAliveTimeout).toBe(60_000);
    } finally {
      await running.close();
    }
  });
});
