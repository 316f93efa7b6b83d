import { isBlankSearchField } from '@sentiero/contract/search-choices';

/** What the short search forms ask: words, a country (or any) and a day. */
export type QuickSearch = { q: string; country: string; start_date: string };

/**
 * The search page's address for a quick search: only what was given, "any" left out (it filters
 * nothing), so the address stays short and the search page shows the same choices back.
 */
export function getSearchPath(search: QuickSearch): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'country', 'start_date'] as const) {
    const value = search[key].trim();
    if (!isBlankSearchField(value)) params.set(key, value);
  }
  const query = params.toString();
  return query ? `/search?${query}` : '/search';
}
