import type { Region } from '@sentiero/contract/catalogue';

/** A region's page: the areas of `/events` in that region (SPEC's interactive region map opens it). */
export function regionPagePath(region: Pick<Region, 'id' | 'country'>) {
  return `/events?${new URLSearchParams({ country: region.country, region: String(region.id) })}`;
}

/** The `region` parameter of `/events`, if it is a region id. */
export function regionParam(searchParams: URLSearchParams) {
  const id = Number(searchParams.get('region'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
