import type { StaffRole } from '@sentiero/contract/access';
import type { Db } from '@sentiero/db/client';
import { operatorCommissionRates, operators, staffAccounts, staffGrants } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Clock } from '../platform/context.ts';
import { hashPassword } from '../platform/passwords.ts';
import { generateTotpSecret, totpCode } from '../platform/totp.ts';
import { type Browser, createBrowser, type TestApp } from './app.ts';

// Not factories.ts' counter: that file makes areas with the default operator below.
let operatorSerial = 0;

type OperatorRow = typeof operators.$inferSelect;

/** An operator of its own, for tests about who owns what (staff, scopes). */
export async function createOperator(
  db: Db,
  overrides: Partial<typeof operators.$inferInsert> = {},
): Promise<OperatorRow> {
  const slug = overrides.slug ?? `test-operator-${process.pid}-${++operatorSerial}`;
  const [row] = await db
    .insert(operators)
    .values({
      slug,
      name: `Operator ${slug}`,
      kind: 'park',
      contactEmail: `${slug}@operators.test`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('the operator was not written');
  await db
    .insert(operatorCommissionRates)
    .values({ operatorId: row.id, fromMonth: '2020-01-01', basisPoints: 1000 });
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
    })
    .onConflictDoNothing({ target: operators.slug });
  const [row] = await db.select({ id: operators.id }).from(operators).where(eq(operators.slug, slug));
  if (!row) throw new Error('the default operator was not written');
  await db
    .insert(operatorCommissionRates)
    .values({ operatorId: row.id, fromMonth: '2020-01-01', basisPoints: 1000 })
    .onConflictDoNothing();
  return row.id;
}

export const STAFF_PASSWORD = 'Console-test-2026';
let staffSerial = 0;

export type TestStaff = { id: number; email: string; totpSecret: string; grantId: number };

/**
 * A staff member with an authenticator key set up, holding one role: Sentiero's own (no
 * operator) or an operator's, narrowed to some areas when given.
 */
export async function createStaff(
  db: Db,
  grant: { role: StaffRole; operatorId?: number | null; areaIds?: number[] | null },
  { enrolled = true }: { enrolled?: boolean } = {},
): Promise<TestStaff> {
  const email = `staff-${process.pid}-${++staffSerial}@console.test`;
  const totpSecret = generateTotpSecret();
  passwordHash ??= hashPassword(STAFF_PASSWORD);
  const [account] = await db
    .insert(staffAccounts)
    .values({
      email,
      passwordHash: await passwordHash,
      name: `Staff ${staffSerial}`,
      totpSecret: enrolled ? totpSecret : null,
      totpEnabledAt: enrolled ? new Date(0) : null,
    })
    .returning();
  if (!account) throw new Error('the staff account was not written');
  const [row] = await db
    .insert(staffGrants)
    .values({
      staffId: account.id,
      role: grant.role,
      operatorId: grant.operatorId ?? null,
      areaIds: grant.areaIds ?? null,
    })
    .returning();
  if (!row) throw new Error('the grant was not written');
  return { id: account.id, email, totpSecret, grantId: row.id };
}

/** Hashed once, when a test first makes a staff member. */
let passwordHash: Promise<string> | undefined;

/** A browser where the staff member signed in with password and code, at the clock's time. */
export async function signInStaff(sut: TestApp, staff: TestStaff, clock: Clock): Promise<Browser> {
  const browser = createBrowser(sut);
  const login = await browser.post('/api/console/login?lng=en', {
    email: staff.email,
    password: STAFF_PASSWORD,
  });
  expect(login.statusCode, login.body).toBe(200);
  const code = await browser.post('/api/console/login/code?lng=en', {
    code: totpCode(staff.totpSecret, clock.now()),
  });
  expect(code.statusCode, code.body).toBe(200);
  return browser;
}

/** A signed-in staff member holding one role (Sentiero's roles everywhere, the others for the operator). */
export async function staffWith(
  sut: TestApp,
  clock: Clock,
  role: StaffRole,
  operatorId: number | null,
  areaIds?: number[],
): Promise<Browser> {
  const everywhere = role === 'admin' || role === 'support';
  const staff = await createStaff(sut.database.db, {
    role,
    operatorId: everywhere ? null : operatorId,
    areaIds: areaIds ?? null,
  });
  return signInStaff(sut, staff, clock);
}
