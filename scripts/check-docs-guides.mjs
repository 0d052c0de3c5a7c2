// Fails when a guide drifts from what it documents:
// - docs/guides/errors.md: one table row per code of the contract's ERROR_CATALOGUE, with its status;
// - docs/guides/pagination.md: the table of the two kinds lists exactly the registry's cursor
//   and offset operations, each under its kind;
// - docs/guides/cli.md: every flag of `commflow-mock --help` and of the CLI's parseArgs options (surfaces/cli/options.ts),
//   and every route of the control surface's route table (packages/mock-server/src/control-api),
//   each under its own heading with a curl example naming its query parameters and body fields,
//   and the route index, generated from the table (`--write` rewrites it).
// - packages/mock-server/README.md and docs/mock-server.md: a row for each demo tenant (id, mode,
//   key), each demo user (email, name, tenant, extension) and each demo key (tenants,
//   permissions), as the demo scenario has them, and no row for one it lacks; `testClient`'s
//   options and every field of a fault, as the mock's source has them.
// Reads the sources (through tsx): no package build needed.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path) => readFileSync(join(root, path), 'utf8');
const { ERROR_CATALOGUE, OPERATION_LIST } = await tsImport(
  join(root, 'packages/contract/src/index.ts'),
  import.meta.url,
);
const failures = [];

// Errors: `| \`CODE\` | status |` rows.
const errorsGuide = read('docs/guides/errors.md');
const rows = new Map(
  [...errorsGuide.matchAll(/^\|\s*`([A-Z_]+)`\s*\|\s*(\d{3})\s*\|/gm)].map((m) => [m[1], Number(m[2])]),
);
for (const [code, { status }] of Object.entries(ERROR_CATALOGUE)) {
  if (!rows.has(code)) failures.push(`errors.md: no row for ${code}`);
  else if (rows.get(code) !== status)
    failures.push(`errors.md: ${code} is ${status}, the guide says ${rows.get(code)}`);
}
for (const code of rows.keys())
  if (!(code in ERROR_CATALOGUE)) failures.push(`errors.md: ${code} is not in the catalogue`);

// Pagination: `| cursor | \`id\`, … |` and `| offset | … |` rows, against the registry.
const paginationGuide = read('docs/guides/pagination.md');
let pagedOperations = 0;
for (const kind of ['cursor', 'offset']) {
  const row = new RegExp(`^\\|\\s*${kind}\\s*\\|([^|]*)\\|`, 'm').exec(paginationGuide)?.[1];
  if (row === undefined) {
    failures.push(`pagination.md: no table row for the ${kind} kind`);
    continue;
  }
  const listed = new Set([...row.matchAll(/`([a-z.]+)`/g)].map((m) => m[1]));
  const expected = OPERATION_LIST.filter((op) => op.pagination === kind).map((op) => op.id);
  pagedOperations += expected.length;
  for (const id of expected)
    if (!listed.has(id)) failures.push(`pagination.md: ${id} is ${kind}-paged, not in its row`);
  for (const id of listed)
    if (!expected.includes(id)) failures.push(`pagination.md: ${id} is in the ${kind} row, and is not ${kind}-paged`);
}

// CLI flags.
const cliGuide = read('docs/guides/cli.md');
const help = execFileSync(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', join(root, 'packages/mock-server/src/cli.ts'), '--help'],
  { cwd: root, encoding: 'utf8' },
);
const { CLI_ARGUMENTS } = await tsImport(
  join(root, 'packages/mock-server/src/surfaces/cli/options.ts'),
  import.meta.url,
);
const flags = new Set([
  ...[...help.matchAll(/^\s+(--[a-z][a-z0-9-]*)/gm)].map((m) => m[1]),
  ...Object.keys(CLI_ARGUMENTS.options).map((name) => `--${name}`),
]);
if (flags.size === 0) failures.push('cli.md check: found no flags in --help or cli.ts');
for (const flag of flags) {
  if (!new RegExp(`^\\|\\s*\`${flag}[\\s\`<]`, 'm').test(cliGuide)) failures.push(`cli.md: flag ${flag} has no row`);
}

// Control routes: the route table is the source. Each route has its own heading with a curl
// example that names each of its query parameters and top-level body fields; no heading names a
// route the table lacks; and the index between the `control-routes` markers is the table's, as
// `--write` makes it.
// The table as the committed control-openapi.json has it (its freshness is checked by
// `control-openapi:check`): reading the JSON needs no TypeScript loader.
const controlDocument = JSON.parse(read('packages/mock-server/control-openapi.json'));
const resolve = (schema) =>
  schema?.$ref === undefined ? schema : controlDocument.components.schemas[schema.$ref.split('/').pop()];
const CONTROL_ROUTE_LIST = Object.entries(controlDocument.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({
    id: op.operationId,
    method: method.toUpperCase(),
    path,
    summary: op.summary.charAt(0).toLowerCase() + op.summary.slice(1),
    fields: [
      ...(op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      ...Object.keys(resolve(op.requestBody?.content['application/json'].schema)?.properties ?? {}),
    ],
  })),
);
const headings = [...cliGuide.matchAll(/^### `([A-Z]+) (\/__mock[^`?]*)`\n([\s\S]*?)(?=^##+ |(?![\s\S]))/gm)].map(
  (m) => ({
    method: m[1],
    path: m[2],
    body: m[3],
  }),
);
for (const heading of headings) {
  if (!/```sh\n\s*curl /.test(heading.body))
    failures.push(`cli.md: ${heading.method} ${heading.path} has no curl example`);
}
const byRoute = new Map(headings.map((h) => [`${h.method} ${h.path}`, h]));
for (const route of CONTROL_ROUTE_LIST) {
  const heading = byRoute.get(`${route.method} ${route.path}`);
  if (heading === undefined) {
    failures.push(`cli.md: ${route.method} ${route.path} (${route.id}) has no heading`);
    continue;
  }
  for (const name of route.fields) {
    if (!heading.body.includes(name))
      failures.push(`cli.md: ${route.method} ${route.path} takes "${name}", and its section does not name it`);
  }
}
const served = new Set(CONTROL_ROUTE_LIST.map((route) => `${route.method} ${route.path}`));
for (const key of byRoute.keys())
  if (!served.has(key)) failures.push(`cli.md: ${key} is documented, and the route table has no such route`);
const index = [
  '| Route | Id | What it does |',
  '| --- | --- | --- |',
  ...CONTROL_ROUTE_LIST.map((route) => `| \`${route.method} ${route.path}\` | \`${route.id}\` | ${route.summary} |`),
].join('\n');
// Compared cell by cell: Prettier pads the columns.
const tableText = (text) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.replace(/\s*\|\s*/g, '|').replace(/-{3,}/g, '---'))
    .join('\n');
const markers = /(<!-- control-routes:start -->\n)[\s\S]*?(<!-- control-routes:end -->)/;
if (!markers.test(cliGuide)) failures.push('cli.md: no <!-- control-routes:start/end --> markers');
else if (process.argv.includes('--write')) {
  writeFileSync(join(root, 'docs/guides/cli.md'), cliGuide.replace(markers, `$1${index}\n$2`));
  console.log('Wrote the control route index of docs/guides/cli.md');
} else if (tableText(markers.exec(cliGuide)?.[0] ?? '') !== tableText(index)) {
  failures.push("cli.md: the control route index is not the table's: run `node scripts/check-docs-guides.mjs --write`");
}

// The demo scenario's tenants, users and keys; testClient and faults.
const demo = await tsImport(join(root, 'packages/mock-server/src/scenario/demo.ts'), import.meta.url);
const { FaultSchema } = await tsImport(join(root, 'packages/mock-server/src/state/faults.ts'), import.meta.url);
const fixtureSource = read('packages/mock-server/src/surfaces/testing/fixture.ts');
const tableRows = (markdown) =>
  [...markdown.matchAll(/^\|(.*)\|\s*$/gm)].map((m) => m[1].split('|').map((cell) => cell.trim()));
const code = (value) => `\`${value}\``;
const tenantName = new Map(demo.demoScenario.tenants.map((tenant) => [tenant.id, tenant.name]));
let demoRows = 0;
for (const doc of ['packages/mock-server/README.md', 'docs/mock-server.md']) {
  const markdown = read(doc);
  const table = tableRows(markdown);
  const has = (cells, what) => {
    if (!table.some((row) => cells.every((cell, i) => cell === undefined || row[i] === cell)))
      failures.push(`${doc}: no row ${what}: | ${cells.map((cell) => cell ?? '…').join(' | ')} |`);
    else demoRows += 1;
  };
  for (const tenant of demo.demoScenario.tenants) {
    const key = demo.demoScenario.apiKeys.find(
      (k) => k.tenantIds.length === 1 && k.tenantIds[0] === tenant.id && k.permissions.includes('*') && !k.revoked,
    );
    has([tenant.name, code(tenant.id), tenant.mode, code(key?.key)], `for the tenant ${tenant.name}`);
  }
  const users = demo.demoScenario.tenants.flatMap((tenant) => tenant.users.map((user) => ({ ...user, tenant })));
  for (const user of users) {
    const name = `${user.firstName} ${user.lastName}`;
    has([code(user.email), name, user.tenant.name, user.extension ?? 'none'], `for the user ${user.email}`);
  }
  for (const row of table) {
    const email = /^`([^`@]+@[^`]+)`$/.exec(row[0] ?? '')?.[1];
    if (email !== undefined && !users.some((user) => user.email === email))
      failures.push(`${doc}: ${email} is in a table, and is not a demo user`);
    const key = /^`(cfa?_demo_[^`]+)`$/.exec(row[0] ?? '')?.[1];
    if (key !== undefined && !demo.demoScenario.apiKeys.some((k) => k.key === key))
      failures.push(`${doc}: ${key} is in a table, and is not a demo key`);
  }
  for (const key of demo.demoScenario.apiKeys) {
    const tenants = key.tenantIds.map((id) => tenantName.get(id)).join(', ');
    has([code(key.key), tenants, key.permissions.map(code).join(', ')], `for the key ${key.label}`);
  }
  const options = [...fixtureSource.matchAll(/^\s{2}(\w+)\?:/gm)].map((m) => m[1]);
  for (const option of options) {
    if (!markdown.includes(`\`${option}\``)) failures.push(`${doc}: testClient's option ${option} is not described`);
  }
  if (!markdown.includes('testClient(mock')) failures.push(`${doc}: no testClient(mock, …) example`);
  for (const field of Object.keys(FaultSchema.shape ?? FaultSchema.innerType?.shape ?? {})) {
    if (!new RegExp(`injectFault\\(\\{[^}]*\\b${field}\\b`).test(markdown))
      failures.push(`${doc}: the fault field ${field} is not in the injectFault({ … }) line`);
  }
}

// Layers: the rules are the documentation. Each package's section of docs/architecture.md (and
// the mock's rules table in docs/mock-architecture.md) has one row per rule of its
// dependency-cruiser config, and no row for a rule the config lacks.
const layersPage = read('docs/architecture.md');
let layerRules = 0;
for (const name of ['contract', 'sdk', 'conformance', 'mock-server']) {
  const { default: config } = await import(
    pathToFileURL(join(root, 'packages', name, 'dependency-cruiser.config.mjs')).href
  );
  const rules = config.forbidden.map((rule) => rule.name);
  layerRules += rules.length;
  const section = layersPage.split(/^## /m).find((part) => part.startsWith(`@commflow/${name}\n`)) ?? '';
  const docs = [['architecture.md', section]];
  if (name === 'mock-server') docs.push(['mock-architecture.md', read('docs/mock-architecture.md')]);
  for (const [doc, text] of docs) {
    if (text === '') failures.push(`${doc}: no section "## @commflow/${name}"`);
    const rows = new Set([...text.matchAll(/^\|\s*`([a-z-]+)`\s*\|/gm)].map((m) => m[1]));
    for (const rule of rules) if (!rows.has(rule)) failures.push(`${doc}: ${name}'s rule ${rule} has no row`);
    for (const rule of rows) if (!rules.includes(rule)) failures.push(`${doc}: ${rule} is not a rule of ${name}`);
  }
}

if (failures.length > 0) {
  console.error(`The guides are out of date (${failures.length}):`);
  for (const failure of failures) console.error(`  - ${failure}`);
  process.exit(1);
}
console.log(
  `guides: ${rows.size} error codes, ${pagedOperations} paged operations, ${flags.size} CLI flags, ${headings.length} control routes and ${demoRows} rows of the demo's tenants, users and keys, and ${layerRules} import rules documented`,
);
