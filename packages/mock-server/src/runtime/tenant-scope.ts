/**
 * What a tenant id given to a tenant handle, a filter or a matcher must be: the handle's own, or,
 * on the whole mock, one that some tenant has. A wrong id is an error that names it and the
 * tenants it could have meant, never a filter that matches nothing (a test that cannot fail).
 */
import { closestNames } from '../control-api/closest-names.js';

/**
 * A tenant as a suggestion names it: its id and name.
 *
 * @example
 * ```ts
 * const known: KnownTenant[] = mock.tenants.list();
 * ```
 */
export interface KnownTenant {
  readonly id: string;
  readonly name: string;
}

/** Whether two tenant ids are the same tenant: ids are compared as the API compares them, in any case. */
export function sameTenant(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function quoted(tenants: readonly KnownTenant[]): string {
  const names = tenants.map((tenant) => `"${tenant.id}" (${tenant.name})`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
}

/**
 * The message for a tenant id no tenant has: the id, and the closest tenants by id or name (the
 * helper the operation ids' suggestions use), or the nearest when none is close.
 *
 * @example
 * ```ts
 * unknownTenantMessage('11111111-1111-4111-8111-11111111111x', mock.tenants.list());
 * // 'unknown tenant id "11111111-…-11111111111x"; did you mean "11111111-…-111111111111" (Acme sandbox)?'
 * ```
 */
export function unknownTenantMessage(id: string, known: readonly KnownTenant[]): string {
  const head = `unknown tenant id ${JSON.stringify(id)}`;
  if (known.length === 0) return `${head}; the mock has no tenants`;
  const byKey = new Map<string, KnownTenant>();
  for (const tenant of known) {
    byKey.set(tenant.id, tenant);
    // A name given where the id belongs is a common slip: suggest the tenant of that name.
    if (!byKey.has(tenant.name)) byKey.set(tenant.name, tenant);
  }
  const pick = (names: string[]) => [
    ...new Set(names.map((name) => byKey.get(name)).filter((tenant) => tenant !== undefined)),
  ];
  const near = pick(closestNames(id, byKey.keys())).slice(0, 3);
  if (near.length > 0) return `${head}; did you mean ${quoted(near)}?`;
  return `${head}; none is close, the mock has ${quoted(pick(closestNames(id, byKey.keys(), 3, true)).slice(0, 3))}`;
}

/**
 * The one check of a tenant id given where some tenant's is wanted (a matcher's or a filter's
 * `tenantId` on the whole mock): `undefined` when a tenant has it, else the message of
 * {@link unknownTenantMessage}. The matchers throw it as a `TypeError`, the filters as a 400.
 *
 * @example
 * ```ts
 * unknownTenantIssue(tenantId, mock.tenants.list()); // undefined: a tenant has it
 * ```
 */
export function unknownTenantIssue(id: string, known: Iterable<KnownTenant>): string | undefined {
  const tenants = [...known];
  return tenants.some((tenant) => sameTenant(tenant.id, id)) ? undefined : unknownTenantMessage(id, tenants);
}

/**
 * The message for a tenant id given to a tenant handle that is not the handle's.
 *
 * @example
 * ```ts
 * foreignTenantMessage('b…', 'a…'); // 'tenantId "b…" is not this handle's tenant "a…": …'
 * ```
 */
export function foreignTenantMessage(given: string, own: string): string {
  return `tenantId ${JSON.stringify(given)} is not this handle's tenant ${JSON.stringify(own)}: a tenant handle reads and asserts on its own tenant only (leave tenantId out, or use the whole mock's handle)`;
}

/**
 * Why a tenant handle refuses to act: its tenant no longer exists. A handle is only made for a
 * tenant that exists, so a missing one was taken away after: deleted, or dropped by a reset or
 * restore of the whole mock.
 *
 * @example
 * ```ts
 * goneTenantMessage('3f1c…'); // 'tenant "3f1c…" no longer exists: it was deleted …'
 * ```
 */
export function goneTenantMessage(id: string): string {
  return `tenant ${JSON.stringify(id)} no longer exists: it was deleted (or a reset or restore of the whole mock removed it) after this handle was made`;
}

/**
 * Who a handle's client acts as: the user asked for, none for `null`, and by default the
 * tenant's first user (as the Playwright fixture's client does).
 *
 * @example
 * ```ts
 * actingUser(tenant, undefined); // tenant.users[0]?.email
 * ```
 */
export function actingUser(
  tenant: { readonly users: readonly { readonly email: string }[] },
  asked: string | null | undefined,
): string | undefined {
  if (asked === null) return undefined;
  return asked ?? tenant.users[0]?.email;
}
