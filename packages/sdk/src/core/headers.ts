// Loaded with the client (not with the request core, which is loaded by the first call).
import { CLIENT_HEADER, clientHeaderValue } from '../internal/identity.js';

/**
 * The headers every call of a client sends, built once per client.
 *
 * @internal
 */
export function baseHeadersOf(
  headers: Readonly<Record<string, string>>,
  apiKey: string,
  tenantId: string,
  userEmail: string | undefined,
): { baseHeaders: HeaderList; userHeaders: HeaderList | undefined } {
  const base: Record<string, string> = {
    ...headers,
    accept: 'application/json',
    authorization: `Bearer ${apiKey}`,
    'x-tenant-id': tenantId,
    [CLIENT_HEADER]: clientHeaderValue(),
  };
  return {
    baseHeaders: Object.freeze(Object.entries(base)),
    userHeaders:
      userEmail === undefined ? undefined : Object.freeze(Object.entries({ ...base, 'x-user-email': userEmail })),
  };
}

/**
 * Request headers as name and value pairs, names in lower case.
 *
 * @internal
 */
export type HeaderList = readonly (readonly [name: string, value: string])[];
