import type { Ad, AdPlacement } from '@sentiero/contract/premium';
import type { ServiceContext } from '../../platform/context.ts';
import { findActiveAds } from './ads-repo.ts';
import { isPremiumMember } from './entitlement.ts';

/** At most this many ads in one slot. */
const PER_SLOT = 1;

/**
 * The advertisements for a page's slot: Sentiero's house ads and partner offers shown in the
 * request's language (an ad made for all languages falls back to English where it has no text). A Sentiero+ member gets none:
 * no advertising is one of the membership's benefits, kept by the server, not only hidden.
 */
export async function listAds(ctx: ServiceContext, placement: AdPlacement): Promise<{ ads: Ad[] }> {
  if (ctx.user && (await isPremiumMember(ctx, ctx.user.id))) return { ads: [] };
  const rows = await findActiveAds(ctx.db, placement, ctx.lang, ctx.clock.now());
  const chosen = pickByWeight(rows, PER_SLOT);
  return {
    ads: chosen.flatMap((row) => {
      const texts = row.texts[ctx.lang] ?? row.texts.en;
      if (!texts) return [];
      return [
        {
          id: row.id,
          kind: row.kind,
          title: texts.title,
          text: texts.text,
          cta: texts.cta,
          url: row.url,
          image: row.image,
        },
      ];
    }),
  };
}

/** A weighted draw without replacement: an ad of weight 3 shows three times as often as one of 1. */
function pickByWeight<T extends { weight: number }>(rows: T[], count: number): T[] {
  const pool = [...rows];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) {
    const total = pool.reduce((sum, row) => sum + Math.max(row.weight, 0), 0);
    let draw = Math.random() * total;
    const index = pool.findIndex((row) => {
      draw -= Math.max(row.weight, 0);
      return draw < 0;
    });
    const [row] = pool.splice(index < 0 ? 0 : index, 1);
    if (row) chosen.push(row);
  }
  return chosen;
}
