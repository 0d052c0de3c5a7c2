/** Lower-cases a search term once per request. */
export const needle = (search: string | undefined): string | undefined => search?.toLowerCase();

/** The digits of a term, when the term looks like a phone number (digits, spaces, `+()-.`). */
export const phoneDigits = (search: string): string | undefined =>
  /^[\d\s+().-]+$/.test(search) && /\d/.test(search) ? search.replace(/\D/g, '') : undefined;

/** Case-insensitive substring match of any of the haystacks. */
export const matchesText = (term: string, ...haystacks: (string | null | undefined)[]): boolean =>
  haystacks.some((text) => text?.toLowerCase().includes(term) === true);

/** Whether a phone number's digits contain the term's digits. */
export const matchesDigits = (digits: string | undefined, phone: string | null): boolean =>
  digits !== undefined && digits !== '' && phone?.replace(/\D/g, '').includes(digits) === true;
