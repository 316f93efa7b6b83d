import type { Db } from '@sentiero/db/client';
import { users } from '@sentiero/db/schema';
import { and, eq, isNull } from 'drizzle-orm';

/**
 * How to reach a member: what other modules may read of an account (checkout mails the buyer's
 * tickets, the newsletter subscribes a member's own address). The accounts module owns the rest
 * of the row — password hash, second factor, personal data — and nobody else reads it.
 */
export async function findMemberContact(db: Db, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

/** The living account of an address (addresses are stored lower-cased). */
export async function findMemberByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)));
  return row;
}
