import type { Db } from '@sentiero/db/client';
import { staffAccounts, staffGrants, staffSessions } from '@sentiero/db/schema';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';

export type NewStaffSession = typeof staffSessions.$inferInsert;

export async function insertStaffSession(db: Db, session: NewStaffSession): Promise<void> {
  await db.insert(staffSessions).values(session);
}

/** The live session of a token and its staff member, unless it ran out or the account was disabled. */
export async function findLiveStaffSession(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      staffId: staffAccounts.id,
      email: staffAccounts.email,
      name: staffAccounts.name,
      language: staffAccounts.language,
      totpEnabledAt: staffAccounts.totpEnabledAt,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      twoFactorAt: staffSessions.twoFactorAt,
      reauthenticatedAt: staffSessions.reauthenticatedAt,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        gt(staffSessions.expiresAt, now),
        isNull(staffAccounts.disabledAt),
      ),
    );
  return row;
}

export async function findStaffGrants(db: Db, staffId: number) {
  return db
    .select({
      id: staffGrants.id,
      role: staffGrants.role,
      operatorId: staffGrants.operatorId,
      areaIds: staffGrants.areaIds,
    })
    .from(staffGrants)
    .where(eq(staffGrants.staffId, staffId))
    .orderBy(asc(staffGrants.id));
}

export async function updateStaffSession(
  db: Db,
  tokenHash: string,
  changes: Partial<Pick<NewStaffSession, 'lastSeenAt' | 'expiresAt' | 'twoFactorAt' | 'reauthenticatedAt'>>,
): Promise<void> {
  await db.update(staffSessions).set(changes).where(eq(staffSessions.tokenHash, tokenHash));
}

export async function deleteStaffSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, tokenHash));
}
