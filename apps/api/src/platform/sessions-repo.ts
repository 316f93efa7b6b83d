import type { Db } from '@sentiero/db/client';
import { preparedOnce, preparedSql } from '@sentiero/db/prepared';
import { sessions, users } from '@sentiero/db/schema';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';

export type NewSession = typeof sessions.$inferInsert;

export async function insertSession(db: Db, session: NewSession): Promise<void> {
  await db.insert(sessions).values(session);
}

/** The live session of a token and its member, unless the session ran out or the account was deleted. */
export async function findLiveSession(db: Db, tokenHash: string, now: Date) {
  // Every API request asks this: prepared once.
  const findSession = preparedOnce(db, 'session_user', (name) =>
    db
      .select({
        id: users.id,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql.placeholder('now')),
          isNull(users.deletedAt),
        ),
      )
      .prepare(name),
  );
  return (await findSession.execute({ tokenHash, now }))[0];
}

/** Moves a session's last use and end forward. */
export async function slideSession(db: Db, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
  const slide = preparedSql(
    db,
    'session_slide',
    () => sql`update ${sessions} set last_seen_at = ${sql.placeholder('now')}::timestamptz,
        expires_at = ${sql.placeholder('expiresAt')}::timestamptz
      where token_hash = ${sql.placeholder('tokenHash')}`,
  );
  await slide.execute({ tokenHash, now: now.toISOString(), expiresAt: expiresAt.toISOString() });
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteMemberSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
