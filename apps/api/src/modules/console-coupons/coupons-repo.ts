import type { ListScope } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import type { Db, Transaction } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import { areas, categories, coupons, operators, orders, tickets } from '@sentiero/db/schema';
import { and, asc, count, desc, eq, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';

/*
 * The console's coupon queries (ADR 038). Every read takes the staff member's scope and applies
 * it in the query: an operator's coupon is seen by who manages coupons for the operator, or for
 * every area it reaches; Sentiero's own (no operator) only by those who hold the permission
 * everywhere.
 */

export type CouponRow = typeof coupons.$inferSelect;
export type CouponValues = Omit<typeof coupons.$inferInsert, 'id' | 'createdAt'>;

/** Orders that count as a use, as checkout counts them: being paid, paid or issued. */
const uses = sql<number>`(select count(*)::int from ${orders} where ${orders.couponCode} = ${coupons.code} and ${orders.status} in ('pending', 'paid', 'issued'))`;

function couponInScope(scope: ListScope): SQL | undefined {
  if (scope.everywhere) return undefined;
  const allowed: SQL[] = [];
  if (scope.operatorIds.length > 0) allowed.push(inArray(coupons.operatorId, [...scope.operatorIds]));
  if (scope.areaIds.length > 0) {
    // Narrowed to some areas: an operator's coupon whose every area and ticket lies in them.
    const areaList = sql`array[${sql.join(
      scope.areaIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::int[]`;
    allowed.push(
      sql`(${coupons.operatorId} is not null
        and (${coupons.areaIds} is not null or ${coupons.ticketIds} is not null)
        and coalesce(${coupons.areaIds}, '{}') <@ ${areaList}
        and not exists (select 1 from ${tickets} where ${tickets.id} = any(${coupons.ticketIds})
          and not (${tickets.areaId} = any(${areaList}))))`,
    );
  }
  return allowed.length > 0 ? or(...allowed) : sql`false`;
}

export type CouponFilter = { code?: string; state?: 'active' | 'inactive'; operator?: number | 'sentiero' };

const couponColumns = {
  coupon: coupons,
  operatorName: operators.name,
  uses,
};

export async function findCouponPage(
  db: Db,
  scope: ListScope,
  filter: CouponFilter,
  page: { limit: number; offset: number },
) {
  const where = and(
    couponInScope(scope),
    filter.code ? like(coupons.code, `${filter.code.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    filter.state ? eq(coupons.active, filter.state === 'active') : undefined,
    filter.operator === 'sentiero'
      ? isNull(coupons.operatorId)
      : filter.operator !== undefined
        ? eq(coupons.operatorId, filter.operator)
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(couponColumns)
      .from(coupons)
      .leftJoin(operators, eq(operators.id, coupons.operatorId))
      .where(where)
      .orderBy(desc(coupons.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(coupons).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** One coupon, if the scope covers it (with `lock`, locked until the transaction ends). */
export async function findCouponInScope(
  db: Db | Transaction,
  scope: ListScope,
  id: number,
  { lock = false } = {},
) {
  const query = db
    .select({ coupon: coupons })
    .from(coupons)
    .where(and(eq(coupons.id, id), couponInScope(scope)));
  const [row] = lock ? await query.for('update', { of: coupons }) : await query;
  return row?.coupon;
}

/** A coupon as the console shows it: with its operator's name and its uses. */
export async function findCouponView(db: Db | Transaction, id: number) {
  const [row] = await db
    .select(couponColumns)
    .from(coupons)
    .leftJoin(operators, eq(operators.id, coupons.operatorId))
    .where(eq(coupons.id, id));
  return row;
}

/** A new coupon, or undefined when its code is taken (the unique index decides, not a read before). */
export async function insertCoupon(tx: Transaction, values: CouponValues): Promise<CouponRow | undefined> {
  const [row] = await tx.insert(coupons).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCoupon(
  tx: Transaction,
  id: number,
  values: Partial<CouponValues>,
): Promise<CouponRow> {
  const [row] = await tx.update(coupons).set(values).where(eq(coupons.id, id)).returning();
  if (!row) throw new Error(`coupon ${id} vanished while locked`);
  return row;
}

/** The operator of each of these areas; an id that is no area is left out. */
export async function findAreaOperators(db: Db | Transaction, areaIds: number[]) {
  if (areaIds.length === 0) return [];
  return db
    .select({ areaId: areas.id, operatorId: areas.operatorId })
    .from(areas)
    .where(inArray(areas.id, areaIds));
}

/** The area and operator of each of these tickets; an id that is no ticket is left out. */
export async function findTicketOperators(db: Db | Transaction, ticketIds: number[]) {
  if (ticketIds.length === 0) return [];
  return db
    .select({ ticketId: tickets.id, areaId: tickets.areaId, operatorId: areas.operatorId })
    .from(tickets)
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .where(inArray(tickets.id, ticketIds));
}

export async function countCategories(db: Db | Transaction, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db.select({ total: count() }).from(categories).where(inArray(categories.id, ids));
  return row?.total ?? 0;
}

export async function operatorExists(db: Db | Transaction, id: number): Promise<boolean> {
  const [row] = await db.select({ id: operators.id }).from(operators).where(eq(operators.id, id));
  return row !== undefined;
}

/** Operators by name: all of them, or these. */
export async function findOperators(db: Db, ids: readonly number[] | 'all') {
  if (ids !== 'all' && ids.length === 0) return [];
  return db
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(ids === 'all' ? undefined : inArray(operators.id, [...ids]))
    .orderBy(asc(operators.name));
}

/** The operators these areas belong to. */
export async function findOperatorIdsOfAreas(db: Db, areaIds: readonly number[]): Promise<number[]> {
  if (areaIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ operatorId: areas.operatorId })
    .from(areas)
    .where(inArray(areas.id, [...areaIds]));
  return rows.map((row) => row.operatorId);
}

/** An operator's areas (only these, when narrowed) with their tickets, by name in `language`. */
export async function findAreasWithTickets(
  db: Db,
  operatorId: number,
  onlyAreas: readonly number[] | null,
  language: Language,
) {
  const rows = await db
    .select({
      areaId: areas.id,
      areaName: localized(areas.name, language),
      ticketId: tickets.id,
      ticketName: localized(tickets.title, language),
    })
    .from(areas)
    .leftJoin(tickets, eq(tickets.areaId, areas.id))
    .where(and(eq(areas.operatorId, operatorId), onlyAreas ? inArray(areas.id, [...onlyAreas]) : undefined))
    .orderBy(asc(localized(areas.name, language)), asc(areas.id), asc(tickets.id));
  const byArea = new Map<number, { id: number; name: string; tickets: { id: number; name: string }[] }>();
  for (const row of rows) {
    let area = byArea.get(row.areaId);
    if (!area) {
      area = { id: row.areaId, name: row.areaName, tickets: [] };
      byArea.set(row.areaId, area);
    }
    if (row.ticketId !== null) area.tickets.push({ id: row.ticketId, name: row.ticketName ?? '' });
  }
  return [...byArea.values()];
}

export async function findCategories(db: Db, language: Language) {
  return db
    .select({ id: categories.id, name: localized(categories.name, language) })
    .from(categories)
    .orderBy(asc(categories.id));
}
