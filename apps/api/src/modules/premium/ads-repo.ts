import type { Language } from '@sentiero/contract/languages';
import type { AdPlacement } from '@sentiero/contract/premium';
import type { Db } from '@sentiero/db/client';
import { ads } from '@sentiero/db/schema';
import { and, arrayContains, eq, gt, isNull, lte, or } from 'drizzle-orm';

/**
 * The ads for a slot that are switched on, within their dates at `now` and shown in `language`
 * (an ad without languages is shown in all).
 */
export async function findActiveAds(db: Db, placement: AdPlacement, language: Language, now: Date) {
  return db
    .select()
    .from(ads)
    .where(
      and(
        eq(ads.active, true),
        arrayContains(ads.placements, [placement]),
        or(isNull(ads.languages), arrayContains(ads.languages, [language])),
        or(isNull(ads.activeFrom), lte(ads.activeFrom, now)),
        or(isNull(ads.activeUntil), gt(ads.activeUntil, now)),
      ),
    );
}
