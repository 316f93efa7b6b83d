import type { Db } from '@sentiero/db/client';
import { operators } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { unique } from './factories.ts';

type OperatorRow = typeof operators.$inferSelect;

/** An operator of its own, for tests about who owns what (staff, scopes). */
export async function createOperator(
  db: Db,
  overrides: Partial<typeof operators.$inferInsert> = {},
): Promise<OperatorRow> {
  const slug = overrides.slug ?? unique('test-operator');
  const [row] = await db
    .insert(operators)
    .values({
      slug,
      name: `Operator ${slug}`,
      kind: 'park',
      contactEmail: `${slug}@operators.test`,
      commissionBasisPoints: 1000,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('the operator was not written');
  return row;
}

/** The operator of areas whose test does not care who owns them: one per database. */
export async function defaultOperatorId(db: Db): Promise<number> {
  const slug = 'test-default-operator';
  await db
    .insert(operators)
    .values({
      slug,
      name: 'Test operator',
      kind: 'company',
      contactEmail: 'default@operators.test',
      commissionBasisPoints: 1000,
    })
    .onConflictDoNothing({ target: operators.slug });
  const [row] = await db.select({ id: operators.id }).from(operators).where(eq(operators.slug, slug));
  if (!row) throw new Error('the default operator was not written');
  return row.id;
}
