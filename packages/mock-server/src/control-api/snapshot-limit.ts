/** How large a snapshot body may be: shared by the world's and the tenants' snapshot routes. */

/**
 * The largest snapshot `PUT /__mock/snapshot` (and a tenant snapshot route) accepts: a
 * million-contact world fits.
 *
 * @example
 * ```ts
 * bodyLimitOf(CONTROL_ROUTES.restore) === SNAPSHOT_MAX_BYTES; // true
 * ```
 */
export const SNAPSHOT_MAX_BYTES = 256 * 1024 * 1024;
