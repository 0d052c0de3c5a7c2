const digit = (text: string, at: number) => text.charCodeAt(at) - 48;
const two = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);

/**
 * Epoch milliseconds of a validated ISO 8601 date-time. The canonical form the service itself
 * writes (`2026-01-01T12:00:00.000Z`) is computed with integer arithmetic, about twice as fast as
 * `Date.parse` (a big scenario carries a million of them); any other form goes to `Date.parse`.
 */
export function epochMs(text: string): number {
  if (
    text.length !== 24 ||
    text.charCodeAt(4) !== 45 || // '-'
    text.charCodeAt(10) !== 84 || // 'T'
    text.charCodeAt(19) !== 46 || // '.'
    text.charCodeAt(23) !== 90 // 'Z'
  ) {
    return Date.parse(text);
  }
  const month = two(text, 5);
  // Days from 1970-01-01 to the civil date (Howard Hinnant's days_from_civil).
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + two(text, 2) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + two(text, 8) - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  const days = era * 146_097 + dayOfEra - 719_468;
  const ms = digit(text, 20) * 100 + two(text, 21);
  return ((days * 24 + two(text, 11)) * 60 + two(text, 14)) * 60_000 + two(text, 17) * 1000 + ms;
}
