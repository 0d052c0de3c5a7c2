/**
 * Which tenant an assertion is about: a tenant handle's own (and a `tenantId` in the match must
 * be it), or, on the whole mock, the `tenantId` of the match, which some tenant must have. A wrong
 * id throws, under `.not` too: an id no tenant has would otherwise make a test that cannot fail.
 */
import { foreignTenantMessage, sameTenant, unknownTenantIssue, type KnownTenant } from '../../runtime/tenant-scope.js';
import type { MaybePromise } from './matcher-types.js';

/** Whether `value` is a tenant handle (`mock.tenant(id)`, `remote.tenant(id)`): its marker and id. */
function handleTenant(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (!('scope' in value) || value.scope !== 'tenant' || !('id' in value) || typeof value.id !== 'string') {
    return undefined;
  }
  return value.id;
}

type TenantListing = MaybePromise<readonly unknown[]>;

function isList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

/** The whole mock's `tenants.list()`, when it has one (a handle of the mock, in process or remote). */
function tenantLister(value: unknown): (() => TenantListing) | undefined {
  const tenants = typeof value === 'object' && value !== null && 'tenants' in value ? value.tenants : undefined;
  if (typeof tenants !== 'object' || tenants === null || !('list' in tenants)) return undefined;
  const { list } = tenants;
  if (typeof list !== 'function') return undefined;
  return () => {
    const listed: unknown = Reflect.apply(list, tenants, []);
    if (listed instanceof Promise) return listed.then((all: unknown) => (isList(all) ? all : []));
    return isList(listed) ? listed : [];
  };
}

/** A listed tenant's id and name, read as the listing gives them. */
function known(listed: readonly unknown[]): KnownTenant[] {
  return listed.flatMap((tenant) =>
    typeof tenant === 'object' && tenant !== null && 'id' in tenant && typeof tenant.id === 'string'
      ? [{ id: tenant.id, name: 'name' in tenant && typeof tenant.name === 'string' ? tenant.name : '' }]
      : [],
  );
}

/** The `tenantId` a match or filter gives as a plain string (an asymmetric matcher or `null` names no one tenant). */
export function givenTenant(match: object | undefined): string | undefined {
  if (match === undefined || !('tenantId' in match)) return undefined;
  return typeof match.tenantId === 'string' ? match.tenantId : undefined;
}

/**
 * The tenant an assertion is scoped to, checked: a handle's id (a `given` id must equal it), the
 * `given` id on the whole mock (a tenant must have it), or `undefined` for the whole mock's traffic.
 * At once in process; a promise over HTTP, where the tenants are asked for.
 */
export function assertionTenant(
  matcher: string,
  received: unknown,
  given: string | undefined,
): MaybePromise<string | undefined> {
  const own = handleTenant(received);
  if (own !== undefined) {
    if (given !== undefined && !sameTenant(given, own)) {
      throw new TypeError(`${matcher}: ${foreignTenantMessage(given, own)}`);
    }
    return own;
  }
  if (given === undefined) return undefined;
  const list = tenantLister(received);
  if (list === undefined) return given;
  const judge = (listed: readonly unknown[]): string => {
    const issue = unknownTenantIssue(given, known(listed));
    if (issue !== undefined) throw new TypeError(`${matcher}: ${issue}`);
    return given;
  };
  const listed = list();
  return listed instanceof Promise ? listed.then(judge) : judge(listed);
}
