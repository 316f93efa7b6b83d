import type { Language } from '@sentiero/contract/languages';
import type { AdPlacement } from '@sentiero/contract/premium';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';

/**
 * The ads of one slot of a page. Apart from the membership's hooks (api.ts): the home page's
 * first script carries the ad slot, and mutation code would grow it (ADR 006).
 */
export function getAdsQueryOptions(language: Language, placement: AdPlacement) {
  return queryOptions({
    queryKey: ['premium', 'ads', language, placement],
    queryFn: ({ signal }) => callApi('adList', { lng: language, placement }, { signal }),
    staleTime: 10 * 60 * 1000,
  });
}
