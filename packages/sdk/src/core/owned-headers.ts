import { HEADERS } from '@commflow/contract/headers';

/**
 * The request headers the SDK sets itself, each with the option that sets it. A call that sets
 * one in `headers` is refused: the SDK's value would otherwise win without a word (or, for
 * `Authorization`, the call would go out as someone else than the caller thinks).
 */
const OWNED: Readonly<Record<string, string>> = Object.fromEntries(
  (
    [
      [HEADERS.authorization, "use the client's apiKey option"],
      [HEADERS.apiKey, "use the client's apiKey option"],
      [HEADERS.tenantId, 'use the tenantId option (or client.withTenant())'],
      [HEADERS.userEmail, 'use the userEmail option (or client.withUser())'],
      [HEADERS.idempotencyKey, 'use the idempotencyKey option'],
      [HEADERS.client, 'it identifies the SDK and its version'],
    ] as const
  ).map(([name, instead]) => [name.toLowerCase(), instead]),
);

/**
 * The issues of a call's `headers` that name a header the SDK owns, with the option to use
 * instead, or `undefined` when there are none.
 *
 * @internal
 */
export function ownedHeaderIssues(
  headers: Readonly<Record<string, string>>,
): { path: string[]; message: string }[] | undefined {
  let issues: { path: string[]; message: string }[] | undefined;
  for (const name in headers) {
    const instead = OWNED[name.toLowerCase()];
    if (instead !== undefined) {
      (issues ??= []).push({
        path: ['options', 'headers', name],
        message: `${name} is set by the SDK; ${instead}`,
      });
    }
  }
  return issues;
}
