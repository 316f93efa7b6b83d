/**
 * The "any" choice of the search form's selects (any place, any activity…): a choice as valid as
 * any other, the same as leaving that filter out. Its own module, without zod, so the home page's
 * search box can use it without loading the contract's schemas.
 */
export const SEARCH_ANY = 'any';
