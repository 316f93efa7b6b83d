import type { twoFactorDisable } from '@sentiero/contract/accounts';
import type { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { countHit, readHits } from '../../platform/rate-limits-repo.ts';
import { hashRecoveryCode, verifyTotp } from '../../platform/totp.ts';
import { consumeRecoveryCode, type UserRow, updateUser } from './repo.ts';

const HOUR_MS = 60 * 60 * 1000;
/**
 * Wrong passwords or codes typed to confirm a change, per account and hour. Whoever holds a
 * stolen session must not get to guess the password through these forms: a few mistypes are
 * allowed, a guessing run is not. Counted apart from the login's limit, which it cannot lock.
 */
const WRONG_PROOFS_PER_HOUR = 10;

/** What a member sends to prove they are at the keyboard: the password, or an authenticator code. */
export type Proof = Pick<z.output<typeof twoFactorDisable.input>, 'password' | 'code'>;

/** An authenticator code of the active key, never the same time step twice. */
export async function acceptAuthenticatorCode(ctx: ServiceContext, row: UserRow, code: string, now: Date) {
  if (!row.totpSecret || !row.totpEnabledAt) return false;
  const step = verifyTotp(row.totpSecret, code, now, row.totpLastStep);
  if (step === null) return false;
  await updateUser(ctx.db, row.id, { totpLastStep: step });
  return true;
}

/** At login: an authenticator code or an unused recovery code. */
export async function acceptSecondFactor(ctx: ServiceContext, row: UserRow, code: string, now: Date) {
  if (!row.totpSecret) return false;
  if (/^\d{6}$/.test(code)) return acceptAuthenticatorCode(ctx, row, code, now);
  return consumeRecoveryCode(ctx.db, row.id, hashRecoveryCode(code), now);
}

/**
 * ASVS 6.2.3 / 7.5.1: changing the email, the password or two-factor settings, or deleting the
 * account, asks again for the password (or a fresh code), so a session left open on a shared
 * computer or stolen from a browser is not enough to take the account.
 */
export async function requireRecentAuthentication(ctx: ServiceContext, row: UserRow, proof: Proof) {
  const now = ctx.clock.now();
  const key = `reauth-failures:${row.id}`;
  if (proof.password === undefined && proof.code === undefined) {
    throw new AppError('VALIDATION_FAILED', 400, { password: 'passwordEmpty' });
  }
  if ((await readHits(ctx.db, key, now)) >= WRONG_PROOFS_PER_HOUR) throw new AppError('RATE_LIMITED', 429);
  if (proof.password !== undefined) {
    if (await verifyPassword(row.passwordHash, proof.password)) return;
    await countHit(ctx.db, key, HOUR_MS, now);
    throw new AppError('INVALID_PASSWORD', 400, { password: 'wrongPassword' });
  }
  if (await acceptAuthenticatorCode(ctx, row, proof.code ?? '', now)) return;
  await countHit(ctx.db, key, HOUR_MS, now);
  throw new AppError('INVALID_CODE', 400, { code: 'invalidCode' });
}
