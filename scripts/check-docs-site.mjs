// Checks the built docs site (docs/api) as a reader meets it, in headless Chromium over a local
// static server on 127.0.0.1:
// - every internal link and asset of every HTML page resolves (file and, for typedoc pages, anchor);
// - the index, a guide, the click-to-dial page and the HTTP reference render with no page error
//   and no request leaving 127.0.0.1 (the site needs no network);
// - the HTTP reference renders every operation of openapi.json;
// - search finds the click-to-dial method by name, operations by id, and error codes; for a task
//   word ("retry", "paginate", "override"…) it puts the guide first, lists each entry once and no
//   internals.
// `--screenshots <dir>` also saves those pages at 1280 px and 390 px wide.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './launch-chromium.mjs';

const root = resolve(fileURLToPath(new URL('../docs/api', import.meta.url)));
const spec = JSON.parse(readFileSync(new URL('../packages/contract/openapi.json', import.meta.url), 'utf8'));
const shotsAt = process.argv.indexOf('--screenshots');
const shotsDir = shotsAt === -1 ? undefined : resolve(process.argv[shotsAt + 1] ?? 'docs-screenshots');
const failures = [];

if (!existsSync(join(root, 'index.html'))) {
  console.error('docs/api/index.html is missing: run `npx -y pnpm@10 run docs` first.');
  process.exit(1);
}

// 1. Links, without a browser: every href/src of every page.
const htmlFiles = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.html')) htmlFiles.push(path);
  }
};
walk(root);
const idCache = new Map();
const idsOf = (file) => {
  if (!idCache.has(file)) {
    const text = readFileSync(file, 'utf8');
    idCache.set(file, new Set([...text.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((m) => m[1])));
  }
  return idCache.get(file);
};
const operationIdsOf = (document) =>
  new Set(
    Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId)),
  );
const operationIds = operationIdsOf(spec);
// The mock's control surface, rendered beside the service's reference.
const controlOperationIds = operationIdsOf(
  JSON.parse(readFileSync(new URL('../packages/mock-server/control-openapi.json', import.meta.url), 'utf8')),
);
let linkCount = 0;
for (const file of htmlFiles) {
  const text = readFileSync(file, 'utf8');
  // No empty page: the content column says more than its title.
  const content = /<div class="col-content">([\s\S]*?)<div class="col-sidebar">/.exec(text)?.[1];
  if (content !== undefined) {
    const words = content
      .replace(/<h1[\s\S]*?<\/h1>/, '')
      .replace(/<[^>]+>/g, ' ')
      .split(/\s+/)
      .filter(Boolean);
    if (words.length < 8) failures.push(`${relative(root, file)} is empty (${words.length} words)`);
  }
  for (const [, attr, raw] of text.matchAll(/\s(href|src)="([^"]*)"/g)) {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(raw)) {
      if (!/^(?:https?:|mailto:)/i.test(raw))
        failures.push(`${relative(root, file)}: ${attr} "${raw}" has an unknown scheme`);
      continue;
    }
    linkCount += 1;
    const [pathPart = '', fragment] = raw.replaceAll('&amp;', '&').split('#');
    const target = pathPart === '' ? file : resolve(file, '..', decodeURIComponent(pathPart));
    const where = `${relative(root, file)}: ${attr}="${raw}"`;
    if (!target.startsWith(root + sep) || !existsSync(target)) {
      failures.push(`${where} points to a missing file`);
      continue;
    }
    if (fragment === undefined || fragment === '' || !target.endsWith('.html')) continue;
    if (target.endsWith(`${sep}http-api.html`)) {
      const id = /^operation\/(.+)$/.exec(fragment)?.[1];
      if (id === undefined || !operationIds.has(id)) failures.push(`${where} names no operation of openapi.json`);
    } else if (target.endsWith(`${sep}mock-control-api.html`)) {
      const id = /^operation\/(.+)$/.exec(fragment)?.[1];
      if (id === undefined || !controlOperationIds.has(id))
        failures.push(`${where} names no operation of control-openapi.json`);
    } else if (!idsOf(target).has(decodeURIComponent(fragment))) {
      failures.push(`${where} points to a missing anchor`);
    }
  }
}
console.log(`links: ${linkCount} internal links in ${htmlFiles.length} pages checked`);

// 2. The browser.
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const server = createServer((request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  const file = resolve(root, `.${posix.normalize(path.endsWith('/') ? `${path}index.html` : path)}`);
  if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  response.end(readFileSync(file));
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${server.address().port}`;

let browser;
try {
  browser = await launchChromium();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

async function open(path, width, ready) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('404 (Not Found)'))
      problems.push(`console error: ${message.text()}`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(base) && !url.startsWith('data:') && !url.startsWith('blob:'))
      problems.push(`network request to ${url}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400 && !response.url().endsWith('/favicon.ico'))
      problems.push(`${response.status()} for ${response.url()}`);
  });
  await page.goto(`${base}/${path}`, { waitUntil: 'load' });
  await ready(page);
  return { page, context, problems };
}

const voicePage = 'classes/_commflow_sdk.index.Voice.html';
const pages = [
  ['index', 'index.html', (page) => page.getByRole('heading', { level: 1 }).first().waitFor()],
  [
    'guide',
    'documents/Getting_started.html',
    (page) => page.getByRole('heading', { name: 'Getting started', level: 1 }).waitFor(),
  ],
  ['operation', voicePage, (page) => page.getByRole('cell', { name: 'NO_EXTENSION (this operation)' }).waitFor()],
  [
    'http-api',
    'http-api.html',
    (page) => page.locator('[id="operation/voice.click2dial"]').waitFor({ timeout: 30_000 }),
  ],
  [
    'mock-control-api',
    'mock-control-api.html',
    (page) => page.locator('[id="operation/tenants.create"]').waitFor({ timeout: 30_000 }),
  ],
];
for (const width of [1280, 390]) {
  for (const [name, path, ready] of pages) {
    let opened;
    try {
      opened = await open(path, width, ready);
    } catch (error) {
      failures.push(`${path} at ${width}px did not render: ${error.message.split('\n')[0]}`);
      continue;
    }
    for (const problem of opened.problems) failures.push(`${path} at ${width}px: ${problem}`);
    if (name === 'http-api' && width === 1280) {
      const rendered = await opened.page.locator('[id^="operation/"]').count();
      if (rendered < operationIds.size)
        failures.push(`http-api.html renders ${rendered} of ${operationIds.size} operations`);
      const title = await opened.page.title();
      if (!title.includes('HTTP API reference')) failures.push(`http-api.html is titled "${title}"`);
    }
    if (name === 'mock-control-api' && width === 1280) {
      const rendered = await opened.page.locator('[id^="operation/"]').count();
      if (rendered < controlOperationIds.size)
        failures.push(`mock-control-api.html renders ${rendered} of ${controlOperationIds.size} operations`);
    }
    if (shotsDir !== undefined) {
      mkdirSync(shotsDir, { recursive: true });
      await opened.page.screenshot({ path: join(shotsDir, `${name}-${width}.png`) });
    }
    await opened.context.close();
  }
}

// 3. Search, as a reader types it.
const searches = [
  ['click2dial', /click2dial/],
  ['voice.click2dial', /click2dial/],
  ['contacts.create', /Contacts|contacts\.create/],
  // An error code is a member of the catalogue's object type, which search leaves out: the Errors
  // guide, which lists every code, is the answer.
  ['NO_EXTENSION', /NO_EXTENSION|^\s*Errors\s*$/],
  ['INVALID_CURSOR', /Pagination|list/],
];
/**
 * Task words, and the guide each must put first: found by the guides' headings and their lines on
 * the index page (scripts/typedoc-plugin-search.mjs), no word list. "fork": the testing guide's
 * snapshots, seeded once and forked for each test (issue 34 adds tenant forks).
 */
const TASK_SEARCHES = [
  ['retry', 'Retries, timeouts and idempotency'],
  ['paginate', 'Pagination'],
  ['verify webhook', 'Webhooks'],
  ['rate limit', 'The SDK in production'],
  ['snapshot', 'Testing with the mock'],
  ['tenant', 'Authentication, tenants and acting users'],
  ['override', 'Testing with the mock'],
  ['stub', 'Testing with the mock'],
  ['fault', 'Testing with the mock'],
  ['journal', 'Testing with the mock'],
  ['matcher', 'Testing with the mock'],
  ['fork', 'Testing with the mock'],
];
{
  const { page, context, problems } = await open('index.html', 1280, () => Promise.resolve());
  for (const [query, expected] of searches) {
    await page.getByRole('button', { name: 'Search' }).click();
    const input = page.getByRole('combobox');
    await input.fill(query);
    const results = page.locator('#tsd-search-results li');
    // The list updates a moment after typing: wait for an expected result, up to 10 s.
    let texts = [];
    for (let waited = 0; waited < 10_000 && !texts.some((text) => expected.test(text)); waited += 200) {
      await page.waitForTimeout(200);
      texts = await results.allInnerTexts();
    }
    if (process.env.DEBUG_SEARCH) console.log(query, texts.slice(0, 8));
    if (!texts.some((text) => expected.test(text))) {
      failures.push(
        `search "${query}" finds ${texts.length === 0 ? 'nothing' : `only: ${texts.slice(0, 5).join(' | ')}`}`,
      );
    } else if (query === 'click2dial' && shotsDir !== undefined) {
      await page.screenshot({ path: join(shotsDir, 'search-1280.png') });
    }
    await page.keyboard.press('Escape');
  }
  // A reader searching for a task meets the guide first, each entry once, and no internals.
  for (const [query, guide] of TASK_SEARCHES) {
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox').fill(query);
    const results = page.locator('#tsd-search-results li');
    let texts = [];
    for (let waited = 0; waited < 10_000 && texts[0]?.trim() !== guide; waited += 200) {
      await page.waitForTimeout(200);
      texts = await results.allInnerTexts();
    }
    const hrefs = await results.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    if (process.env.DEBUG_SEARCH) console.log(query, texts.slice(0, 6));
    if (texts[0]?.trim() !== guide) {
      failures.push(`search "${query}" puts first ${texts[0] ?? 'nothing'}, not the guide "${guide}"`);
    }
    const twice = hrefs.filter((href, i) => hrefs.indexOf(href) !== i);
    if (twice.length > 0) failures.push(`search "${query}" lists ${twice.join(', ')} more than once`);
    const names = texts.map((text) => text.trim());
    const sameName = names.filter((name, i) => names.indexOf(name) !== i);
    if (sameName.length > 0) failures.push(`search "${query}" lists ${sameName.join(', ')} twice`);
    const internal = texts.filter((text) => text.includes('__type'));
    if (internal.length > 0) failures.push(`search "${query}" lists internals: ${internal.join(' | ')}`);
    if (shotsDir !== undefined)
      await page.screenshot({ path: join(shotsDir, `search-${query.replace(/\W+/g, '-')}.png`) });
    await page.keyboard.press('Escape');
  }
  for (const problem of problems) failures.push(`search: ${problem}`);
  await context.close();
}

await browser.close();
server.close();
if (failures.length > 0) {
  console.error(`The docs site has ${failures.length} problem(s):`);
  for (const failure of failures) console.error(`  - ${failure}`);
  process.exit(1);
}
console.log(
  `docs site: every link of all ${htmlFiles.length} pages resolves; index, guide, operation page and HTTP reference render; search works`,
);
