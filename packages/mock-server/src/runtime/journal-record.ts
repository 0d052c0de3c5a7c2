/**
 * A journal record from a pipeline outcome: what was sent and answered, with every secret
 * redacted and each body cut at `journalBodyLimit` bytes.
 *
 * The redaction rule (docs/decisions.md): a header is redacted when its name is one that
 * carries credentials (`authorization`, `proxy-authorization`, `x-api-key`, `cookie`,
 * `set-cookie`), or its name says key, secret, token, password, session, credential, auth or
 * signature (`idempotency-key` excepted: it is an id the client chose, and tests look for it),
 * or its value looks like a credential (an API key, `Bearer …`, `Basic …`, a JWT). In the path,
 * query and bodies, anything shaped like an API key, and every secret the request's redacted
 * headers carried, reads `[redacted]`.
 */
import { headerPairs } from '../lib/raw-headers.js';
import { attribution } from '../service/pipeline/attribute.js';
import type { PipelineOutcome } from '../service/pipeline/index.js';
import type { JournalRecord } from '../state/journal.js';
import type { World } from './world.js';

/** What a redacted value reads. */
export const REDACTED = '[redacted]';

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'x-api-key', 'cookie', 'set-cookie']);
const SECRET_NAME = /key|secret|token|passw|session|credential|auth|signature/i;
const NOT_SECRET = new Set(['idempotency-key']);
/** An API key as the contract defines it (`cf_`/`cfa_` and 24+ of `[A-Za-z0-9_]`), anywhere in a text. */
const API_KEY_IN_TEXT = /cfa?_[A-Za-z0-9_]{24,}/g;
const SECRET_VALUE = /^\s*(?:bearer|basic|digest|token)\s|cfa?_[A-Za-z0-9_]{24,}|eyJ[\w-]{4,}\.[\w-]{4,}\./i;
/** Carried secrets shorter than this are not searched for in bodies: too likely to hit by chance. */
const MIN_SECRET_LENGTH = 8;

/** Whether a header must not be journaled as it is. */
export function isSecretHeader(name: string, value: string): boolean {
  if (NOT_SECRET.has(name)) return SECRET_VALUE.test(value);
  return SECRET_HEADERS.has(name) || SECRET_NAME.test(name) || SECRET_VALUE.test(value);
}

/** The headers with secrets redacted; the secret values found are added to `secrets`. */
function redactHeaders(headers: Iterable<readonly [string, string]>, secrets: string[]): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [rawName, value] of headers) {
    const name = rawName.toLowerCase();
    if (!isSecretHeader(name, value)) {
      kept[name] = value;
      continue;
    }
    kept[name] = REDACTED;
    // The whole value, and its credential part (`Bearer <secret>`, each cookie's value).
    for (const part of [value, ...value.split(/[\s;,=]+/)]) {
      if (part.length >= MIN_SECRET_LENGTH) secrets.push(part);
    }
  }
  return kept;
}

/** `text` with API keys and the carried secrets replaced by `[redacted]`. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text.replace(API_KEY_IN_TEXT, REDACTED);
  for (const secret of secrets) if (out.includes(secret)) out = out.replaceAll(secret, REDACTED);
  return out;
}

function redactRecord(record: Readonly<Record<string, unknown>>, secrets: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    out[name] = typeof value === 'string' ? redactText(value, secrets) : value;
  }
  return out;
}

const decoder = new TextDecoder();

/** A body kept as text: redacted, cut at `limit` bytes. */
function keptBody(
  bytes: Uint8Array | string | undefined,
  limit: number,
  secrets: readonly string[],
): { text: string | null; size: number; truncated: boolean } {
  if (bytes === undefined || bytes.length === 0) return { text: null, size: 0, truncated: false };
  const encoded = typeof bytes === 'string' ? undefined : bytes;
  const size = encoded?.byteLength ?? Buffer.byteLength(bytes);
  if (size <= limit) {
    const text = typeof bytes === 'string' ? bytes : decoder.decode(bytes);
    return { text: redactText(text, secrets), size, truncated: false };
  }
  const start = (typeof bytes === 'string' ? Buffer.from(bytes) : bytes).subarray(0, limit);
  return { text: redactText(decoder.decode(start), secrets), size, truncated: true };
}

/**
 * The journal record of one request through the pipeline.
 *
 * @param method The method to journal it under (HEAD for a HEAD answered as a GET).
 */
export function journalRecord(
  world: World,
  request: Request,
  url: URL,
  method: string,
  outcome: PipelineOutcome,
  durationMs: number,
): JournalRecord {
  const { context, response } = outcome;
  const limit = world.state.limits.journalBodyLimit;
  const secrets: string[] = [];
  const requestHeaders = redactHeaders(headerPairs(request), secrets);
  const responseHeaders = redactHeaders(Object.entries(outcome.headers), secrets);
  // The decoded query when the operation validated it, else the query as sent.
  const validated = context.validated === true;
  const query = validated ? context.input.query : Object.fromEntries(url.searchParams.entries());
  const params = validated ? context.input.params : context.rawPathParams;
  // An answer given before the operation or the tenant was resolved (a 429, a 401) is still theirs.
  const { operationId, tenantId } = attribution(world, context);
  return {
    summary: {
      requestId: context.requestId,
      at: world.sim.clock.iso(),
      method,
      path: redactText(url.pathname, secrets),
      query: redactText(url.search, secrets),
      operationId,
      tenantId,
      userId: context.user?.id ?? null,
      userEmail: context.user?.email ?? null,
      keyHint: context.key?.hint ?? null,
      status: response.status,
      errorCode: outcome.errorCode,
      replayed: outcome.replayed,
      ...(context.override === undefined ? {} : { override: context.override }),
      durationMs,
    },
    request: {
      headers: requestHeaders,
      query: redactRecord(query, secrets),
      params: redactRecord(params, secrets),
      ...keptBody(context.rawBodyBytes, limit, secrets),
    },
    // A HEAD is answered as a GET without its body: none was sent.
    response: { headers: responseHeaders, ...keptBody(method === 'HEAD' ? undefined : outcome.body, limit, secrets) },
    seq: 0,
  };
}
