import type { Db } from '@sentiero/db/client';
import {
  type AccountTokenPurpose,
  accountTokens,
  activityTypes,
  contactMessages,
  loginChallenges,
  newsletterSubscriptions,
  passwordResetTokens,
  recoveryCodes,
  regions,
  sessions,
  trustedDevices,
  users,
} from '@sentiero/db/schema';
import { and, eq, gt, gte, inArray, isNull, ne, or } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function findUserByFacebookId(db: Db, facebookId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.facebookId, facebookId), isNull(users.deletedAt)));
  return row;
}

export async function insertUser(db: Db, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('the new account was not written');
  return row;
}

export async function updateUser(db: Db, id: number, values: Partial<NewUser>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`account ${id} was not updated`);
  return row;
}

export async function findActivitySlugs(db: Db, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ slug: activityTypes.slug })
    .from(activityTypes)
    .where(inArray(activityTypes.id, ids))
    .orderBy(activityTypes.slug);
  return rows.map((row) => row.slug);
}

export async function findActivityIds(db: Db, slugs: string[]): Promise<number[]> {
  if (!slugs.length) return [];
  const rows = await db
    .select({ id: activityTypes.id })
    .from(activityTypes)
    .where(inArray(activityTypes.slug, slugs));
  return rows.map((row) => row.id);
}

export async function findRegionIds(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: regions.id }).from(regions).where(inArray(regions.id, ids));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function insertResetToken(
  db: Db,
  userId: number,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
) {
  // One live link at a time: asking again retires the links sent before.
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.insert(passwordResetTokens).values({ tokenHash, userId, createdAt: now, expiresAt });
}

/** Uses a reset link once: the update that marks it used is the check that it was unused. */
export async function consumeResetToken(db: Db, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

export async function insertAccountToken(
  db: Db,
  values: {
    tokenHash: string;
    userId: number;
    purpose: AccountTokenPurpose;
    email: string;
    now: Date;
    expiresAt: Date;
  },
) {
  const { now, ...row } = values;
  await db.insert(accountTokens).values({ ...row, createdAt: now });
}

/** Uses a mailed link once: the update that marks it used is the check that it was unused. */
export async function consumeAccountToken(
  db: Db,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: Date,
): Promise<{ userId: number; email: string; createdAt: Date } | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({
      userId: accountTokens.userId,
      email: accountTokens.email,
      createdAt: accountTokens.createdAt,
    });
  return row ?? null;
}

export async function deleteAccountTokens(db: Db, userId: number, purpose: AccountTokenPurpose) {
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose)));
}

/**
 * Securing an account: every session, device cookie and pending link goes, and so does every
 * link mailed after `since` (the notice whose link was used), whoever holds it; the password is
 * locked; the email goes back to `email` unless another account took it meanwhile; a two-factor
 * key set up after `since` is removed; a linked Facebook login is unlinked (a taker's Facebook
 * account links itself through the email they set; the owner's links again at its next use).
 * One transaction, so nobody logs in half-way through.
 */
export async function lockAccount(
  db: Db,
  user: UserRow,
  { email, since, now }: { email: string; since: Date; now: Date },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, user.id)));
    const twoFactorSinceNotice = user.totpEnabledAt !== null && user.totpEnabledAt >= since;
    const [row] = await tx
      .update(users)
      .set({
        passwordHash: null,
        facebookId: null,
        totpPendingSecret: null,
        ...(taken ? {} : { email }),
        ...(twoFactorSinceNotice ? { totpSecret: null, totpEnabledAt: null, totpLastStep: null } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
    if (!row) throw new Error(`account ${user.id} was not locked`);
    if (twoFactorSinceNotice) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(trustedDevices).where(eq(trustedDevices.userId, user.id));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, user.id));
    await tx
      .delete(accountTokens)
      .where(
        and(
          eq(accountTokens.userId, user.id),
          or(eq(accountTokens.purpose, 'confirm-email'), gte(accountTokens.createdAt, since)),
        ),
      );
    return row;
  });
}

export async function insertTrustedDevice(
  db: Db,
  userId: number,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
) {
  await db.insert(trustedDevices).values({ tokenHash, userId, createdAt: now, expiresAt });
}

/** The account a device cookie was given to, if it is still valid. */
export async function findTrustedDeviceUser(db: Db, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ userId: trustedDevices.userId })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.tokenHash, tokenHash), gt(trustedDevices.expiresAt, now)));
  return row?.userId ?? null;
}

export async function insertLoginChallenge(db: Db, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(loginChallenges).values({ tokenHash, userId, expiresAt });
}

export async function findLoginChallenge(db: Db, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(and(eq(loginChallenges.tokenHash, tokenHash), gt(loginChallenges.expiresAt, now)));
  return row?.userId ?? null;
}

export async function deleteLoginChallenge(db: Db, tokenHash: string): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.tokenHash, tokenHash));
}

export async function replaceRecoveryCodes(db: Db, userId: number, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (codeHashes.length) {
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

export async function consumeRecoveryCode(db: Db, userId: number, codeHash: string, now: Date) {
  const [row] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return Boolean(row);
}

/**
 * Deletion erases every personal field and everything kept for the person alone; the row stays
 * (anonymous) because orders point at it and must be kept for the tax records.
 */
export async function anonymiseUser(db: Db, user: UserRow, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        email: null,
        passwordHash: null,
        firstName: '',
        lastName: '',
        phone: null,
        country: null,
        fiscalCode: null,
        referral: null,
        facebookId: null,
        adultConfirmedAt: null,
        termsAcceptedAt: null,
        preferredActivityIds: [],
        preferredRegionIds: [],
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        totpPendingSecret: null,
        updatedAt: now,
        deletedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(trustedDevices).where(eq(trustedDevices.userId, user.id));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, user.id));
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await tx.delete(contactMessages).where(eq(contactMessages.userId, user.id));
    const subscriber = user.email
      ? or(eq(newsletterSubscriptions.userId, user.id), eq(newsletterSubscriptions.email, user.email))
      : eq(newsletterSubscriptions.userId, user.id);
    await tx.delete(newsletterSubscriptions).where(subscriber);
  });
}

/** Everything stored about a member, for the data download. */
export async function findPersonalData(db: Db, user: UserRow) {
  const [sessionRows, newsletterRows, contactRows] = await Promise.all([
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(eq(sessions.userId, user.id)),
    db
      .select({
        email: newsletterSubscriptions.email,
        status: newsletterSubscriptions.status,
        requestedAt: newsletterSubscriptions.requestedAt,
        consentedAt: newsletterSubscriptions.consentedAt,
        unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
      })
      .from(newsletterSubscriptions)
      .where(
        user.email
          ? or(eq(newsletterSubscriptions.userId, user.id), eq(newsletterSubscriptions.email, user.email))
          : eq(newsletterSubscriptions.userId, user.id),
      ),
    db
      .select({
        fullName: contactMessages.fullName,
        email: contactMessages.email,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(eq(contactMessages.userId, user.id)),
  ]);
  return { sessions: sessionRows, newsletter: newsletterRows, contactMessages: contactRows };
}
