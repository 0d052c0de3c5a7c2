import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setup } from './helpers.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

describe('X-CommFlow-Client', () => {
  it('every request names the SDK, its version and the runtime, in a header browsers let a page set', async () => {
    const { client, ann, sent } = setup();
    await client.users.list();
    await ann.contacts.create({ firstName: 'Ann' }, { headers: { 'x-app': 'billing' } });
    expect(sent.map((request) => request.headers.get('x-commflow-client'))).toEqual([
      `@commflow/sdk/${version} node/${process.versions.node}`,
      `@commflow/sdk/${version} node/${process.versions.node}`,
    ]);
  });
});
