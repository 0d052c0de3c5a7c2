import type { SearchFields, SearchTerm } from './text-blocks.js';

// The `search` rule of decisions §2, item by item. The indexed search (text-blocks.ts) must
// answer exactly what this answers; a property test compares the two.

/** Lower-cases a search term once per request. */
export const needle = (search: string | undefined): string | undefined => search?.toLowerCase();

/** The digits of a term, when the term looks like a phone number (digits, spaces, `+()-.`). */
export const phoneDigits = (search: string): string | undefined =>
  /^[\d\s+().-]+$/.test(search) && /\d/.test(search) ? search.replace(/\D/g, '') : undefined;

/** The term of a list's `search` parameter: lower-cased, with its digits when it looks like a phone number. */
export function searchTerm(search: string | undefined): SearchTerm | undefined {
  const text = needle(search);
  return text === undefined ? undefined : { text, digits: phoneDigits(text) };
}

/** Case-insensitive substring match of any of the haystacks. */
export const matchesText = (term: string, ...haystacks: (string | null | undefined)[]): boolean =>
  haystacks.some((text) => text?.toLowerCase().includes(term) === true);

/** Whether a phone number's digits contain the term's digits. */
export const matchesDigits = (digits: string | undefined, phone: string | null): boolean =>
  // Stryker disable next-line all: reached only by the item-by-item search, which runs only for a term containing U+0000 (text-blocks.ts), and such a term never has phone digits
  digits !== undefined && digits !== '' && phone?.replace(/\D/g, '').includes(digits) === true;

/** Whether an item matches a term by its search fields. */
export function matchesFields<T>(fields: SearchFields<T>, item: T, term: SearchTerm): boolean {
  return (
    matchesText(term.text, ...fields.text(item)) ||
    (fields.digits !== undefined && matchesDigits(term.digits, fields.digits(item)))
  );
}
