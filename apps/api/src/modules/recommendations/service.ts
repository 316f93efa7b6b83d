import { FOR_YOU_SIZE, type RecommendationReason, type RecommendedTicket } from '@sentiero/contract/tickets';
import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { memberRow } from '../accounts/index.ts';
import { getPurchaseHistory } from '../checkout/index.ts';
import { findGrowthBoosts } from '../growth/index.ts';
import { listTicketCardsById } from '../tickets/index.ts';
import { findRankedTickets, type RankedTicketRow, type RankingSignals } from './repo.ts';

/** The growth forecast lifts at most this many areas, the best first: the row is a member's, not a map. */
const MAX_BOOSTED_AREAS = 10;
/** A boost this strong is worth telling ("good conditions in …"). */
const TOLD_BOOST = 0.5;

/** The growth forecast's best areas, strongest first. */
function strongestBoosts(boosts: Map<number, number>): Map<number, number> {
  return new Map(
    [...boosts]
      .filter(([, score]) => score > 0)
      .sort(([, a], [, b]) => b - a)
      .slice(0, MAX_BOOSTED_AREAS),
  );
}

/** The strongest reason that put a ticket in the row, in `RECOMMENDATION_REASONS`' order. */
function reasonFor(row: RankedTicketRow): RecommendationReason {
  if (row.preferredActivity) return 'preferred-activity';
  if (row.boughtArea) return 'bought-area';
  if (row.growth >= TOLD_BOOST) return 'good-conditions';
  if (row.preferredRegion) return 'preferred-region';
  if (row.boughtActivity) return 'bought-activity';
  if (row.boughtRegion) return 'bought-region';
  return 'popular';
}

/**
 * The member's "for you" row: tickets on sale today, ranked by what they told us they like
 * (`app/user/tag`), what they bought, the growth forecast, popularity and recency, without the
 * tickets they already hold for a day ahead. Visitors are asked to log in: their rows are the
 * public, cacheable `app/ticket/list/recommended`.
 */
export async function listTicketsForMember(
  ctx: ServiceContext,
): Promise<{ ticket_list: RecommendedTicket[]; personal: boolean }> {
  const member = await memberRow(ctx, await requireAccess(ctx, 'member'));
  const now = ctx.clock.now();
  const [history, boosts] = await Promise.all([
    getPurchaseHistory(ctx, member.id),
    findGrowthBoosts(ctx.db, ctx.clock),
  ]);
  const signals: RankingSignals = {
    preferredActivityIds: member.preferredActivityIds,
    preferredRegionIds: member.preferredRegionIds,
    boughtActivityIds: history.activityTypeIds,
    boughtAreaIds: history.areaIds,
    boughtRegionIds: history.regionIds,
    heldTicketIds: history.heldTicketIds,
    growthBoosts: strongestBoosts(boosts),
  };
  const ranked = await findRankedTickets(ctx.db, signals, now, FOR_YOU_SIZE);
  const reasons = new Map(ranked.map((row) => [row.ticketId, reasonFor(row)]));
  const cards = await listTicketCardsById(
    ctx,
    ranked.map((row) => row.ticketId),
  );
  return {
    ticket_list: cards.map((card) => ({ ...card, reason: reasons.get(card.id) ?? 'popular' })),
    personal:
      signals.preferredActivityIds.length +
        signals.preferredRegionIds.length +
        history.activityTypeIds.length >
      0,
  };
}
