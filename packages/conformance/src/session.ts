/**
 * The kit's HTTP side: sends registry operations (paths, methods and headers all from
 * @commflow/contract), paces them, and validates every answer against openapi.json.
 */
import {
  API_PREFIX,
  ENGLISH_MESSAGES,
  ErrorEnvelope,
  HEADERS,
  ResponseMeta,
  expandPath,
  isUserScoped,
  operations,
  successEnvelope,
  type OperationData,
  type OperationId,
  type Pagination,
} from '@commflow/contract';
import * as z from 'zod/mini';
import type { OpenApiValidator } from './openapi-validator.js';
import type { Pacer } from './pacer.js';

// What the kit reads of any body, even one that openapi.json does not describe: the error code
// and the request id, when the body has them where the envelope puts them.
const ErrorCodeOfBody = z.object({
  error: z.object({ code: ErrorEnvelope.shape.error.shape.code }),
});
const RequestIdOfBody = z.object({ meta: z.object({ requestId: ResponseMeta.shape.requestId }) });

// The success envelope around any data: the data is then read with the operation's schema, whose
// type follows the operation id.
const SUCCESS_ENVELOPES = {
  plain: successEnvelope(z.unknown()),
  paged: successEnvelope(z.unknown(), true),
};

// The registry seen through a mapped type, so that an entry's response schema keeps the link to
// its id: indexed by a generic id, it is the schema of that operation's data.
const RESPONSES: { readonly [Id in OperationId]: { readonly response: z.ZodMiniType<OperationData<Id>> } } = operations;

// What an undici "fetch failed" keeps in its cause: a system error code (ECONNREFUSED) or a
// message ("bad port").
const FetchFailureCause = z.object({
  code: z.optional(z.union([z.string(), z.number()])),
  message: z.optional(z.string()),
});

/** What a failure knows of the answer that showed it. */
export interface FailedAnswer {
  readonly requestId: string | null;
  readonly status?: number;
  /** The error code, when the answer was the error envelope. */
  readonly code?: string;
  /** Whether the request went with the run's own key, tenant and acting user (or none). */
  readonly asRun?: boolean;
}

/** A check found the implementation wrong. `requestId` names the request that showed it. */
export class CheckFailure extends Error {
  override readonly name: string = 'CheckFailure';
  readonly requestId: string | null;
  readonly status: number | null;
  readonly code: string | null;
  readonly asRun: boolean;

  constructor(message: string, answer: FailedAnswer | string | null) {
    super(message);
    const shown = typeof answer === 'string' || answer === null ? { requestId: answer } : answer;
    this.requestId = shown.requestId;
    this.status = shown.status ?? null;
    this.code = shown.code ?? null;
    this.asRun = shown.asRun ?? false;
  }
}

/**
 * The status and error code of an answer, as a reason says them: `403 UNKNOWN_USER`, or the status
 * alone for a success.
 *
 * @example
 * ```ts
 * ctx.expect(created.status === 201, `contacts.create answered ${answered(created)}, not 201`, created);
 * ```
 */
export function answered(answer: { readonly status: number; readonly body: unknown }): string {
  const code = errorCodeOf(answer.body);
  return code === undefined ? String(answer.status) : `${String(answer.status)} ${code}`;
}

/** The `error.code` of an error envelope, else undefined. */
export function errorCodeOf(body: unknown): string | undefined {
  const parsed = ErrorCodeOfBody.safeParse(body);
  return parsed.success ? parsed.data.error.code : undefined;
}

/** The implementation could not be reached: a connection error or a timeout, no answer at all. */
export class Unreachable extends CheckFailure {
  override readonly name: string = 'Unreachable';
}

/** A check cannot run here (the tenant has nothing it needs). */
export class CheckSkip extends Error {
  override readonly name = 'CheckSkip';
}

/** What a check may change in a request: everything else comes from the options and the registry. */
export interface CallRequest {
  /** Another key than the main one. */
  readonly apiKey?: string;
  /** Another tenant than the main one. */
  readonly tenantId?: string;
  /** The acting user: default the main user on user-scoped operations; `null` sends none. */
  readonly user?: string | null;
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | number>>;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

interface AnswerBase {
  readonly operation: string;
  readonly status: number;
  readonly headers: Headers;
  /** The response's request id (header, else `meta.requestId`), or null when it has none. */
  readonly requestId: string | null;
  readonly body: unknown;
  /** Whether the request went with the run's own key, tenant and acting user (or none). */
  readonly asRun: boolean;
}

/** A success answer: `data` has passed openapi.json, so it has the contract's type. */
export interface SuccessAnswer<Id extends OperationId> extends AnswerBase {
  readonly success: true;
  readonly data: OperationData<Id>;
  readonly meta: { requestId: string; timestamp: string; pagination?: Pagination };
}

/** An error answer. */
export interface ErrorAnswer extends AnswerBase {
  readonly success: false;
  readonly error: { code: string; message: string; details?: unknown };
  readonly meta: { requestId: string; timestamp: string };
}

/** An answer to a registry operation. */
export type Answer<Id extends OperationId> = SuccessAnswer<Id> | ErrorAnswer;

/** What a run's requests share. */
export interface SessionConfig {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly tenantId: string;
  readonly userEmail: string;
  readonly readOnly: boolean;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly validator: OpenApiValidator;
  readonly pacer: Pacer;
}

/** How many times a 429 is waited out before the check fails on it. */
const RATE_LIMIT_RETRIES = 3;

/** Sends a check's requests. One per check, so that its request count is its own. */
export class Session {
  readonly #config: SessionConfig;
  requests = 0;

  constructor(config: SessionConfig) {
    this.#config = config;
  }

  /** Sends operation `id` and validates the answer; throws a {@link CheckFailure} when openapi.json does not describe it. */
  async call<Id extends OperationId>(id: Id, request: CallRequest = {}): Promise<Answer<Id>> {
    const op = operations[id];
    const headers: Record<string, string> = {
      accept: 'application/json',
      [HEADERS.apiKey]: request.apiKey ?? this.#config.apiKey,
      [HEADERS.tenantId]: request.tenantId ?? this.#config.tenantId,
    };
    const user = request.user === undefined ? (isUserScoped(op) ? this.#config.userEmail : null) : request.user;
    if (user !== null) headers[HEADERS.userEmail] = user;
    let body: string | undefined;
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.body);
    }
    Object.assign(headers, request.headers);
    let path: string = op.path;
    if (request.params !== undefined) path = expandPath(op.path, request.params);
    const query = new URLSearchParams(
      Object.entries(request.query ?? {}).map(([name, value]): [string, string] => [name, String(value)]),
    ).toString();
    const { response, json } = await this.#send(op.method, `${path}${query === '' ? '' : `?${query}`}`, {
      method: op.method,
      headers,
      ...(body === undefined ? {} : { body }),
    });
    const label = `${op.method} ${path}`;
    const requestId = requestIdOf(response.headers, json);
    const asRun =
      (request.apiKey ?? this.#config.apiKey) === this.#config.apiKey &&
      (request.tenantId ?? this.#config.tenantId) === this.#config.tenantId &&
      (user === null || user === this.#config.userEmail);
    const problems = this.#config.validator.problems(op.method, op.path, response.status, response.headers, json);
    if (problems.length > 0) {
      const shown = { status: response.status, body: json };
      throw new CheckFailure(
        `${label} answered ${answered(shown)}, which openapi.json does not describe: ${problems.slice(0, 3).join('; ')}`,
        { requestId, status: response.status, ...codeOf(json), asRun },
      );
    }
    const base: AnswerBase = {
      operation: label,
      status: response.status,
      headers: response.headers,
      requestId,
      body: json,
      asRun,
    };
    // openapi.json has described the body; the contract's schemas (openapi.json's source, so they
    // agree with it) read it into the envelope's types.
    const unreadable = (issues: readonly z.core.$ZodIssue[], under: readonly string[] = []) =>
      new CheckFailure(
        `${label} answered ${answered(base)}, which the contract's schemas do not describe: ${describeIssues(issues, under)}`,
        { requestId, status: response.status, ...codeOf(json), asRun },
      );
    if (response.status >= 400) {
      const error = ErrorEnvelope.safeParse(json, ENGLISH_MESSAGES);
      if (!error.success) throw unreadable(error.error.issues);
      return { ...base, ...error.data };
    }
    const envelope = SUCCESS_ENVELOPES[op.pagination === 'none' ? 'plain' : 'paged'].safeParse(json, ENGLISH_MESSAGES);
    if (!envelope.success) throw unreadable(envelope.error.issues);
    const data = RESPONSES[id].response.safeParse(envelope.data.data, ENGLISH_MESSAGES);
    if (!data.success) throw unreadable(data.error.issues, ['data']);
    return { ...base, ...envelope.data, data: data.data };
  }

  /** A GET of a path openapi.json documents outside the registry (`openapi.json` itself), with what openapi.json finds wrong in the answer. */
  async get(path: string, headers: Record<string, string> = {}): Promise<AnswerBase & { problems: string[] }> {
    const { response, json } = await this.#send('GET', path, {
      method: 'GET',
      headers: { accept: 'application/json', ...headers },
    });
    const requestId = requestIdOf(response.headers, json);
    const problems = this.#config.validator.problems('GET', path, response.status, response.headers, json);
    return {
      operation: `GET ${path}`,
      status: response.status,
      headers: response.headers,
      requestId,
      body: json,
      asRun: false,
      problems,
    };
  }

  /**
   * An authenticated GET (main key, tenant and acting user) of a path outside the registry: an
   * unknown route, or a registry path whose operations are not GETs. The answer is not checked
   * against openapi.json, which does not describe such paths for GET; the check reads it.
   */
  async probe(path: string): Promise<AnswerBase> {
    const { response, json } = await this.#send('GET', path, {
      method: 'GET',
      headers: {
        accept: 'application/json',
        [HEADERS.apiKey]: this.#config.apiKey,
        [HEADERS.tenantId]: this.#config.tenantId,
        [HEADERS.userEmail]: this.#config.userEmail,
      },
    });
    return {
      operation: `GET ${path}`,
      status: response.status,
      headers: response.headers,
      requestId: requestIdOf(response.headers, json),
      body: json,
      asRun: true,
    };
  }

  async #send(method: string, path: string, init: RequestInit): Promise<{ response: Response; json: unknown }> {
    if (this.#config.readOnly && method !== 'GET' && method !== 'HEAD') {
      // The plan never schedules such a check under --read-only; this guards against a mistake.
      throw new Error(`refusing to send ${method} ${path} under --read-only`);
    }
    if (!path.startsWith(API_PREFIX)) throw new Error(`${path} is outside ${API_PREFIX}`);
    const url = new URL(
      path.slice(1),
      this.#config.baseUrl.endsWith('/') ? this.#config.baseUrl : `${this.#config.baseUrl}/`,
    );
    for (let attempt = 0; ; attempt++) {
      await this.#config.pacer.ready();
      this.requests++;
      let response: Response;
      try {
        response = await this.#config.fetch(url, { ...init, signal: AbortSignal.timeout(this.#config.timeoutMs) });
      } catch (error) {
        throw new Unreachable(`${method} ${path} failed: ${unreachableReason(error)}`, null);
      }
      const text = await response.text();
      if (this.#config.pacer.observe(response.status, response.headers) && attempt < RATE_LIMIT_RETRIES) continue;
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        throw new CheckFailure(`${method} ${path} answered ${response.status} with a body that is not JSON`, {
          requestId: requestIdOf(response.headers, undefined),
          status: response.status,
        });
      }
      return { response, json };
    }
  }
}

/** `{ code }` of an error envelope, or nothing: for a spread into a {@link FailedAnswer}. */
function codeOf(body: unknown): { code?: string } {
  const code = errorCodeOf(body);
  return code === undefined ? {} : { code };
}

function requestIdOf(headers: Headers, body: unknown): string | null {
  const header = headers.get(HEADERS.requestId);
  if (header !== null && header !== '') return header;
  const parsed = RequestIdOfBody.safeParse(body);
  return parsed.success ? parsed.data.meta.requestId : null;
}

/** Why a fetch failed: undici says only "fetch failed"; its cause says why (ECONNREFUSED, "bad port", a timeout…). */
function unreachableReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = FetchFailureCause.safeParse(error.cause);
  return String((cause.success ? (cause.data.code ?? cause.data.message) : undefined) ?? error.message);
}

/** The first issues of a failed parse, worded as the validator words its problems: `body /data/id …`. */
function describeIssues(issues: readonly z.core.$ZodIssue[], under: readonly string[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => {
      const path = [...under, ...issue.path.map(String)];
      return `body${path.length === 0 ? '' : ` /${path.join('/')}`} ${issue.message}`;
    })
    .join('; ');
}
