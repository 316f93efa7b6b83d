import { permissionsHeld, type StaffRole } from '@sentiero/contract/access';
import type { consoleLogin, consoleReauthenticate } from '@sentiero/contract/console-auth';
import type { z } from 'zod';
import { requireStaffAccess, staffPrincipalOf } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { countHit, readHits } from '../../platform/rate-limits-repo.ts';
import {
  completeStaffSession,
  endStaffSession,
  loadStaffGrants,
  markStaffReauthenticated,
  type StaffSession,
} from '../../platform/staff-sessions.ts';
import { generateTotpSecret, totpUri, verifyTotp } from '../../platform/totp.ts';
import {
  findGrantsWithOperators,
  findStaffByEmail,
  findStaffById,
  type StaffAccountRow,
  updateStaffAccount,
} from './repo.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Wrong passwords per staff address and hour: the console is a smaller door than the shop. */
export const STAFF_FAILED_LOGINS_PER_HOUR = 20;
/** Wrong codes one password entry may be followed by; then the password is asked again. */
const CODE_ATTEMPTS = 5;
/** Wrong proofs typed to re-authenticate, per staff member and hour. */
const WRONG_PROOFS_PER_HOUR = 10;

/** The staff session's cookie, set and cleared by the routes. */
export type StaffCookie = { start(staffId: number): Promise<void>; clear(): void };

export async function logInStaff(
  ctx: ServiceContext,
  cookie: StaffCookie,
  input: z.output<typeof consoleLogin.input>,
) {
  const now = ctx.clock.now();
  const key = `staff-login-failures:${input.email}`;
  if ((await readHits(ctx.db, key, now)) >= STAFF_FAILED_LOGINS_PER_HOUR)
    throw new AppError('RATE_LIMITED', 429);
  const unsafeRow = await findStaffByEmail(ctx.db, input.email);
  // Checked against a decoy hash when there is no account, so the timing tells nothing.
  const passwordMatches = await verifyPassword(unsafeRow?.passwordHash ?? null, input.password);
  if (!unsafeRow || !passwordMatches || unsafeRow.disabledAt) {
    await countHit(ctx.db, key, HOUR_MS, now);
    throw new AppError('INCORRECT_LOGIN', 401);
  }
  await cookie.start(unsafeRow.id);
  return { stage: unsafeRow.totpEnabledAt ? ('code' as const) : ('enrol' as const) };
}

/** A session whose second factor is still to come; only enrolment and the code may use it. */
function requirePendingSession(ctx: ServiceContext): StaffSession {
  if (!ctx.staff) throw new AppError('UNAUTHENTICATED', 401);
  return ctx.staff;
}

async function requireAccount(ctx: ServiceContext, staff: StaffSession): Promise<StaffAccountRow> {
  const row = await findStaffById(ctx.db, staff.staffId);
  if (!row || row.disabledAt) throw new AppError('UNAUTHENTICATED', 401);
  return row;
}

/** A key for an authenticator app, for an account that has none yet; a code of it confirms it. */
export async function startEnrolment(ctx: ServiceContext) {
  const staff = requirePendingSession(ctx);
  if (staff.totpEnrolled) throw new AppError('TWO_FACTOR_ENROLLED', 409);
  const secret = generateTotpSecret();
  await updateStaffAccount(ctx.db, staff.staffId, { totpSecret: secret });
  return { secret, uri: totpUri({ secret, account: staff.email, issuer: `${ctx.config.brand} Console` }) };
}

/** The code completes the session; for an account being enrolled it also confirms its key. */
export async function submitCode(ctx: ServiceContext, cookie: StaffCookie, code: string) {
  const staff = requirePendingSession(ctx);
  const row = await requireAccount(ctx, staff);
  const now = ctx.clock.now();
  const step = row.totpSecret ? verifyTotp(row.totpSecret, code, now, row.totpLastStep) : null;
  if (step === null) {
    const { hits } = await countHit(ctx.db, `staff-code:${staff.tokenHash}`, HOUR_MS, now);
    if (hits >= CODE_ATTEMPTS) {
      await endStaffSession(ctx.db, staff.tokenHash);
      cookie.clear();
    }
    throw new AppError('INVALID_CODE', 401, { code: 'invalidCode' });
  }
  await updateStaffAccount(ctx.db, row.id, {
    totpLastStep: step,
    ...(row.totpEnabledAt ? {} : { totpEnabledAt: now }),
  });
  await completeStaffSession(ctx.db, staff.tokenHash, now);
  return describeStaff(ctx, { ...staff, twoFactorAt: now, reauthenticatedAt: now, totpEnrolled: true });
}

export async function logOutStaff(ctx: ServiceContext, cookie: StaffCookie) {
  if (ctx.staff) await endStaffSession(ctx.db, ctx.staff.tokenHash);
  cookie.clear();
  return { ok: true as const };
}

/** The staff member, their grants with the operators' names, and what they may do. */
export async function describeStaff(ctx: ServiceContext, staff: StaffSession) {
  const rows = await findGrantsWithOperators(ctx.db, [staff.staffId]);
  // Grants are read again: a session just completed was read before they were due.
  const grants = staff.grants.length > 0 ? staff.grants : await loadStaffGrants(ctx.db, staff.staffId);
  return {
    id: staff.staffId,
    name: staff.name,
    email: staff.email,
    language: staff.language,
    grants: rows.map((row) => ({
      id: row.id,
      role: row.role as StaffRole,
      operator:
        row.operatorId === null
          ? null
          : { id: row.operatorId, slug: row.operatorSlug ?? '', name: row.operatorName ?? '' },
      area_ids: row.areaIds,
    })),
    permissions: permissionsHeld({ kind: 'staff', id: staff.staffId, grants }),
    reauthenticated_at: staff.reauthenticatedAt?.toISOString() ?? null,
    expires_at: staff.expiresAt.toISOString(),
  };
}

export async function currentStaff(ctx: ServiceContext) {
  return describeStaff(ctx, requireStaffAccess(ctx, 'console'));
}

/** Where this browser's staff session stands, for the console to show the right screen. */
export async function staffSessionStage(ctx: ServiceContext) {
  const staff = ctx.staff;
  if (!staff) return { stage: 'none' as const, me: null };
  if (staffPrincipalOf(staff).kind === 'staff')
    return { stage: 'complete' as const, me: await describeStaff(ctx, staff) };
  return { stage: staff.totpEnrolled ? ('code' as const) : ('enrol' as const), me: null };
}

/** The password or a fresh code, recorded on the session for the changes that ask for it. */
export async function reauthenticateStaff(
  ctx: ServiceContext,
  proof: Pick<z.output<typeof consoleReauthenticate.input>, 'password' | 'code'>,
) {
  const staff = requireStaffAccess(ctx, 'console');
  const row = await requireAccount(ctx, staff);
  const now = ctx.clock.now();
  const key = `staff-reauth-failures:${row.id}`;
  if (proof.password === undefined && proof.code === undefined) {
    throw new AppError('VALIDATION_FAILED', 400, { password: 'passwordEmpty' });
  }
  if ((await readHits(ctx.db, key, now)) >= WRONG_PROOFS_PER_HOUR) throw new AppError('RATE_LIMITED', 429);
  let proven = false;
  if (proof.password !== undefined) proven = await verifyPassword(row.passwordHash, proof.password);
  else if (row.totpSecret && row.totpEnabledAt) {
    const step = verifyTotp(row.totpSecret, proof.code ?? '', now, row.totpLastStep);
    if (step !== null) {
      await updateStaffAccount(ctx.db, row.id, { totpLastStep: step });
      proven = true;
    }
  }
  if (!proven) {
    await countHit(ctx.db, key, HOUR_MS, now);
    throw proof.password !== undefined
      ? new AppError('INVALID_PASSWORD', 400, { password: 'wrongPassword' })
      : new AppError('INVALID_CODE', 400, { code: 'invalidCode' });
  }
  await markStaffReauthenticated(ctx.db, staff.tokenHash, now);
  return { reauthenticated_at: now.toISOString() };
}
