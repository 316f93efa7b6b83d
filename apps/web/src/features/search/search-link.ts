import { PAGES } from '@sentiero/contract/pages';
import { isBlankSearchField } from '@sentiero/contract/search-choices';

/** What the short search forms ask: words, a country (or any) and a day. */
export type QuickSearch = { q: string; country: string; start_date: string };

/**
 * The search page's address for a quick search: only what was given, "any" left out (it filters
 * nothing), so the address stays short and the search page shows the same choices back.
 */
export function getSearchPath(search: QuickSearch): string {
  const given = (key: keyof QuickSearch) => {
    const value = search[key].trim();
    return isBlankSearchField(value) ? undefined : value;
  };
  return PAGES.search.path({ q: given('q'), country: given('country'), start_date: given('start_date') });
}
