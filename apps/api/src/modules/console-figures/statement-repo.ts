import type { ListScope } from '@sentiero/contract/access';
import type { CommissionRate } from '@sentiero/contract/rules/commission-rates';
import { type Db, executeRows, type Transaction } from '@sentiero/db/client';
import { operatorCommissionRates, operators } from '@sentiero/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { intArray } from './figures-repo.ts';

export type StatementOperator = {
  id: number;
  name: string;
  vatNumber: string | null;
};

/**
 * The operators whose whole figures the scope covers (a grant narrowed to some areas covers no
 * operator's statement), by name.
 */
export async function findStatementOperators(
  db: Db,
  scope: ListScope,
): Promise<{ id: number; name: string }[]> {
  const where = scope.everywhere ? sql`true` : sql`id = any(${intArray(scope.operatorIds)})`;
  return executeRows<{ id: number; name: string }>(
    db,
    sql`select id, name from operators where ${where} order by name, id limit 500`,
  );
}

/** The operator's row, locked until the transaction ends: two admins' changes are audited in turn. */
export async function lockOperator(db: Transaction, id: number): Promise<StatementOperator | undefined> {
  const [row] = await db
    .select({
      id: operators.id,
      name: operators.name,
      vatNumber: operators.vatNumber,
    })
    .from(operators)
    .where(eq(operators.id, id))
    .for('update');
  return row;
}

export async function findOperatorForStatement(db: Db, id: number): Promise<StatementOperator | undefined> {
  const [row] = await db
    .select({
      id: operators.id,
      name: operators.name,
      vatNumber: operators.vatNumber,
    })
    .from(operators)
    .where(eq(operators.id, id));
  return row;
}

/** The operator's commission rates, oldest first (`from` as `YYYY-MM`). */
export async function findCommissionRates(
  db: Db | Transaction,
  operatorId: number,
): Promise<CommissionRate[]> {
  const rows = await db
    .select({ from: operatorCommissionRates.fromMonth, basisPoints: operatorCommissionRates.basisPoints })
    .from(operatorCommissionRates)
    .where(eq(operatorCommissionRates.operatorId, operatorId))
    .orderBy(asc(operatorCommissionRates.fromMonth));
  return rows.map((row) => ({ from: row.from.slice(0, 7), basisPoints: row.basisPoints }));
}

/** Sets the rate from `month` (`YYYY-MM`) on, replacing one set for that same month. */
export async function upsertCommissionRate(
  tx: Transaction,
  values: { operatorId: number; month: string; basisPoints: number; staffId: number; now: Date },
): Promise<void> {
  const row = {
    operatorId: values.operatorId,
    fromMonth: `${values.month}-01`,
    basisPoints: values.basisPoints,
    setByStaffId: values.staffId,
    createdAt: values.now,
  };
  await tx
    .insert(operatorCommissionRates)
    .values(row)
    .onConflictDoUpdate({
      target: [operatorCommissionRates.operatorId, operatorCommissionRates.fromMonth],
      set: { basisPoints: row.basisPoints, setByStaffId: row.setByStaffId, createdAt: row.createdAt },
    });
}
