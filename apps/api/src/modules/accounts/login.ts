import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { renderMail } from '../../platform/mail-templates.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { countHit, readHits } from '../../platform/rate-limits.ts';
import { hashToken, newToken } from '../../platform/sessions.ts';
import {
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  totpUri,
  verifyTotp,
} from '../../platform/totp.ts';
import {
  consumeRecoveryCode,
  consumeResetToken,
  deleteLoginChallenge,
  findLoginChallenge,
  findUserByEmail,
  findUserById,
  insertLoginChallenge,
  insertResetToken,
  replaceRecoveryCodes,
  type UserRow,
  updateUser,
} from './repo.ts';
import { requireMemberRow, type SessionCookies, toUser } from './service.ts';

const HOUR_MS = 60 * 60 * 1000;
/** DESIGN: no more than 100 failed logins per account per hour. */
export const FAILED_LOGINS_PER_HOUR = 100;
/** Recovery mails per address per hour: enough for a lost mail, too few to flood an inbox. */
const RECOVERY_MAILS_PER_HOUR = 5;
const RESET_LINK_MINUTES = 60;
const CHALLENGE_MINUTES = 5;
/** Codes that may be tried for one password entry. */
const CODE_ATTEMPTS = 5;

/** Carries a pending two-factor login between the password step and the code step. */
export type ChallengeCookie = {
  set(token: string, maxAgeSeconds: number): void;
  read(): string | undefined;
  clear(): void;
};

const failuresKey = (email: string) => `login-failures:${email}`;

export async function logIn(
  ctx: ServiceContext,
  cookies: SessionCookies,
  challenge: ChallengeCookie,
  input: { email: string; password: string },
) {
  const now = ctx.clock.now();
  // Counted per address whether or not it has an account, so the limit reveals nothing.
  if ((await readHits(ctx.db, failuresKey(input.email), now)) >= FAILED_LOGINS_PER_HOUR) {
    throw new AppError('RATE_LIMITED', 429);
  }
  const row = await findUserByEmail(ctx.db, input.email);
  if (!row || !(await verifyPassword(row.passwordHash ?? null, input.password))) {
    await countHit(ctx.db, failuresKey(input.email), HOUR_MS, now);
    throw new AppError('INCORRECT_LOGIN', 401);
  }
  if (row.totpEnabledAt) {
    const token = newToken();
    await insertLoginChallenge(
      ctx.db,
      row.id,
      hashToken(token),
      new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
    );
    challenge.set(token, CHALLENGE_MINUTES * 60);
    return { user: null, two_factor_required: true };
  }
  await cookies.start(row.id);
  return { user: await toUser(ctx, row), two_factor_required: false };
}

export async function logInWithCode(
  ctx: ServiceContext,
  cookies: SessionCookies,
  challenge: ChallengeCookie,
  code: string,
) {
  const now = ctx.clock.now();
  const token = challenge.read();
  const tokenHash = token ? hashToken(token) : null;
  const userId = tokenHash ? await findLoginChallenge(ctx.db, tokenHash, now) : null;
  const row = userId === null ? undefined : await findUserById(ctx.db, userId);
  if (!tokenHash || !row?.totpSecret) {
    challenge.clear();
    throw new AppError('LOGIN_FAILED', 401);
  }
  if (!(await acceptSecondFactor(ctx, row, code, now))) {
    await countHit(ctx.db, failuresKey(row.email ?? ''), HOUR_MS, now);
    // A mistyped code may be typed again, a few times; then the password is asked again.
    const { hits } = await countHit(ctx.db, `challenge:${tokenHash}`, CHALLENGE_MINUTES * 60_000, now);
    if (hits >= CODE_ATTEMPTS) {
      await deleteLoginChallenge(ctx.db, tokenHash);
      challenge.clear();
    }
    throw new AppError('INVALID_CODE', 401, { code: 'invalidCode' });
  }
  await deleteLoginChallenge(ctx.db, tokenHash);
  challenge.clear();
  await cookies.start(row.id);
  return { user: await toUser(ctx, row) };
}

/** An authenticator code (never the same time step twice) or an unused recovery code. */
async function acceptSecondFactor(ctx: ServiceContext, row: UserRow, code: string, now: Date) {
  if (!row.totpSecret) return false;
  if (/^\d{6}$/.test(code)) {
    const step = verifyTotp(row.totpSecret, code, now, row.totpLastStep);
    if (step === null) return false;
    await updateUser(ctx.db, row.id, { totpLastStep: step });
    return true;
  }
  return consumeRecoveryCode(ctx.db, row.id, hashRecoveryCode(code), now);
}

export async function changePassword(
  ctx: ServiceContext,
  cookies: SessionCookies,
  input: { old_password: string; new_password: string },
) {
  const row = await requireMemberRow(ctx);
  if (!(await verifyPassword(row.passwordHash, input.old_password)))
    throw new AppError('PASSWORDS_ERROR', 400);
  await updateUser(ctx.db, row.id, {
    passwordHash: await hashPassword(input.new_password),
    updatedAt: ctx.clock.now(),
  });
  // SPEC section 4: a password change logs the member out, here and on every other device.
  await cookies.endAll(row.id);
  return { ok: true as const };
}

export async function sendPasswordRecovery(ctx: ServiceContext, email: string) {
  const now = ctx.clock.now();
  const { hits } = await countHit(ctx.db, `recovery:${email}`, HOUR_MS, now);
  if (hits > RECOVERY_MAILS_PER_HOUR) throw new AppError('RATE_LIMITED', 429);
  const row = await findUserByEmail(ctx.db, email);
  // The same answer for unknown addresses: the form must not tell who has an account.
  if (!row?.email) return { ok: true as const };
  const token = newToken();
  await insertResetToken(
    ctx.db,
    row.id,
    hashToken(token),
    now,
    new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
  );
  await ctx.mail.send({
    to: row.email,
    ...renderMail(
      'passwordRecovery',
      ctx.lang,
      {
        firstname: row.firstName,
        resetUrl: `${ctx.origin}/reset-password?token=${encodeURIComponent(token)}`,
        validMinutes: RESET_LINK_MINUTES,
      },
      ctx.config.brand,
    ),
  });
  return { ok: true as const };
}

export async function resetPassword(
  ctx: ServiceContext,
  cookies: SessionCookies,
  input: { token: string; password: string },
) {
  const now = ctx.clock.now();
  const userId = await consumeResetToken(ctx.db, hashToken(input.token), now);
  const row = userId === null ? undefined : await findUserById(ctx.db, userId);
  if (!row) throw new AppError('TOKEN_INVALID', 400);
  await updateUser(ctx.db, row.id, { passwordHash: await hashPassword(input.password), updatedAt: now });
  await cookies.endAll(row.id);
  return { ok: true as const };
}

export async function startTwoFactorSetup(ctx: ServiceContext) {
  const row = await requireMemberRow(ctx);
  const secret = generateTotpSecret();
  // Stored but not active until a first code proves the app has it.
  await updateUser(ctx.db, row.id, { totpSecret: secret, totpEnabledAt: null, totpLastStep: null });
  return { secret, uri: totpUri({ secret, account: row.email ?? String(row.id), issuer: ctx.config.brand }) };
}

export async function enableTwoFactor(ctx: ServiceContext, code: string) {
  const row = await requireMemberRow(ctx);
  const now = ctx.clock.now();
  const step = row.totpSecret ? verifyTotp(row.totpSecret, code, now, row.totpLastStep) : null;
  if (step === null) throw new AppError('INVALID_CODE', 400, { code: 'invalidCode' });
  const recoveryCodes = generateRecoveryCodes();
  await replaceRecoveryCodes(ctx.db, row.id, recoveryCodes.map(hashRecoveryCode));
  await updateUser(ctx.db, row.id, { totpEnabledAt: now, totpLastStep: step, updatedAt: now });
  return { recovery_codes: recoveryCodes };
}

export async function disableTwoFactor(ctx: ServiceContext, password: string) {
  const row = await requireMemberRow(ctx);
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw new AppError('INVALID_PASSWORD', 400, { password: 'wrongPassword' });
  }
  await replaceRecoveryCodes(ctx.db, row.id, []);
  await updateUser(ctx.db, row.id, {
    totpSecret: null,
    totpEnabledAt: null,
    totpLastStep: null,
    updatedAt: ctx.clock.now(),
  });
  return { ok: true as const };
}
