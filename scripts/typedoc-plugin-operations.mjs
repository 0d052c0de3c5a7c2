// The typedoc plugin that makes the site answer what a reader asks of each operation, from the
// contract's registry (never written twice):
// - every SDK method tagged `@operation <id>` gets an "Operation" section: method and path,
//   gating, acting user, Idempotency-Key, pagination, events and every error it can raise
//   (`operationErrors`); the build fails when an operation has no method or a tag names no operation;
// - the pending changesets become the changelog page (nothing is released yet);
// - `http-api.html`, the HTTP API reference: openapi.json rendered by Redoc's standalone bundle,
//   copied beside it, so the page needs no network; `mock-control-api.html` renders the mock's
//   control-openapi.json the same way;
// - `site:` links (to pages typedoc does not know) become relative links.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { Converter, PageEvent, ReflectionKind, RendererEvent } from 'typedoc';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// From source, so that the docs build needs no package build first.
const contract = await tsImport(join(root, 'packages/contract/src/index.ts'), import.meta.url);
const { operations, operationErrors, ERROR_CATALOGUE, HEADERS } = contract;

/** Generated pages' sources, written before typedoc reads its project documents. */
const GENERATED = join(root, 'docs/.generated');

const PAGINATION = {
  none: 'none: one call, one result.',
  cursor:
    'cursor: resolves to the first page; `for await` walks every item, following `nextCursor` (a cursor from another list, tenant or filters is `INVALID_CURSOR`). See the [pagination guide](site:documents/Pagination.html).',
  offset:
    'offset: resolves to the first page; `for await` walks every item, advancing `offset` until a short page. See the [pagination guide](site:documents/Pagination.html).',
};

const code = (text) => `\`${text}\``;
const cell = (text) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The markdown of an operation's section. */
export function operationSection(op) {
  const errors = operationErrors(op);
  const denial = (name) => `${code(name)} (${ERROR_CATALOGUE[name].status})`;
  const actsForUser = op.headers.includes('U');
  const idempotent = op.headers.includes('I');
  const rows = [
    [
      'HTTP',
      `${code(`${op.method} ${op.path}`)}, answering ${op.successStatus.length === 2 ? `${op.successStatus[0]} (created) or ${op.successStatus[1]} (existing)` : op.successStatus[0]}`,
    ],
    ['Operation id', `${code(op.id)} ([HTTP reference](site:http-api.html#operation/${op.id}))`],
    ['Permission', `${code(op.gating.permission)} on the API key, else ${denial('PERMISSION_DENIED')}`],
    [
      'Module',
      op.gating.module === null ? 'none' : `${code(op.gating.module)} on the tenant, else ${denial('MODULE_DISABLED')}`,
    ],
    [
      'Capability',
      op.gating.capability === null
        ? 'none'
        : `${code(op.gating.capability)} on the tenant${actsForUser ? ' (and on the acting user, when it carries a capability list)' : ''}, else ${denial('CAPABILITY_DENIED')}`,
    ],
    [
      'Acting user',
      actsForUser
        ? `yes: sends ${code(HEADERS.userEmail)} from \`client.withUser(email)\` or the \`userEmail\` option; missing is ${denial('VALIDATION_ERROR')}, unknown is ${denial('UNKNOWN_USER')}`
        : `no (${code(HEADERS.userEmail)} is not sent)`,
    ],
    [
      'Idempotency-Key',
      idempotent
        ? `yes: the SDK sends a fresh ${code(HEADERS.idempotencyKey)} per call and reuses it on every retry; pass your own with the \`idempotencyKey\` option`
        : 'no (a read: retrying it is always safe)',
    ],
    ['Pagination', PAGINATION[op.pagination]],
    [
      'Events',
      op.events.length === 0
        ? 'none'
        : `${op.events.map(code).join(', ')} (see the [webhooks guide](site:documents/Webhooks.html))`,
    ],
  ];
  const table = ['| Fact | Value |', '| --- | --- |', ...rows.map(([name, value]) => `| ${name} | ${cell(value)} |`)];
  const errorRows = errors.map(
    (error) =>
      `| ${code(error.code)}${error.specific ? ' **(this operation)**' : ''} | ${error.status} | ${cell(error.reasons.join(' '))} |`,
  );
  // No summary line: the method's own comment above the section already says what it does.
  return [
    ...table,
    '',
    `**Errors.** Every code this call can raise, in the order the service checks; those marked **(this operation)** are its own. Each arrives as a typed \`CommFlowError\` subclass (see the [errors guide](site:documents/Errors.html)).`,
    '',
    '| Code | Status | When |',
    '| --- | --- | --- |',
    ...errorRows,
  ].join('\n');
}

/** The pending changesets, newest file name order, as one markdown page. */
export function changelogMarkdown() {
  const dir = join(root, '.changeset');
  const entries = readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (match === null) throw new Error(`.changeset/${name} has no front matter`);
      const bumps = [...match[1].matchAll(/^['"]?([^'":]+)['"]?:\s*(\w+)/gm)].map(([, pkg, bump]) => ({ pkg, bump }));
      return { bumps, body: match[2].trim() };
    });
  const packages = [...new Set(entries.flatMap((entry) => entry.bumps.map((bump) => bump.pkg)))].sort();
  const lines = [
    '---',
    'title: Changelog',
    'group: Reference',
    '---',
    '# Changelog',
    '',
    'Nothing is released yet: every package is at 0.0.0. These are the pending changes, rendered from',
    "`.changeset/*.md` when the site is built; `changeset version` turns them into each package's",
    '`CHANGELOG.md` at release.',
  ];
  for (const pkg of packages) {
    lines.push('', `## ${pkg}`);
    for (const bump of ['major', 'minor', 'patch']) {
      const bodies = entries.filter((entry) => entry.bumps.some((b) => b.pkg === pkg && b.bump === bump));
      if (bodies.length === 0) continue;
      lines.push('', `### ${bump[0].toUpperCase()}${bump.slice(1)} changes`, '');
      for (const { body } of bodies) {
        const [first = '', ...rest] = body.split('\n');
        lines.push(`- ${first}`, ...rest.map((line) => (line === '' ? '' : `  ${line}`)));
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

function httpApiPage(spec, heading = 'HTTP API reference') {
  const json = JSON.stringify(spec).replaceAll('<', '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading} | CommFlow SDK</title>
<style>
  body { margin: 0; }
  .cf-bar { display: flex; gap: 1rem; align-items: center; padding: 0.5rem 1rem; background: #0b2540; color: #fff;
    font: 15px/1.4 system-ui, sans-serif; position: sticky; top: 0; z-index: 10; }
  .cf-bar a { color: #fff; }
  .cf-bar h1 { font-size: 1rem; margin: 0; font-weight: 600; white-space: nowrap; }
  .cf-bar a { white-space: nowrap; }
  .cf-version { opacity: 0.8; font-size: 0.85rem; }
  @media (max-width: 640px) { .cf-version { display: none; } }
</style>
</head>
<body>
<header class="cf-bar"><a href="index.html">← Docs</a><h1>${heading}</h1><span class="cf-version">${spec.info.title} ${spec.info.version}, OpenAPI ${spec.openapi}</span></header>
<main id="redoc"></main>
<script id="openapi" type="application/json">${json}</script>
<script src="assets/redoc.standalone.js"></script>
<script>
  Redoc.init(JSON.parse(document.getElementById('openapi').textContent), {
    hideDownloadButton: false,
    expandResponses: '200,201',
    jsonSampleExpandLevel: 3,
    scrollYOffset: '.cf-bar',
  }, document.getElementById('redoc'));
</script>
</body>
</html>
`;
}

/** Every field of the scenario file, from scenario.schema.json (generated from the zod schema). */
export function scenarioFieldsMarkdown() {
  const schema = JSON.parse(readFileSync(join(root, 'packages/mock-server/scenario.schema.json'), 'utf8'));
  const resolveRef = (node) => (node?.$ref === undefined ? node : schema.$defs[node.$ref.split('/').pop()]);
  const typeOf = (node) => {
    if (node.enum !== undefined) return node.enum.map((value) => code(JSON.stringify(value))).join(', ');
    if (node.const !== undefined) return code(JSON.stringify(node.const));
    if (node.anyOf !== undefined) return node.anyOf.map((option) => typeOf(resolveRef(option))).join(' or ');
    if (node.type === 'array') return `array of ${typeOf(resolveRef(node.items) ?? {})}`;
    const limits = [
      node.format,
      node.pattern === undefined ? undefined : `pattern ${code(node.pattern)}`,
      node.minLength === undefined && node.maxLength === undefined
        ? undefined
        : `length ${node.minLength ?? 0}..${node.maxLength ?? '∞'}`,
      node.minimum === undefined && node.maximum === undefined
        ? undefined
        : `${node.minimum ?? '-∞'}..${node.maximum ?? '∞'}`,
    ].filter((limit) => limit !== undefined);
    return `${node.type ?? 'any'}${limits.length > 0 ? ` (${limits.join(', ')})` : ''}`;
  };
  const rows = [];
  const walk = (node, path) => {
    node = resolveRef(node);
    if (node === undefined) return;
    for (const [name, raw] of Object.entries(node.properties ?? {})) {
      const field = resolveRef(raw);
      const fieldPath = path === '' ? name : `${path}.${name}`;
      const required = (node.required ?? []).includes(name) && field.default === undefined;
      const fallback = field.default === undefined ? '' : code(JSON.stringify(field.default).replaceAll(',', ', '));
      const description = raw.description ?? field.description ?? '';
      rows.push(
        `| ${code(fieldPath)} | ${cell(typeOf(field))} | ${required ? 'yes' : 'no'} | ${cell(fallback)} | ${cell(description)} |`,
      );
      walk(field.type === 'array' ? field.items : field, field.type === 'array' ? `${fieldPath}[]` : fieldPath);
    }
    for (const option of node.anyOf ?? []) walk(option, path);
  };
  walk(schema, '');
  return ['| Field | Type | Required | Default | Meaning |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

/** The generated pages and fragments (the scenario guide includes the field table). */
function writeGenerated() {
  mkdirSync(GENERATED, { recursive: true });
  writeFileSync(join(GENERATED, 'changelog.md'), changelogMarkdown());
  writeFileSync(join(GENERATED, 'scenario-fields.md'), `${scenarioFieldsMarkdown()}\n`);
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  writeGenerated();

  const tagged = new Map();
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    // Readers reach resources as `client.contacts`, never construct them: their constructor pages
    // are noise (APIResource keeps its own, for custom resources).
    for (const reflection of Object.values(context.project.reflections)) {
      const owner = reflection.parent;
      if (
        reflection.kindOf(ReflectionKind.Constructor) &&
        owner?.kindOf(ReflectionKind.Class) &&
        owner.extendedTypes?.some((type) => type.type === 'reference' && type.name === 'APIResource')
      ) {
        context.project.removeReflection(reflection);
      }
    }
    for (const reflection of Object.values(context.project.reflections)) {
      const tag = reflection.comment?.getTag('@operation');
      if (tag === undefined) continue;
      const id = tag.content
        .map((part) => part.text)
        .join('')
        .trim();
      const op = operations[id];
      if (op === undefined) {
        app.logger.error(`@operation ${id} on ${reflection.getFullName()} names no operation of the registry.`);
        continue;
      }
      if (tagged.has(id))
        app.logger.error(`@operation ${id} is on both ${tagged.get(id)} and ${reflection.getFullName()}.`);
      tagged.set(id, reflection.getFullName());
      tag.content = [{ kind: 'text', text: operationSection(op) }];
    }
  });

  app.renderer.on(RendererEvent.BEGIN, (event) => {
    // A README's own `# Title` would be a second top-level heading under the page's.
    for (const reflection of [event.project, ...Object.values(event.project.reflections)]) {
      const first = reflection.readme?.[0];
      if (first?.kind === 'text') first.text = first.text.replace(/^\s*# [^\n]*\n/, '');
    }
    const untagged = Object.keys(operations).filter((id) => !tagged.has(id));
    if (untagged.length > 0) {
      app.logger.error(`No SDK method carries @operation for: ${untagged.join(', ')}.`);
    }
  });

  // `site:` links name a page by its path from the site's root, for pages typedoc does not know
  // (the HTTP reference) or cannot link from generated text; each becomes a relative link.
  app.renderer.on(PageEvent.END, (page) => {
    if (page.contents === undefined) return;
    const toRoot = relative(dirname(join('/', page.url)), '/') || '.';
    page.contents = page.contents.replace(/href="site:([^"]*)"/g, (_, path) => `href="${toRoot}/${path}"`);
  });

  app.renderer.on(RendererEvent.END, (event) => {
    const require = createRequire(import.meta.url);
    mkdirSync(join(event.outputDirectory, 'assets'), { recursive: true });
    // The bundle's only request off the page is the "API docs by Redocly" logo; an empty image
    // instead keeps the page off the network (the logo hides itself when it cannot load).
    const bundle = readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
    writeFileSync(
      join(event.outputDirectory, 'assets/redoc.standalone.js'),
      bundle.replaceAll('https://cdn.redoc.ly/redoc/logo-mini.svg', 'data:,'),
    );
    const spec = JSON.parse(readFileSync(join(root, 'packages/contract/openapi.json'), 'utf8'));
    writeFileSync(join(event.outputDirectory, 'http-api.html'), httpApiPage(spec));
    // The mock's control surface, beside it: control-openapi.json, generated from its route table.
    const control = JSON.parse(readFileSync(join(root, 'packages/mock-server/control-openapi.json'), 'utf8'));
    writeFileSync(
      join(event.outputDirectory, 'mock-control-api.html'),
      httpApiPage(control, 'Mock control surface reference'),
    );
  });
}
