import type { ApiInput } from '@sentiero/contract/api';
import type { CountryCode } from '@sentiero/contract/common';
import type { Language } from '@sentiero/contract/languages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';
import { useCurrentLanguage } from '../../lib/i18n.ts';

const REFERENCE_STALE_TIME = 30 * 60 * 1000;

export function getCategoriesQueryOptions(language: Language) {
  return queryOptions({
    queryKey: ['catalogue', 'categories', language],
    queryFn: ({ signal }) => callApi('categoryList', { lng: language }, { signal }),
    staleTime: REFERENCE_STALE_TIME,
  });
}

export function getRegionsQueryOptions(language: Language, country?: CountryCode) {
  return queryOptions({
    queryKey: ['catalogue', 'regions', language, country ?? 'all'],
    queryFn: ({ signal }) => callApi('regionList', { lng: language, country }, { signal }),
    staleTime: REFERENCE_STALE_TIME,
  });
}

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

export function getTicketQueryOptions(language: Language, id: number) {
  return queryOptions({
    queryKey: ['catalogue', 'ticket', language, id],
    queryFn: ({ signal }) => callApi('ticketAreaInfo', { lng: language, id }, { signal }),
  });
}

export function getTicketCalendarQueryOptions(
  language: Language,
  id: number,
  from: string | undefined,
  days: number,
) {
  return queryOptions({
    queryKey: ['catalogue', 'ticket-calendar', id, from ?? 'today', days],
    queryFn: ({ signal }) => callApi('ticketCalendarV2', { lng: language, id, from, days }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30 * 1000,
  });
}

export function useCategories() {
  return useQuery(getCategoriesQueryOptions(useCurrentLanguage()));
}

export function useRegions(country?: CountryCode) {
  return useQuery(getRegionsQueryOptions(useCurrentLanguage(), country));
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

export function useTicket(id: number) {
  return useQuery(getTicketQueryOptions(useCurrentLanguage(), id));
}

export function useTicketPackages(id: number) {
  const language = useCurrentLanguage();
  return useQuery({
    queryKey: ['catalogue', 'ticket-packages', language, id],
    queryFn: ({ signal }) => callApi('ticketPackageList', { lng: language, id }, { signal }),
  });
}

export function useTicketCalendar(id: number, from: string | undefined, days: number) {
  return useQuery(getTicketCalendarQueryOptions(useCurrentLanguage(), id, from, days));
}
