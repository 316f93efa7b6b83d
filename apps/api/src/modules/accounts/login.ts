import type { userLogin } from '@sentiero/contract/accounts';
import type { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { countHit, readHits } from '../../platform/rate-limits-repo.ts';
import { hashToken, newToken } from '../../platform/sessions.ts';
import { acceptSecondFactor } from './reauthentication.ts';
import {
  deleteLoginChallenge,
  findLoginChallenge,
  findTrustedDeviceUser,
  findUserByEmail,
  findUserById,
  insertLoginChallenge,
  insertTrustedDevice,
  type UserRow,
} from './repo.ts';
import { type SessionCookies, toUser } from './service.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** DESIGN: no more than 100 failed logins per account per hour (from browsers it does not know). */
export const FAILED_LOGINS_PER_HOUR = 100;
/**
 * A browser the member logged in from before has its own allowance (OWASP's device cookies):
 * enough for someone who mistypes, and spending it locks only that browser.
 */
export const FAILED_LOGINS_PER_DEVICE = 10;
/** A device cookie lasts half a year: trips are seasonal, and a lost phone's cookie should fade. */
const DEVICE_DAYS = 180;
const CHALLENGE_MINUTES = 5;
/** Codes that may be tried for one password entry. */
const CODE_ATTEMPTS = 5;

/** A cookie of the request being answered: the pending two-factor login, or the device cookie. */
export type BrowserCookie = {
  set(token: string, maxAgeSeconds: number): void;
  read(): string | undefined;
  clear(): void;
};
/** Carries a pending two-factor login between the password step and the code step. */
export type ChallengeCookie = BrowserCookie;

export type LoginCookies = { session: SessionCookies; challenge: ChallengeCookie; device: BrowserCookie };

/**
 * Where the failures of this attempt count. A valid device cookie of this very account counts
 * against its own allowance; without one (or with another account's) against the account's
 * untrusted clients, per address whether or not it has an account, so the limit reveals nothing.
 */
async function findFailureCounter(
  ctx: ServiceContext,
  device: BrowserCookie,
  email: string,
  userId: number | null,
) {
  const token = device.read();
  // The lookup runs whenever a cookie is sent, account or not, so its time tells nothing either.
  const owner =
    token && token.length <= 128
      ? await findTrustedDeviceUser(ctx.db, hashToken(token), ctx.clock.now())
      : null;
  if (token && owner !== null && owner === userId) {
    return {
      key: `login-failures:device:${hashToken(token)}`,
      limit: FAILED_LOGINS_PER_DEVICE,
      trusted: true,
    };
  }
  return { key: `login-failures:${email}`, limit: FAILED_LOGINS_PER_HOUR, trusted: false };
}

/** After a successful login the browser is one the account knows, from then on. */
async function rememberDevice(ctx: ServiceContext, device: BrowserCookie, userId: number, trusted: boolean) {
  if (trusted) return;
  const now = ctx.clock.now();
  const token = newToken();
  await insertTrustedDevice(
    ctx.db,
    userId,
    hashToken(token),
    now,
    new Date(now.getTime() + DEVICE_DAYS * DAY_MS),
  );
  device.set(token, DEVICE_DAYS * 24 * 60 * 60);
}

export async function logIn(
  ctx: ServiceContext,
  cookies: LoginCookies,
  input: z.output<typeof userLogin.input>,
) {
  const now = ctx.clock.now();
  const unsafeRow = await findUserByEmail(ctx.db, input.email);
  const counter = await findFailureCounter(ctx, cookies.device, input.email, unsafeRow?.id ?? null);
  if ((await readHits(ctx.db, counter.key, now)) >= counter.limit) throw new AppError('RATE_LIMITED', 429);
  // Checked against a decoy hash when there is no account or no password (Facebook-only), so a
  // wrong address takes as long to refuse as a wrong password and the timing tells nothing.
  const passwordMatches = await verifyPassword(unsafeRow?.passwordHash ?? null, input.password);
  if (!unsafeRow || !passwordMatches) {
    await countHit(ctx.db, counter.key, HOUR_MS, now);
    throw new AppError('INCORRECT_LOGIN', 401);
  }
  const row: UserRow = unsafeRow;
  if (row.totpEnabledAt) {
    const token = newToken();
    await insertLoginChallenge(
      ctx.db,
      row.id,
      hashToken(token),
      new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
    );
    cookies.challenge.set(token, CHALLENGE_MINUTES * 60);
    return { user: null, two_factor_required: true };
  }
  await cookies.session.start(row.id);
  await rememberDevice(ctx, cookies.device, row.id, counter.trusted);
  return { user: await toUser(ctx, row), two_factor_required: false };
}

export async function logInWithCode(ctx: ServiceContext, cookies: LoginCookies, code: string) {
  const now = ctx.clock.now();
  const token = cookies.challenge.read();
  const tokenHash = token ? hashToken(token) : null;
  const userId = tokenHash ? await findLoginChallenge(ctx.db, tokenHash, now) : null;
  const row = userId === null ? undefined : await findUserById(ctx.db, userId);
  if (!tokenHash || !row?.totpSecret) {
    cookies.challenge.clear();
    throw new AppError('LOGIN_FAILED', 401);
  }
  const counter = await findFailureCounter(ctx, cookies.device, row.email ?? '', row.id);
  if (!(await acceptSecondFactor(ctx, row, code, now))) {
    await countHit(ctx.db, counter.key, HOUR_MS, now);
    // A mistyped code may be typed again, a few times; then the password is asked again.
    const { hits } = await countHit(ctx.db, `challenge:${tokenHash}`, CHALLENGE_MINUTES * 60_000, now);
    if (hits >= CODE_ATTEMPTS) {
      await deleteLoginChallenge(ctx.db, tokenHash);
      cookies.challenge.clear();
    }
    throw new AppError('INVALID_CODE', 401, { code: 'invalidCode' });
  }
  await deleteLoginChallenge(ctx.db, tokenHash);
  cookies.challenge.clear();
  await cookies.session.start(row.id);
  await rememberDevice(ctx, cookies.device, row.id, counter.trusted);
  return { user: await toUser(ctx, row) };
}
