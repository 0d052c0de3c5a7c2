// Keeps the documents' code from rotting: every ```ts block of the root README, the package
// READMEs (the site's package pages) and every page under docs/ (the guides, the landing page, the
// webhooks guide, the design notes) is written to examples/doc-snippets/.snippets/ and compiled
// there with tsc against the workspace packages' sources (the `source` condition, strict, as users
// compile; no package build needed); every ```json block of the scenario reference is loaded as a
// scenario by the mock. A block fenced ```ts nocheck is skipped: only for code that cannot compile
// here (a framework that is not a dependency); the count is printed, so a new one shows.
// A block with a top-level `import` reads as a whole file, and a reader copies it as one: it is
// compiled alone (tsconfig.files.json: no prelude, no test-runner globals), so it must import or
// declare everything it uses. A block without one is a fragment that continues the prose: it is
// compiled with the prelude's names (tsconfig.json).
// A step of `npx -y pnpm@10 run docs` (so of CI's docs step): `node --conditions=source`, which the
// scenario loading needs to read the mock's sources.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const here = join(root, 'examples/doc-snippets');
const out = join(here, '.snippets');
// What the build writes under docs/ (the site, the generated changelog page) is not checked here.
const GENERATED = ['docs/api/', 'docs/.generated/'];
const documents = [
  'README.md',
  ...readdirSync(join(root, 'packages'))
    .map((name) => `packages/${name}/README.md`)
    .filter((path) => existsSync(join(root, path))),
  ...readdirSync(join(root, 'docs'), { recursive: true })
    .map((name) => `docs/${name}`)
    .filter((path) => path.endsWith('.md') && !GENERATED.some((dir) => path.startsWith(dir))),
].sort();

// The names the fragments use without declaring them, as the surrounding prose gives them
// to a reader (earlier blocks' imports and clients, the receiver's secret and handler, a store of
// seen ids, the app under test). Only fragments see them; no test-runner globals either: a test
// file's block imports its `test`, `beforeAll`… from vitest.
const PRELUDE = `import type { CommFlow } from '@commflow/sdk';
import type { VerifiedWebhookEvent } from '@commflow/sdk/webhooks';
import type { Hono } from 'hono';
declare global {
  const client: CommFlow;
  const mock: import('@commflow/mock-server').CommFlowMock;
  const DEMO_TENANTS: typeof import('@commflow/mock-server').DEMO_TENANTS;
  const verifyWebhook: typeof import('@commflow/sdk/webhooks').verifyWebhook;
  const signWebhook: typeof import('@commflow/sdk/webhooks').signWebhook;
  const secret: string;
  const newSecret: string;
  const oldSecret: string;
  const payload: string;
  const headers: Headers;
  const id: string;
  const timestamp: string;
  const tenantId: string;
  const data: unknown;
  const app: Hono;
  function handle(event: VerifiedWebhookEvent): Promise<void>;
  const seen: { has(id: string): Promise<boolean>; add(id: string, options: { ttlSeconds: number }): Promise<void> };
}
export {};
`;

// `import x from`, `import { x }`, `import * as`, `import type`, `import 'side-effect'` at the start of
// a line; not `import(...)` nor `import.meta`.
const WHOLE_FILE = /^import(?=[\s{*'"])/m;

rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'fragments'), { recursive: true });
mkdirSync(join(out, 'files'), { recursive: true });
writeFileSync(join(out, 'fragments/prelude.d.ts'), PRELUDE);
let compiled = 0;
let files = 0;
let skipped = 0;
const scenarios = [];
for (const doc of documents) {
  const text = readFileSync(join(root, doc), 'utf8');
  const blocks = [...text.matchAll(/^```(ts|typescript|json)([^\n]*)\n([\s\S]*?)^```$/gm)];
  blocks.forEach(([, lang, info, code], index) => {
    const line = text.slice(0, text.indexOf(code)).split('\n').length;
    if (lang === 'json') {
      if (doc.endsWith('scenario.md')) scenarios.push({ where: `${doc}:${line}`, code });
      return;
    }
    if (info.includes('nocheck')) {
      skipped += 1;
      return;
    }
    const name = `${doc.replaceAll('/', '_').replace(/\.md$/, '')}_${index}.ts`;
    const whole = WHOLE_FILE.test(code);
    writeFileSync(join(out, whole ? 'files' : 'fragments', name), `// ${doc}:${line}\n${code}\nexport {};\n`);
    compiled += 1;
    if (whole) files += 1;
  });
}

let failed = false;
for (const [config, what] of [
  ['tsconfig.files.json', 'a block with imports, compiled as a whole file (it must import everything it uses)'],
  ['tsconfig.json', 'a fragment, compiled with the prelude'],
]) {
  try {
    execFileSync('tsc', ['--noEmit', '-p', join(here, config)], { cwd: here, stdio: 'inherit' });
  } catch {
    console.error(
      `A document has a TypeScript block that does not compile: ${what} (each file under examples/doc-snippets/.snippets/ names its document and line).`,
    );
    failed = true;
  }
}
if (failed) process.exit(1);
// Compiled: drop the files, which only eslint would trip over (kept on failure, to read).
rmSync(out, { recursive: true, force: true });

const { createMock } = await tsImport(join(root, 'packages/mock-server/src/index.ts'), import.meta.url);
for (const { where, code } of scenarios) {
  try {
    createMock(JSON.parse(code)).close?.();
  } catch (error) {
    console.error(`${where}: the scenario does not load: ${error.message}`);
    process.exit(1);
  }
}
console.log(
  `doc snippets: ${documents.length} documents, ${compiled} TypeScript blocks compile (${files} as whole files, ${compiled - files} as fragments; ${skipped} nocheck), ${scenarios.length} scenarios load`,
);
