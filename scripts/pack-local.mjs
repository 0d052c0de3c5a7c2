// `npx -y pnpm@10 run pack:local`: the packages as tarballs, for a project outside this clone
// before they are on the npm registry. Packs the contract, the SDK, the mock server and the
// conformance kit into dist/packages/ (each builds on prepack; pnpm writes the versions of the
// packages they depend on in place of `workspace:^`), then prints the one `npm install` line that
// installs them together: the contract's tarball is in it because the others depend on it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist', 'packages');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

for (const name of ['contract', 'sdk', 'mock-server', 'conformance']) {
  console.error(`packing @commflow/${name} (it builds first)…`);
  const packed = spawnSync('pnpm', ['pack', '--pack-destination', out], {
    cwd: join(root, 'packages', name),
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: process.platform === 'win32',
  });
  if (packed.error || packed.status !== 0) {
    console.error(
      packed.error
        ? `pnpm is not on PATH (${packed.error.message}): run this as npx -y pnpm@10 run pack:local`
        : `packing @commflow/${name} failed (exit ${packed.status})`,
    );
    process.exit(1);
  }
}

const tarballs = readdirSync(out)
  .filter((file) => file.endsWith('.tgz'))
  .map((file) => JSON.stringify(join(out, file)));
console.error('\nIn your project, install them together:\n');
console.log(`npm install ${tarballs.join(' ')}`);
