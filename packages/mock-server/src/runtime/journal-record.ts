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
import { stableHeaderPairs } from '../lib/raw-headers.js';
import { attribution } from '../service/pipeline/attribute.js';
import type { PipelineOutcome } from '../service/pipeline/index.js';
import type { JournalRecord, JournalSummary } from '../state/journal.js';
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

/** A body as captured: cut at the limit at once (the journal's memory cap), decoded and redacted when read. */
interface CapturedBody {
  /** The body, or its first `limit` bytes decoded, when it was over. */
  readonly content: Uint8Array | string | undefined;
  readonly size: number;
  readonly truncated: boolean;
}

/** The body, cut at `limit` bytes: the only part of keeping it that cannot wait, as it bounds what is kept. */
function capturedBody(bytes: Uint8Array | string | undefined, limit: number): CapturedBody {
  if (bytes === undefined || bytes.length === 0) return { content: undefined, size: 0, truncated: false };
  const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength;
  if (size <= limit) return { content: bytes, size, truncated: false };
  const start = (typeof bytes === 'string' ? Buffer.from(bytes) : bytes).subarray(0, limit);
  return { content: decoder.decode(start), size, truncated: true };
}

/** A captured body as the journal shows it: text, redacted. */
function keptBody(
  body: CapturedBody,
  secrets: readonly string[],
): { text: string | null; size: number; truncated: boolean } {
  const { content, size, truncated } = body;
  if (content === undefined) return { text: null, size, truncated };
  const text = typeof content === 'string' ? content : decoder.decode(content);
  return { text: redactText(text, secrets), size, truncated };
}

/**
 * What a request and its answer left for the journal, redacted only when first read: most
 * entries are never read, and redaction (a pattern over every header and body) was the larger
 * part of journaling a request. Everything it holds is immutable once the answer is made (the
 * raw header lines Node parsed, or a copy of a `Headers`; the answer's header record and body
 * text; the validated input), so a later read redacts exactly what an immediate one would.
 */
class Capture {
  readonly #requestHeaders: Iterable<readonly [string, string]>;
  readonly #responseHeaders: Readonly<Record<string, string>>;
  readonly #pathname: string;
  readonly #search: string;
  readonly #query: Readonly<Record<string, unknown>>;
  readonly #params: Readonly<Record<string, unknown>>;
  readonly #requestBody: CapturedBody;
  readonly #responseBody: CapturedBody;
  #redacted: { secrets: string[]; request: Record<string, string>; response: Record<string, string> } | undefined;
  #path: string | undefined;
  #queryText: string | undefined;

  constructor(parts: {
    requestHeaders: Iterable<readonly [string, string]>;
    responseHeaders: Readonly<Record<string, string>>;
    pathname: string;
    search: string;
    query: Readonly<Record<string, unknown>>;
    params: Readonly<Record<string, unknown>>;
    requestBody: CapturedBody;
    responseBody: CapturedBody;
  }) {
    this.#requestHeaders = parts.requestHeaders;
    this.#responseHeaders = parts.responseHeaders;
    this.#pathname = parts.pathname;
    this.#search = parts.search;
    this.#query = parts.query;
    this.#params = parts.params;
    this.#requestBody = parts.requestBody;
    this.#responseBody = parts.responseBody;
  }

  /** Both sides' headers redacted, and the secrets they carried (the request's first, as ever). */
  #headers() {
    if (this.#redacted !== undefined) return this.#redacted;
    const secrets: string[] = [];
    const request = redactHeaders(this.#requestHeaders, secrets);
    const response = redactHeaders(Object.entries(this.#responseHeaders), secrets);
    return (this.#redacted = { secrets, request, response });
  }

  path(): string {
    return (this.#path ??= redactText(this.#pathname, this.#headers().secrets));
  }

  query(): string {
    return (this.#queryText ??= redactText(this.#search, this.#headers().secrets));
  }

  request(): JournalRecord['request'] {
    const { secrets, request } = this.#headers();
    return {
      headers: request,
      query: redactRecord(this.#query, secrets),
      params: redactRecord(this.#params, secrets),
      ...keptBody(this.#requestBody, secrets),
    };
  }

  response(): JournalRecord['response'] {
    const { secrets, response } = this.#headers();
    return { headers: response, ...keptBody(this.#responseBody, secrets) };
  }
}

/** A journal record whose redacted parts are worked out on first read, then kept. */
class CapturedRecord implements JournalRecord {
  readonly summary: JournalSummary;
  seq = 0;
  readonly #capture: Capture;
  #request: JournalRecord['request'] | undefined;
  #response: JournalRecord['response'] | undefined;

  constructor(summary: JournalSummary, capture: Capture) {
    this.summary = summary;
    this.#capture = capture;
  }

  get request(): JournalRecord['request'] {
    return (this.#request ??= this.#capture.request());
  }

  get response(): JournalRecord['response'] {
    return (this.#response ??= this.#capture.response());
  }
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
  // The decoded query when the operation validated it, else the query as sent.
  const validated = context.validated === true;
  const capture = new Capture({
    requestHeaders: stableHeaderPairs(request),
    responseHeaders: outcome.headers,
    pathname: url.pathname,
    search: url.search,
    query: validated ? context.input.query : Object.fromEntries(url.searchParams.entries()),
    params: validated ? context.input.params : context.rawPathParams,
    requestBody: capturedBody(context.rawBodyBytes, limit),
    // A HEAD is answered as a GET without its body: none was sent.
    responseBody: capturedBody(method === 'HEAD' ? undefined : outcome.body, limit),
  });
  // An answer given before the operation or the tenant was resolved (a 429, a 401) is still theirs.
  const { operationId, tenantId } = attribution(world, context);
  // Path and query are getters: enumerable, in their place, so that spreading and JSON see them.
  const summary: JournalSummary = {
    requestId: context.requestId,
    at: world.sim.clock.iso(),
    method,
    get path() {
      return capture.path();
    },
    get query() {
      return capture.query();
    },
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
  };
  return new CapturedRecord(summary, capture);
}
