import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.ts';

/**
 * An area's weather from `from` to `to` (its calendar days). The job refreshes it every 3 hours,
 * so an answer is good for a quarter of an hour. Nothing in it depends on the language.
 */
export function getAreaWeatherQueryOptions(areaId: number, from: string, to: string) {
  return queryOptions({
    queryKey: ['weather', areaId, from, to],
    queryFn: ({ signal }) => callApi('weatherInfo', { id_area: areaId, from, to }, { signal }),
    staleTime: 15 * 60 * 1000,
  });
}

export function useAreaWeather(areaId: number, from: string, to: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getAreaWeatherQueryOptions(areaId, from, to), enabled });
}
