/**
 * The kit's HTTP side: sends registry operations (paths, methods and headers all from
 * @commflow/contract), paces them, and validates every answer against openapi.json.
 */
import {
  API_PREFIX,
  HEADERS,
  expandPath,
  operations,
  type OperationData,
  type OperationId,
  type Pagination,
} from '@commflow/contract';
import type { OpenApiValidator } from './openapi-validator.js';
import type { Pacer } from './pacer.js';

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
  const error = (body as { success?: unknown; error?: { code?: unknown } } | undefined)?.error;
  return typeof error?.code === 'string' ? error.code : undefined;
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
    const headerCodes: readonly string[] = op.headers;
    const user =
      request.user === undefined ? (headerCodes.includes('U') ? this.#config.userEmail : null) : request.user;
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
      Object.entries(request.query ?? {}).map(([name, value]) => [name, String(value)] as [string, string]),
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
    const envelope = json as { success: boolean };
    return {
      operation: label,
      status: response.status,
      headers: response.headers,
      requestId,
      body: json,
      asRun,
      ...(envelope as Omit<Answer<Id>, keyof AnswerBase>),
    } as Answer<Id>;
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
        // undici says only "fetch failed"; its cause says why (ECONNREFUSED, "bad port", a timeout…).
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        const why = cause?.code ?? cause?.message ?? (error as Error).message;
        throw new Unreachable(`${method} ${path} failed: ${why}`, null);
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
  const meta = (body as { meta?: { requestId?: unknown } } | undefined)?.meta;
  return typeof meta?.requestId === 'string' ? meta.requestId : null;
}
