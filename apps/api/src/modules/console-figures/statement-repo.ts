import type { ListScope } from '@sentiero/contract/access';
import { type Db, executeRows, type Transaction } from '@sentiero/db/client';
import { operators } from '@sentiero/db/schema';
import { eq, sql } from 'drizzle-orm';
import { intArray } from './figures-repo.ts';

export type StatementOperator = {
  id: number;
  name: string;
  vatNumber: string | null;
  commissionBasisPoints: number;
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
      commissionBasisPoints: operators.commissionBasisPoints,
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
      commissionBasisPoints: operators.commissionBasisPoints,
    })
    .from(operators)
    .where(eq(operators.id, id));
  return row;
}

export async function updateOperatorCommission(
  tx: Transaction,
  id: number,
  basisPoints: number,
): Promise<void> {
  await tx.update(operators).set({ commissionBasisPoints: basisPoints }).where(eq(operators.id, id));
}
