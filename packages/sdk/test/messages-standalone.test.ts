/**
 * Validation messages as an app sees them: the built package alone, in a Node process of its own.
 * Every other test loads the mock server, whose classic `zod` configures a locale for the whole
 * process, so only a separate process shows what `@commflow/sdk` says by itself.
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const run = promisify(execFile);

beforeAll(() => {
  if (!existsSync(join(root, 'dist/index.js')) || !existsSync(join(root, '../contract/dist/index.js'))) {
    const tsup = resolve(root, '../../node_modules/.bin/tsup');
    execFileSync(tsup, [], { cwd: join(root, '../contract'), stdio: 'ignore' });
    execFileSync(tsup, [], { cwd: root, stdio: 'ignore' });
  }
}, 120_000);

/** Calls with bad arguments; prints each `ValidationError` message, one JSON string a line. */
const CALLS = `
const client = new CommFlow({
  apiKey: 'cf_test_0123456789abcdefghijklmn',
  tenantId: '3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e31',
  baseUrl: 'http://127.0.0.1:9',
  userEmail: 'ann@example.com',
});
const calls = [
  () => client.contacts.create({ firstName: 'Ann', phoneMobile: '555' }),
  () => client.contacts.create({ firstName: 'Ann', nickname: 'A' }),
  () => client.contacts.list({ limit: 1000 }),
  () => client.voice.click2dial({}),
];
for (const call of calls) {
  try {
    await call();
    console.log(JSON.stringify('no error'));
  } catch (error) {
    console.log(JSON.stringify(error instanceof ValidationError ? error.message : String(error)));
  }
}
`;

/** Runs a module in a fresh Node process, resolving packages from the SDK's directory (its built `dist`). */
async function messages(source: string): Promise<string[]> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', source], {
    cwd: root,
    timeout: 60_000,
  });
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as string);
}

describe('validation messages of the built SDK, alone in a process', () => {
  it('name the field and say what is wrong, in English; an unknown key is named', async () => {
    const [phone, unknownKey, limit, missing] = await messages(
      `import { CommFlow, ValidationError } from '@commflow/sdk';\n${CALLS}`,
    );
    expect(phone).toBe('Invalid arguments for contacts.create: body.phoneMobile: Invalid E.164 number');
    expect(unknownKey).toBe('Invalid arguments for contacts.create: body.nickname: Unrecognized key');
    expect(limit).toMatch(/^Invalid arguments for contacts\.list: query\.limit: Too big: expected number to be <=100$/);
    expect(missing).toMatch(/^Invalid arguments for voice\.click2dial: body\.destination: Invalid input/);
  }, 60_000);

  it('stay English when the app configured zod for another language', async () => {
    const french = await messages(
      `import * as z from 'zod/mini';\nz.config(z.locales.fr());\nimport { CommFlow, ValidationError } from '@commflow/sdk';\n${CALLS}`,
    );
    const english = await messages(`import { CommFlow, ValidationError } from '@commflow/sdk';\n${CALLS}`);
    expect(french).toEqual(english);
    const custom = await messages(
      `import * as z from 'zod/mini';\nz.config({ customError: () => 'app message' });\nimport { CommFlow, ValidationError } from '@commflow/sdk';\n${CALLS}`,
    );
    expect(custom).toEqual(english);
  }, 60_000);
});
