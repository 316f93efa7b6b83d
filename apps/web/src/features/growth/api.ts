import type { GrowthLevel } from '@sentiero/contract/growth';
import type { Language } from '@sentiero/contract/languages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useAuthStore } from '../../lib/auth-store.ts';
import { MEMBER_QUERY_KEY } from '../../queries/member.ts';

/**
 * The mushroom growth table in one language, as the server cuts it for who asks: a visitor's
 * table and a member's are different answers, so a member's is a member query (dropped on logout).
 */
export function getGrowthTableQueryOptions(language: Language, member = false) {
  return queryOptions({
    queryKey: member ? [...MEMBER_QUERY_KEY, 'growth', language] : ['growth', language],
    queryFn: ({ signal }) => callApi('areaListLevel', { lng: language }, { signal }),
  });
}

export function useGrowthTable(language: Language) {
  const member = useAuthStore((state) => state.isLoggedIn);
  return useQuery(getGrowthTableQueryOptions(language, member));
}

/** Unlocks an area's full history for a member, then reads the table again. */
export function useUnlockArea(language: Language) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (areaId: number) => callApi('areaLevelUnlock', { lng: language, id_area: areaId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...MEMBER_QUERY_KEY, 'growth'] }),
  });
}

/** A member's report of what they found in an area today; the table then shows the day's new level. */
export function useReportGrowth(language: Language) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ areaId, level }: { areaId: number; level: GrowthLevel }) =>
      callApi('areaLevelReport', { lng: language, id_area: areaId, level }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...MEMBER_QUERY_KEY, 'growth'] }),
  });
}
