import type { Language } from '@sentiero/contract/languages';
import type { CommissionRate } from '@sentiero/contract/rules/commission-rates';
import type { Db, Transaction } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import {
  areas,
  operatorCommissionRates,
  operators,
  staffAccounts,
  staffGrants,
  staffInvitations,
} from '@sentiero/db/schema';
import { and, asc, count, eq, gt, ilike, inArray, isNull, like, or, sql } from 'drizzle-orm';

type Handle = Db | Transaction;
export type OperatorRow = typeof operators.$inferSelect;

export async function insertOperator(
  tx: Handle,
  values: typeof operators.$inferInsert,
): Promise<OperatorRow> {
  const [row] = await tx.insert(operators).values(values).returning();
  if (!row) throw new Error('the operator was not written');
  return row;
}

/** An operator's commission rate from `month` (`YYYY-MM`) on (ADR 042). */
export async function insertCommissionRate(
  tx: Handle,
  values: { operatorId: number; month: string; basisPoints: number; createdAt: Date },
): Promise<void> {
  await tx.insert(operatorCommissionRates).values({
    operatorId: values.operatorId,
    fromMonth: `${values.month}-01`,
    basisPoints: values.basisPoints,
    createdAt: values.createdAt,
  });
}

export async function findOperatorCommissionRates(db: Handle, operatorId: number): Promise<CommissionRate[]> {
  const rows = await db
    .select({ from: operatorCommissionRates.fromMonth, basisPoints: operatorCommissionRates.basisPoints })
    .from(operatorCommissionRates)
    .where(eq(operatorCommissionRates.operatorId, operatorId))
    .orderBy(asc(operatorCommissionRates.fromMonth));
  return rows.map((row) => ({ from: row.from.slice(0, 7), basisPoints: row.basisPoints }));
}

/** `%` and `_` typed into a search box are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function findSlugsStartingWith(tx: Handle, base: string): Promise<string[]> {
  const rows = await tx
    .select({ slug: operators.slug })
    .from(operators)
    .where(like(operators.slug, `${escapeLike(base)}%`));
  return rows.map((row) => row.slug);
}

/** A page of operators by name with their areas counted, and how many match in all. */
export async function findOperatorPage(
  db: Handle,
  q: string | undefined,
  page: { limit: number; offset: number },
) {
  const pattern = q ? `%${escapeLike(q)}%` : null;
  const where = pattern
    ? or(ilike(operators.name, pattern), ilike(operators.slug, pattern), ilike(operators.vatNumber, pattern))
    : undefined;
  const areaCount = db
    .select({ operatorId: areas.operatorId, areas: count().as('areas') })
    .from(areas)
    .groupBy(areas.operatorId)
    .as('area_count');
  const rows = await db
    .select({
      operator: operators,
      areas: sql<number>`coalesce(${areaCount.areas}, 0)`.mapWith(Number),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(operators)
    .leftJoin(areaCount, eq(areaCount.operatorId, operators.id))
    .where(where)
    .orderBy(asc(operators.name), asc(operators.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function countOperatorAreas(db: Handle, operatorId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(areas).where(eq(areas.operatorId, operatorId));
  return row?.n ?? 0;
}

/** The owners of these operators. */
export async function findOwners(db: Handle, operatorIds: readonly number[]) {
  if (operatorIds.length === 0) return [];
  return db
    .select({ operatorId: staffGrants.operatorId, name: staffAccounts.name, email: staffAccounts.email })
    .from(staffGrants)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffGrants.staffId))
    .where(and(eq(staffGrants.role, 'owner'), inArray(staffGrants.operatorId, [...operatorIds])))
    .orderBy(asc(staffAccounts.name));
}

/** Owner invitations of these operators that can still be accepted. */
export async function findOpenOwnerInvitations(db: Handle, operatorIds: readonly number[], now: Date) {
  if (operatorIds.length === 0) return [];
  return db
    .select({
      operatorId: staffInvitations.operatorId,
      email: staffInvitations.email,
      expiresAt: staffInvitations.expiresAt,
    })
    .from(staffInvitations)
    .where(
      and(
        eq(staffInvitations.role, 'owner'),
        inArray(staffInvitations.operatorId, [...operatorIds]),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .orderBy(asc(staffInvitations.id));
}

/** An operator's areas named in the reader's language. */
export async function findOperatorAreaList(db: Handle, operatorId: number, language: Language) {
  const name = localized(areas.name, language);
  return db
    .select({ id: areas.id, slug: areas.slug, name, available: areas.available })
    .from(areas)
    .where(eq(areas.operatorId, operatorId))
    .orderBy(asc(name));
}
