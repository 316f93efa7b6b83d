import type { AdPlacement } from '@sentiero/contract/premium';
import type { Db } from '@sentiero/db/client';
import { ads } from '@sentiero/db/schema';
import { and, arrayContains, eq, gt, isNull, lte, or } from 'drizzle-orm';

/** The operator's ads for a slot that are switched on and within their dates at `now`. */
export async function findActiveAds(db: Db, placement: AdPlacement, now: Date) {
  return db
    .select()
    .from(ads)
    .where(
      and(
        eq(ads.active, true),
        arrayContains(ads.placements, [placement]),
        or(isNull(ads.activeFrom), lte(ads.activeFrom, now)),
        or(isNull(ads.activeUntil), gt(ads.activeUntil, now)),
      ),
    );
}
