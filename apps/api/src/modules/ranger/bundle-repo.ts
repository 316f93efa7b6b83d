import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import { localized, localizedOrNull } from '@sentiero/db/localized';
import { areaGrowthLevels, areas, issuedTickets, ticketMoves, tickets } from '@sentiero/db/schema';
import { and, asc, eq, gt, gte, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';

/** The areas a ranger guards: all of the operator's, or those named. */
function areasOf(operatorId: number, areaIds: readonly number[] | 'all'): SQL | undefined {
  return and(
    eq(areas.operatorId, operatorId),
    areaIds === 'all' ? undefined : inArray(areas.id, [...areaIds]),
  );
}

/** Each area with its rules, limits and latest official growth level. */
export async function findBundleAreas(
  db: Db,
  language: Language,
  operatorId: number,
  areaIds: readonly number[] | 'all',
) {
  return db
    .select({
      id: areas.id,
      name: localized(areas.name, language),
      timeZone: areas.timeZone,
      rules: localized(areas.rules, language),
      limits: localizedOrNull(areas.limits, language),
      dailyLimitG: areas.dailyLimitG,
      growthLevel: sql<number | null>`(select ${areaGrowthLevels.level} from ${areaGrowthLevels}
        where ${areaGrowthLevels.areaId} = ${areas.id} order by ${areaGrowthLevels.observedOn} desc limit 1)`,
      growthOn: sql<string | null>`(select ${areaGrowthLevels.observedOn}::text from ${areaGrowthLevels}
        where ${areaGrowthLevels.areaId} = ${areas.id} order by ${areaGrowthLevels.observedOn} desc limit 1)`,
    })
    .from(areas)
    .where(areasOf(operatorId, areaIds))
    .orderBy(asc(areas.id));
}

/** The areas' tickets, titled in the ranger's language, by area. */
export async function findBundleTickets(db: Db, language: Language, areaIds: readonly number[]) {
  if (areaIds.length === 0) return new Map<number, { id: number; title: string }[]>();
  const rows = await db
    .select({ id: tickets.id, areaId: tickets.areaId, title: localized(tickets.title, language) })
    .from(tickets)
    .where(inArray(tickets.areaId, [...areaIds]))
    .orderBy(asc(tickets.id));
  const byArea = new Map<number, { id: number; title: string }[]>();
  for (const row of rows)
    byArea.set(row.areaId, [...(byArea.get(row.areaId) ?? []), { id: row.id, title: row.title }]);
  return byArea;
}

/**
 * The codes of the areas' cancelled (refunded) tickets, and of those moved to another day, that
 * are still inside their dates: a ticket past its last day is refused by its dates alone, so the
 * list stays as long as a season.
 */
export async function findRevokedCodes(db: Db, areaIds: readonly number[], fromDay: string) {
  if (areaIds.length === 0) return [];
  const rows = await db
    .select({ code: issuedTickets.code })
    .from(issuedTickets)
    .innerJoin(tickets, eq(tickets.id, issuedTickets.ticketId))
    .where(
      and(
        inArray(tickets.areaId, [...areaIds]),
        eq(issuedTickets.status, 'cancelled'),
        gte(issuedTickets.validUntil, fromDay),
      ),
    );
  // The codes guests had before they moved to another day (ADR 049), while their old dates last.
  const moved = await db
    .select({ code: ticketMoves.oldCode })
    .from(ticketMoves)
    .innerJoin(tickets, eq(tickets.id, ticketMoves.ticketId))
    .where(and(inArray(tickets.areaId, [...areaIds]), gte(ticketMoves.oldUntil, fromDay)));
  return [...rows.map((row) => row.code), ...moved.map((row) => row.code)];
}

/** The uses so far of the areas' live tickets that have a maximum, and were used. */
export async function findTicketUses(db: Db, areaIds: readonly number[], fromDay: string) {
  if (areaIds.length === 0) return [];
  return db
    .select({ code: issuedTickets.code, uses: issuedTickets.uses })
    .from(issuedTickets)
    .innerJoin(tickets, eq(tickets.id, issuedTickets.ticketId))
    .where(
      and(
        inArray(tickets.areaId, [...areaIds]),
        eq(issuedTickets.status, 'active'),
        isNotNull(issuedTickets.maxUsage),
        gt(issuedTickets.uses, 0),
        gte(issuedTickets.validUntil, fromDay),
      ),
    )
    .orderBy(asc(issuedTickets.code));
}
