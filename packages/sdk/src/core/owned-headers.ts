/**
 * The request headers the SDK sets itself, each with the option that sets it. A call that sets
 * one in `headers` is refused: the SDK's value would otherwise win without a word (or, for
 * `Authorization`, the call would go out as someone else than the caller thinks).
 */
const OWNED: Readonly<Record<string, string>> = {
  authorization: "use the client's apiKey option",
  'x-api-key': "use the client's apiKey option",
  'x-tenant-id': 'use the tenantId option (or client.withTenant())',
  'x-user-email': 'use the userEmail option (or client.withUser())',
  'idempotency-key': 'use the idempotencyKey option',
  'x-commflow-client': 'it identifies the SDK and its version',
};

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
