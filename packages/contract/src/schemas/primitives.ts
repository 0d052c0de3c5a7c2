import * as z from 'zod/mini';
import { _isoDate, _isoDateTime, type $ZodISODateParams, type $ZodISODateTimeParams } from 'zod/v4/core';
import { pure } from './pure.js';

// `z.iso.datetime()` and `z.iso.date()`, built as zod/mini builds them. Read through the `z.iso`
// namespace, they make esbuild keep the whole namespace (times and durations too) in an app whose
// bundle wraps this module, as a dynamic import of the SDK's request core does.
const isoDateTime = (params?: $ZodISODateTimeParams) => _isoDateTime(z.ZodMiniISODateTime, params);
const isoDate = (params?: $ZodISODateParams) => _isoDate(z.ZodMiniISODate, params);

/**
 * A resource identifier: a UUID v4 string, as every CommFlow id is.
 *
 * @example
 * ```ts
 * Id.parse('3f1c2a44-9b1e-4c1a-8f0e-2b7d6c5a4e31');
 * ```
 */
export const Id = /* @__PURE__ */ pure(() => z.uuidv4());

/**
 * An identifier received from a client (path, body or header): any UUID in its textual form,
 * 8-4-4-4-12 hex digits in either case, whatever its version and variant digits, as JSON
 * Schema's `format: uuid` reads RFC 9562. Whether it names a record is decided later, under the
 * authenticated tenant.
 *
 * @example
 * ```ts
 * IdInput.safeParse('e3e70682-c209-4cac-629f-6fbed82c07cd').success; // true
 * IdInput.safeParse('not-a-uuid').success; // false
 * ```
 */
export const IdInput = /* @__PURE__ */ pure(() => z.guid());

/**
 * The addresses the service takes: RFC 5321's Dot-string local part (letters, digits and
 * ``!#$%&'*+/=?^_`{|}~-``, dots between) and a domain of two or more letter-digit-hyphen labels.
 * Every such address is a valid `format: email`; the document states this pattern beside the
 * format, so a client reads exactly what the service accepts (quoted local parts and address
 * literals, valid mailboxes too, are refused).
 *
 * @example
 * ```ts
 * EMAIL_PATTERN.test('a^b@example.com'); // true
 * ```
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * An email address: {@link EMAIL_PATTERN}, at most 254 characters.
 *
 * @example
 * ```ts
 * Email.parse('ann.lee@acme.test');
 * ```
 */
export const Email = /* @__PURE__ */ pure(() => z.email({ pattern: EMAIL_PATTERN }).check(z.maxLength(254)));

/**
 * A phone number in E.164 form: `+`, a non-zero digit, then 6 to 14 digits.
 *
 * @example
 * ```ts
 * E164.parse('+14155550100');
 * ```
 */
export const E164 = /* @__PURE__ */ pure(() => z.e164());

/**
 * A provisioned phone extension: 2 to 6 digits.
 *
 * @example
 * ```ts
 * Extension.parse('1001');
 * ```
 */
export const Extension = /* @__PURE__ */ pure(() => z.string().check(z.regex(/^\d{2,6}$/, 'must be 2 to 6 digits')));

/**
 * An ISO 8601 UTC timestamp with milliseconds, as every timestamp the service returns.
 *
 * @example
 * ```ts
 * Timestamp.parse('2026-11-21T22:38:59.000Z');
 * ```
 */
export const Timestamp = /* @__PURE__ */ pure(() => isoDateTime({ precision: 3 }));

/**
 * An ISO 8601 date-time accepted from clients: any precision, `Z` or an offset.
 *
 * @example
 * ```ts
 * DateTimeInput.parse('2026-11-21T09:00:00+01:00');
 * ```
 */
export const DateTimeInput = /* @__PURE__ */ pure(() =>
  isoDateTime({ offset: true }).check(
    z.refine(inUtcYearRange, {
      message: 'must fall within the years 0000 to 9999 once converted to UTC',
    }),
  ),
);

/** The earliest and latest instants a 4-digit year can write in UTC, as every timestamp the service returns does. */
const MIN_UTC_MS = -62_167_219_200_000; // 0000-01-01T00:00:00.000Z (Date.UTC reads year 0 as 1900)
const MAX_UTC_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Whether a date-time, converted to UTC, can be written back with a 4-digit year (`+010000-…` cannot). */
function inUtcYearRange(value: string): boolean {
  const ms = Date.parse(value);
  return Number.isFinite(ms) && ms >= MIN_UTC_MS && ms <= MAX_UTC_MS;
}

/**
 * An ISO 8601 date (`2026-11-21`) or date-time, accepted where the service filters by a range.
 *
 * @example
 * ```ts
 * DateOrDateTimeInput.parse('2026-11-21');
 * ```
 */
export const DateOrDateTimeInput = /* @__PURE__ */ pure(() => z.union([isoDate(), isoDateTime({ offset: true })]));

/**
 * Printable ASCII (space to tilde), the alphabet of request ids and idempotency keys, with no
 * space at either end: HTTP drops those from a header value, so the service would see another key.
 */
const printableAscii = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * A client-chosen request id: 1 to 200 printable ASCII characters.
 *
 * @example
 * ```ts
 * RequestId.parse('req-42');
 * ```
 */
export const RequestId = /* @__PURE__ */ pure(() =>
  z.string().check(z.minLength(1), z.maxLength(200), z.regex(printableAscii, 'must be printable ASCII')),
);

/**
 * An idempotency key: 1 to 255 printable ASCII characters.
 *
 * @example
 * ```ts
 * IdempotencyKey.parse(crypto.randomUUID());
 * ```
 */
export const IdempotencyKey = /* @__PURE__ */ pure(() =>
  z.string().check(z.minLength(1), z.maxLength(255), z.regex(printableAscii, 'must be printable ASCII')),
);

/**
 * An API key: `cf_` (one tenant) or `cfa_` (an account key over several tenants), then at least
 * 24 characters of `[A-Za-z0-9_]`.
 *
 * @example
 * ```ts
 * ApiKey.parse('cf_test_0123456789abcdefghijklmn');
 * ```
 */
export const ApiKey = /* @__PURE__ */ pure(() =>
  z.string().check(z.regex(/^cfa?_[A-Za-z0-9_]{24,}$/, 'must be cf_ or cfa_ followed by at least 24 of [A-Za-z0-9_]')),
);

/**
 * A query-string integer: a decimal string on the wire, a number in code. The SDK encodes it,
 * the mock decodes it, and the OpenAPI document describes the number.
 *
 * @example
 * ```ts
 * z.decode(queryInt(1, 100), '50'); // 50
 * ```
 */
export function queryInt(min: number, max: number) {
  return z.codec(z.string().check(z.regex(/^-?\d+$/, 'must be an integer')), z.int().check(z.gte(min), z.lte(max)), {
    decode: (text) => Number(text),
    encode: (value) => String(value),
  });
}

/**
 * A case-insensitive substring search term, 1 to 200 characters.
 *
 * @example
 * ```ts
 * SearchTerm.parse('ann');
 * ```
 */
export const SearchTerm = /* @__PURE__ */ pure(() => z.string().check(z.minLength(1), z.maxLength(200)));

/**
 * An opaque pagination cursor, as returned in `meta.pagination.nextCursor`.
 *
 * @example
 * ```ts
 * Cursor.parse('eyJrIjpbIjIwMjYtMTEtMjEiXX0');
 * ```
 */
export const Cursor = /* @__PURE__ */ pure(() => z.string().check(z.minLength(1), z.maxLength(1024)));
