import type { Language } from '@sentiero/contract/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useCurrentLanguage } from '../../lib/i18n.ts';
import { forYouQueryKey } from '../../queries/member.ts';

/**
 * The member's "for you" row (`app/ticket/list/for-you`): private to the member, so it is a
 * member query (dropped when they sign out) and never part of a server-rendered page. Its own
 * file, loaded with the row, so the home page's first script does not carry it.
 */
export function getForYouQueryOptions(language: Language) {
  return queryOptions({
    queryKey: [...forYouQueryKey, language],
    queryFn: ({ signal }) => callApi('ticketListForYou', { lng: language }, { signal }),
  });
}

export function useForYou() {
  return useQuery(getForYouQueryOptions(useCurrentLanguage()));
}
