import type { KyInstance } from 'ky';
import type { HeaderList } from './headers.js';
import type { Hooks } from './hooks.js';
import type { Throttle } from './throttle.js';
import type { LevelLogger } from '../internal/logger.js';

/**
 * How a client paces its calls (`rateLimit`, `maxConcurrency`), and the queues it shares with its
 * copies: one per key, tenant and settings.
 *
 * @internal
 */
export interface Throttling {
  readonly auto: boolean;
  readonly maxConcurrency: number;
  readonly queues: Map<string, Throttle>;
  /**
   * The queue the last call of this client found, with its key and tenant: nearly every call
   * uses the client's own, and finding it again costs two string comparisons, where the map
   * costs building and hashing its id (see throttleOf).
   */
  recent?: { readonly apiKey: string; readonly tenantId: string; readonly throttle: Throttle };
}

/**
 * The client configuration the request core reads. Kept in a private field of the client, so the
 * key it holds never shows in `inspect` output. Built once per client: the ky instance carries
 * everything static (no retries, no HTTP errors, the timeout, the fetch), and the headers every
 * call sends are prepared here, so a call only adds what is its own.
 *
 * @internal
 */
export interface ClientState {
  /**
   * The client's ky instance, made by its first call (ky is loaded with the request core, on the
   * first call of any client): no retries (the SDK runs its own loop), no HTTP errors (the SDK maps
   * them), the client's per-attempt timeout.
   */
  readonly ky: { instance?: KyInstance };
  /** The fetch requests go out with: the client's `fetch` option, else the global one. */
  readonly fetch: (request: Request, init?: RequestInit) => Promise<Response>;
  readonly apiKey: string;
  readonly baseUrl: string;
  readonly tenantId: string;
  readonly userEmail: string | undefined;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly maxRetryAfter: number;
  /** The client's own `headers`, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** `headers` plus accept, authorization and x-tenant-id: what a plain call sends. */
  readonly baseHeaders: HeaderList;
  /** `baseHeaders` plus x-user-email, when the client has a user: what a plain user-scoped call sends. */
  readonly userHeaders: HeaderList | undefined;
  readonly log: LevelLogger;
  /** The client's hooks, its parent's first; `undefined` when there are none, so a call pays nothing for them. */
  readonly hooks: readonly Hooks[] | undefined;
  /** Checks each success against the contract's response schema (src/validate.ts), when the app passed it. */
  readonly validateResponses: ResponseValidator | undefined;
  /** `undefined` unless `rateLimit: 'auto'` or `maxConcurrency` is set. */
  readonly throttling: Throttling | undefined;
}

/**
 * What `validateResponses` takes: `responseValidator` from `@commflow/sdk/validate`. It throws an
 * `UnexpectedResponseError` when a success's `data` does not match the operation's response schema.
 *
 * @example
 * ```ts
 * import { responseValidator } from '@commflow/sdk/validate';
 *
 * const client = new CommFlow({ apiKey: process.env.COMMFLOW_API_KEY, validateResponses: responseValidator });
 * ```
 */
export type ResponseValidator = (operationId: string, text: string, response: Response) => void;
