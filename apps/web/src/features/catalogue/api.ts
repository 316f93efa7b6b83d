import type { ApiInput } from '@sentiero/contract/api';
import type { Language } from '@sentiero/contract/languages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useCurrentLanguage } from '../../lib/i18n.ts';

export type AreaFilter = Omit<ApiInput<'areaListV2'>, 'lng'>;

export function getAreasQueryOptions(language: Language, filter: AreaFilter) {
  return queryOptions({
    queryKey: ['catalogue', 'areas', language, filter],
    queryFn: ({ signal }) => callApi('areaListV2', { lng: language, ...filter }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function getAreaQueryOptions(language: Language, id: number) {
  return queryOptions({
    queryKey: ['catalogue', 'area', language, id],
    queryFn: ({ signal }) => callApi('areaInfoV2', { lng: language, id }, { signal }),
  });
}

export function getAreaTicketsQueryOptions(language: Language, id: number, page: number) {
  return queryOptions({
    queryKey: ['catalogue', 'area-tickets', language, id, page],
    queryFn: ({ signal }) => callApi('ticketAreaListV2', { lng: language, id, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function getRegionTicketsQueryOptions(
  language: Language,
  id: number,
  categoryId: number,
  page: number,
) {
  return queryOptions({
    queryKey: ['catalogue', 'region-tickets', language, id, categoryId, page],
    queryFn: ({ signal }) =>
      callApi('regionTicket', { lng: language, id, id_category: categoryId, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export type RecommendedSource = 'hottest' | 'newest' | 'discounted';

export function getRecommendedQueryOptions(language: Language, source: RecommendedSource, page = 1) {
  return queryOptions({
    queryKey: ['catalogue', 'recommended', language, source, page],
    queryFn: ({ signal }) => callApi('ticketListRecommendedV2', { lng: language, source, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAreas(filter: AreaFilter) {
  return useQuery(getAreasQueryOptions(useCurrentLanguage(), filter));
}

export function useArea(id: number) {
  return useQuery(getAreaQueryOptions(useCurrentLanguage(), id));
}

export function useAreaTickets(id: number, page: number) {
  return useQuery(getAreaTicketsQueryOptions(useCurrentLanguage(), id, page));
}

export function useRegionTickets(id: number, categoryId: number, page: number) {
  return useQuery(getRegionTicketsQueryOptions(useCurrentLanguage(), id, categoryId, page));
}

export function useRecommended(source: RecommendedSource, page = 1) {
  return useQuery(getRecommendedQueryOptions(useCurrentLanguage(), source, page));
}

export function useTicketPackages(id: number) {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['catalogue', 'ticket-packages', language, id],
    queryFn: ({ signal }) => callApi('ticketPackageList', { lng: language, id }, { signal }),
  });
}

/** A ticket's shown reviews, the reader's language first (ADR 051); a new review asks them again. */
export function useTicketReviews(id: number, page: number) {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['catalogue', 'reviews', language, id, page],
    queryFn: ({ signal }) => callApi('ticketReviewList', { lng: language, id, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}
