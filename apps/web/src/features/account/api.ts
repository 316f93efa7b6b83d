import type { Language } from '@sentiero/contract/languages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { type AuthUser, useAuthStore } from '../../lib/auth-store.ts';
import { useCurrentLanguage } from '../../lib/i18n.ts';

/** What recommendations can be about: the activity types and the regions, with their names. */
export function getPreferenceChoicesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['account', 'preference-choices', language],
    queryFn: async ({ signal }) => {
      const [filters, regions] = await Promise.all([
        callApi('searchFilters', { lng: language }, { signal }),
        callApi('regionList', { lng: language }, { signal }),
      ]);
      return {
        activities: filters.activity_list,
        regions: regions.region_list,
        countries: regions.country_list,
      };
    },
    staleTime: 30 * 60 * 1000,
  });
}

export function usePreferenceChoices() {
  return useQuery(getPreferenceChoicesQueryOptions(useCurrentLanguage()));
}

/** The signed-in member; member routes are guarded, so null only for the moment of logging out. */
export function useMember(): AuthUser | null {
  return useAuthStore((state) => state.user);
}

/** Keeps the store's member in step with what the server answered. */
export function rememberMember(user: AuthUser) {
  useAuthStore.getState().setUser(user, user.is_premium);
}
