/**
 * The console's built files (`dist/console`, made by `scripts/build-console.ts` at build time),
 * served from memory. The page needs nothing from the network.
 */
import { readFile } from 'node:fs/promises';

/** Where the console's script and stylesheet are served: under `/__mock`, behind its checks. */
export const CONSOLE_ASSET_PREFIX = '/__mock/console/';

const TYPES: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
};

/** The page may load only its own files, and never be framed by another site. */
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
};

// From dist/*.js (and its chunks), dist/adapters/*.js, or src/serve/console/*.ts when run from source.
const CANDIDATE_DIRS = ['./console/', '../console/', '../../../dist/console/'];

const cache = new Map<string, Uint8Array<ArrayBuffer> | null>();

async function load(name: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  let found: Uint8Array<ArrayBuffer> | null = null;
  for (const dir of CANDIDATE_DIRS) {
    try {
      found = await readFile(new URL(dir + name, import.meta.url));
      break;
    } catch {
      // Not in this layout: try the next.
    }
  }
  cache.set(name, found);
  return found;
}

/**
 * The console file a GET of `pathname` asks for, or `undefined` when it asks for none: the page
 * at `/` and at `/__mock/console` (with or without its slash, as people type it), a file under
 * {@link CONSOLE_ASSET_PREFIX} by its name.
 */
export function consoleFileOf(pathname: string): string | undefined {
  if (pathname === '/' || pathname === CONSOLE_ASSET_PREFIX || `${pathname}/` === CONSOLE_ASSET_PREFIX) {
    return 'index.html';
  }
  return pathname.startsWith(CONSOLE_ASSET_PREFIX) ? pathname.slice(CONSOLE_ASSET_PREFIX.length) : undefined;
}

/**
 * The response for one console file (`index.html`, `app.js`, `app.css`), or `undefined` for
 * another name. A console that was not built answers 503 with what to run.
 */
export async function consoleAsset(name: string): Promise<Response | undefined> {
  const type = TYPES[name];
  if (type === undefined) return undefined;
  const bytes = await load(name);
  if (bytes === null) {
    // Not cached as missing for good: a build may land while a dev server runs.
    cache.delete(name);
    return new Response('The console is not built. Run: npx -y pnpm@10 --filter @commflow/mock-server run build\n', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(bytes, { headers: { 'content-type': type, ...PAGE_HEADERS } });
}
