/**
 * What a run is given, and how it is checked before anything is sent.
 */
import { API_PREFIX } from '@commflow/contract';

/**
 * Where and as whom a run checks an implementation, and what it may do there.
 *
 * @example
 * ```ts
 * const options: ConformanceOptions = {
 *   baseUrl: 'http://127.0.0.1:4010',
 *   apiKey: process.env.COMMFLOW_API_KEY ?? '',
 *   tenantId: '11111111-1111-4111-8111-111111111111',
 *   userEmail: 'ann.lee@acme.test',
 *   sandbox: true,
 * };
 * ```
 */
export interface ConformanceOptions {
  /** The implementation's base address, without `/api/v1`. */
  readonly baseUrl: string;
  /** A key with every permission the checks use, on `tenantId`. */
  readonly apiKey: string;
  /** The tenant the checks run on. */
  readonly tenantId: string;
  /** The acting user of user-scoped operations: a user of the tenant with an extension. */
  readonly userEmail: string;
  /** A user of the tenant with no provisioned extension, for the `NO_EXTENSION` check. */
  readonly userWithoutExtension?: string | undefined;
  /** Another tenant, for the isolation checks; needs `otherApiKey`. */
  readonly otherTenantId?: string | undefined;
  /** A key on `otherTenantId`. */
  readonly otherApiKey?: string | undefined;
  /** A key on `tenantId` that lacks at least one permission, for the `PERMISSION_DENIED` check. */
  readonly restrictedApiKey?: string | undefined;
  /** The tenant is a sandbox: checks that create data may run, and a sent SMS is simulated. */
  readonly sandbox?: boolean | undefined;
  /** Send no mutating request at all (no POST, no PUT). */
  readonly readOnly?: boolean | undefined;
  /** Let checks that create data run on a tenant that is not a sandbox. Never sends an SMS. */
  readonly allowLive?: boolean | undefined;
  /** Run only the checks whose id matches: comma-separated ids, `*` matching any run of characters. */
  readonly only?: string | undefined;
  /** The fetch to send requests with (default: the global one); tests pass an in-process mock's. */
  readonly fetch?: typeof fetch | undefined;
  /** Milliseconds before a request is abandoned (default 30 000). */
  readonly requestTimeoutMs?: number | undefined;
}

/**
 * A usage error: an option is missing or invalid. The CLI prints its message and exits 2.
 *
 * @example
 * ```ts
 * try {
 *   await runConformance({ ...options, tenantId: 'acme' });
 * } catch (error) {
 *   if (error instanceof ConformanceUsageError) console.error(error.message);
 * }
 * ```
 */
export class ConformanceUsageError extends Error {
  override readonly name = 'ConformanceUsageError';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Compiles an `only` pattern into a test of check ids. */
export function idMatcher(only: string | undefined): ((id: string) => boolean) | undefined {
  if (only === undefined) return undefined;
  const patterns = only
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (patterns.length === 0) throw new ConformanceUsageError('--only needs at least one check id or pattern');
  const expressions = patterns.map(
    (pattern) =>
      new RegExp(
        `^${pattern
          .split('*')
          .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      ),
  );
  return (id) => expressions.some((expression) => expression.test(id));
}

/** Throws a {@link ConformanceUsageError} for the first option that is missing or invalid. */
export function validateOptions(options: ConformanceOptions): void {
  const need = (value: string | undefined, flag: string, extra = ''): string => {
    if (value === undefined || value.trim() === '') throw new ConformanceUsageError(`missing ${flag}${extra}`);
    return value;
  };
  const base = need(options.baseUrl, '--base-url');
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new ConformanceUsageError(`--base-url is not a URL: ${JSON.stringify(base)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConformanceUsageError('--base-url must start with http:// or https://');
  }
  // The kit adds the API's paths itself: a URL that ends with them would ask for /api/v1/api/v1/….
  if (url.pathname.replace(/\/+$/, '').endsWith(API_PREFIX)) {
    throw new ConformanceUsageError(
      `--base-url is the service's root: drop ${API_PREFIX} from ${JSON.stringify(base)}`,
    );
  }
  need(options.apiKey, '--api-key', ' (or COMMFLOW_API_KEY)');
  if (!UUID.test(need(options.tenantId, '--tenant'))) throw new ConformanceUsageError('--tenant must be a UUID');
  if (!EMAIL.test(need(options.userEmail, '--user'))) throw new ConformanceUsageError('--user must be an email');
  const noExtension = options.userWithoutExtension;
  if (noExtension !== undefined && !EMAIL.test(noExtension)) {
    throw new ConformanceUsageError('--user-without-extension must be an email');
  }
  if (noExtension?.toLowerCase() === options.userEmail.toLowerCase()) {
    throw new ConformanceUsageError('--user-without-extension must be another user than --user');
  }
  const otherTenant = options.otherTenantId;
  const otherKey = options.otherApiKey;
  if (otherTenant !== undefined && (otherKey === undefined || otherKey === '')) {
    throw new ConformanceUsageError('--other-tenant needs --other-api-key (or COMMFLOW_OTHER_API_KEY)');
  }
  if (otherKey !== undefined && otherKey !== '' && otherTenant === undefined) {
    throw new ConformanceUsageError('--other-api-key needs --other-tenant');
  }
  if (otherTenant !== undefined) {
    if (!UUID.test(otherTenant)) throw new ConformanceUsageError('--other-tenant must be a UUID');
    if (otherTenant.toLowerCase() === options.tenantId.toLowerCase()) {
      throw new ConformanceUsageError('--other-tenant must be another tenant than --tenant');
    }
  }
  if (options.restrictedApiKey === '') throw new ConformanceUsageError('--restricted-api-key is empty');
  if (options.requestTimeoutMs !== undefined && !(options.requestTimeoutMs > 0)) {
    throw new ConformanceUsageError('requestTimeoutMs must be a positive number');
  }
  if (options.readOnly === true && options.allowLive === true) {
    throw new ConformanceUsageError('--read-only sends no write, --allow-live lets checks write: give one of them');
  }
  idMatcher(options.only);
}
