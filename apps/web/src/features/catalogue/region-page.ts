import type { Region } from '@sentiero/contract/catalogue';
import { PAGES } from '@sentiero/contract/pages';

/** A region's page: the areas of `/events` in that region (SPEC's interactive region map opens it). */
export function regionPagePath(region: Pick<Region, 'id' | 'country'>) {
  return PAGES.events.path({ country: region.country, region: region.id });
}

/** The `region` parameter of `/events`, if it is a region id. */
export function regionParam(searchParams: URLSearchParams) {
  const id = Number(searchParams.get('region'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
