/**
 * The "any" choice of the search form's selects (any place, any activity…): a choice as valid as
 * any other, the same as leaving that filter out. Its own module, without zod, so the home page's
 * search box can use it without loading the contract's schemas.
 */
export const SEARCH_ANY = 'any';

/**
 * What a search field holds when it asks for nothing: left empty (a form sends a blank date or
 * price as an empty value) or "any". The API takes either as the field left out.
 */
export const SEARCH_BLANKS = ['', SEARCH_ANY] as const;

export function isBlankSearchField(value: string): boolean {
  return (SEARCH_BLANKS as readonly string[]).includes(value.trim());
}

/**
 * SPEC section 5's "All search inputs are mandatory", as a visitor means it: a search needs
 * something to look for — words, a place, a day or any other filter — and any one of them is
 * enough; a search with nothing in it at all is refused with that message.
 */
export function isEmptySearch(values: Iterable<string>): boolean {
  for (const value of values) if (!isBlankSearchField(value)) return false;
  return true;
}
