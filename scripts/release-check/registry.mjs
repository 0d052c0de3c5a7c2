// A throwaway npm registry for scripts/release-check.sh: verdaccio on 127.0.0.1 (a free port),
// its storage and users in the directory given as the first argument, no uplinks, so it serves
// only what is published to it and never reaches another registry. It registers one user
// through the registry's own `npm adduser` route, then writes `<url> <token>` to the file
// `address` in that directory once it answers, and runs until it is sent a signal.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runServer } from 'verdaccio';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node scripts/release-check/registry.mjs <directory for storage and config>');
  process.exit(2);
}
mkdirSync(join(dir, 'storage'), { recursive: true });
const configPath = join(dir, 'config.yaml');
// Only @commflow/* is served, so a consumer names this registry for that scope alone
// (`@commflow:registry=…`) and takes every other package from its usual registry.
writeFileSync(
  configPath,
  `storage: ${JSON.stringify(join(dir, 'storage'))}
auth:
  htpasswd:
    file: ${JSON.stringify(join(dir, 'htpasswd'))}
    max_users: 1
uplinks: {}
packages:
  '@commflow/*':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
web:
  enable: false
middlewares:
  audit:
    enabled: false
log: { type: stdout, format: pretty, level: error }
`,
);

const server = await runServer(configPath);
await new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(0, '127.0.0.1', resolve);
});
const { port } = server.address();
const url = `http://127.0.0.1:${port}/`;

// What `npm adduser` sends: the registry creates the user and answers with a token.
const name = 'release-check';
const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, url), {
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ name, password: 'release-check-password', type: 'user', roles: [] }),
});
const { token } = await response.json();
if (!response.ok || typeof token !== 'string') {
  console.error(`the local registry refused to add a user: ${response.status}`);
  process.exit(1);
}
// Written whole, then renamed: the script that waits for it never reads half a line.
writeFileSync(join(dir, 'address.partial'), `${url} ${token}\n`);
renameSync(join(dir, 'address.partial'), join(dir, 'address'));
