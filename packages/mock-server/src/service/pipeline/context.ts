import type { OperationDefinition, Pagination } from '@commflow/contract';
import type { KeyRecord } from '../../state/keys.js';
import type { RateLimitState } from '../../state/rate-limiter.js';
import type { UserRecord } from '../../state/records.js';
import type { TenantState } from '../../state/tenant-state.js';
import type { World } from '../../runtime/world.js';

/** What an operation returns: `data`, its status when it has two, and a page's pagination. */
export interface OperationResult {
  status?: number;
  data: Record<string, unknown>;
  pagination?: Pagination;
}

/**
 * The state of one request as it travels the pipeline. Each step reads what earlier steps set
 * and adds its own part.
 */
export interface RequestContext {
  readonly request: Request;
  readonly url: URL;
  /** The world; once the tenant is known, with that tenant's clock. */
  world: World;
  requestId: string;
  key?: KeyRecord;
  rate?: RateLimitState;
  op?: OperationDefinition;
  rawPathParams: Record<string, string>;
  tenant?: TenantState;
  user?: UserRecord;
  /**
   * Validated input, as the operation's schemas output it: its path parameters and query as
   * records (`{}` when it takes none), its body as its body schema outputs it.
   */
  input: {
    params: Readonly<Record<string, unknown>>;
    query: Readonly<Record<string, unknown>>;
    body: unknown;
  };
  /** Set once `input` holds the validated request. */
  validated?: boolean;
  /** The body as parsed JSON, before validation (for the idempotency fingerprint). */
  rawBody?: unknown;
  /** The body's bytes as read, for the journal. */
  rawBodyBytes?: Uint8Array;
  result?: OperationResult;
  /** The body of an idempotent replay's answer, for the journal. */
  replayBody?: string;
  /** The headers of an idempotent replay's answer, for the journal. */
  replayHeaders?: Record<string, string>;
  /** The override that answers this request, when one matched (issue 27). */
  override?: { readonly id: string; readonly unchecked: boolean };
  /** A stub's answer, which then stands in for the operation. */
  stub?: { readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: unknown };
  /** Set when an override drops the connection: no answer is sent. */
  dropped?: boolean;
  /** Run with the final response: idempotency stores or releases its key here. */
  readonly finalizers: ((response: Response, body: string) => void)[];
}

/**
 * One pipeline step. It throws an `ApiError` to answer with an error, returns a `Response` to
 * answer at once (an idempotent replay), or returns nothing to pass the request on.
 */
export type Step = (context: RequestContext) => StepAnswer | Promise<StepAnswer>;

/** What a step returns: a `Response` to answer at once, or `undefined` to pass the request on. */
export type StepAnswer = Response | undefined;
