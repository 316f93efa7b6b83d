import { type Grant, isSentieroRole, isStaffRole } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { hashToken, newToken } from './sessions.ts';
import {
  deleteStaffSession,
  findLiveStaffSession,
  findStaffGrants,
  insertStaffSession,
  updateStaffSession,
} from './staff-sessions-repo.ts';

/**
 * The console's sessions (ADR 028): apart from members' (their own cookie and table), short, and
 * worth nothing but the second factor's step until a code was accepted.
 */

const MINUTE_MS = 60_000;
/** DESIGN: a staff session ends 12 hours after its login, or after 30 minutes unused. */
export const STAFF_SESSION_MAX_MS = 12 * 60 * MINUTE_MS;
export const STAFF_SESSION_IDLE_MS = 30 * MINUTE_MS;
/** A session in use is written at most this often, so a page's burst of calls is one write. */
const SLIDE_EVERY_MS = MINUTE_MS;

/** The staff member of a request, with what they hold once their second factor was passed. */
export type StaffSession = {
  staffId: number;
  tokenHash: string;
  email: string;
  name: string;
  language: Language;
  /** Whether the account has an authenticator key: without one, enrolling is all it may do. */
  totpEnrolled: boolean;
  /** Null until a code of the authenticator was accepted in this session. */
  twoFactorAt: Date | null;
  /** When the staff member last proved who they are (the login's code counts). */
  reauthenticatedAt: Date | null;
  expiresAt: Date;
  /** The roles held, with their scope; empty while the second factor is pending. */
  grants: Grant[];
};

/** `__Host-` in production, as the member's cookie; Strict: the console is never entered from a link elsewhere. */
export function staffCookieName(config: Config): string {
  return config.env === 'production' ? '__Host-sentiero_staff' : 'sentiero_staff';
}

function staffCookieOptions(config: Config, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly: true,
    secure: config.env === 'production',
    sameSite: 'strict' as const,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

function staffSessionExpiry(createdAt: Date, now: Date): Date {
  return new Date(
    Math.min(now.getTime() + STAFF_SESSION_IDLE_MS, createdAt.getTime() + STAFF_SESSION_MAX_MS),
  );
}

/** Starts a session whose second factor is pending: always a new token. */
export async function startStaffSession(
  db: Db,
  config: Config,
  reply: FastifyReply,
  staffId: number,
  now: Date,
): Promise<void> {
  const token = newToken();
  await insertStaffSession(db, {
    tokenHash: hashToken(token),
    staffId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: staffSessionExpiry(now, now),
  });
  reply.setCookie(staffCookieName(config), token, staffCookieOptions(config, STAFF_SESSION_MAX_MS / 1000));
}

export function clearStaffCookie(config: Config, reply: FastifyReply): void {
  reply.clearCookie(staffCookieName(config), staffCookieOptions(config));
}

export function toGrant(row: {
  role: string;
  operatorId: number | null;
  areaIds: number[] | null;
}): Grant | null {
  if (!isStaffRole(row.role)) return null;
  if (isSentieroRole(row.role)) return { role: row.role, scope: 'everywhere' };
  if (row.operatorId === null) return null;
  return {
    role: row.role,
    scope: { operatorId: row.operatorId, ...(row.areaIds === null ? {} : { areaIds: row.areaIds }) },
  };
}

/** The roles a staff member holds, as the access rule reads them. */
export async function loadStaffGrants(db: Db, staffId: number): Promise<Grant[]> {
  return (await findStaffGrants(db, staffId)).flatMap((grant) => toGrant(grant) ?? []);
}

/** The staff member of a request, or null: no cookie, expired or idle, or a disabled account. */
export async function findStaffSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  now: Date,
): Promise<StaffSession | null> {
  const token = request.cookies[staffCookieName(config)];
  if (!token || token.length > 128) return null;
  const tokenHash = hashToken(token);
  const row = await findLiveStaffSession(db, tokenHash, now);
  if (!row) return null;
  let expiresAt = row.expiresAt;
  if (now.getTime() - row.lastSeenAt.getTime() >= SLIDE_EVERY_MS) {
    expiresAt = staffSessionExpiry(row.createdAt, now);
    await updateStaffSession(db, tokenHash, { lastSeenAt: now, expiresAt });
  }
  const grants = row.twoFactorAt === null ? [] : await loadStaffGrants(db, row.staffId);
  return {
    staffId: row.staffId,
    tokenHash,
    email: row.email,
    name: row.name,
    language: row.language,
    totpEnrolled: row.totpEnabledAt !== null,
    twoFactorAt: row.twoFactorAt,
    reauthenticatedAt: row.reauthenticatedAt,
    expiresAt,
    grants,
  };
}

/** The second factor was passed: the session is complete, and counts as a fresh authentication. */
export async function completeStaffSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await updateStaffSession(db, tokenHash, { twoFactorAt: now, reauthenticatedAt: now });
}

export async function markStaffReauthenticated(db: Db, tokenHash: string, now: Date): Promise<void> {
  await updateStaffSession(db, tokenHash, { reauthenticatedAt: now });
}

export async function endStaffSession(db: Db, tokenHash: string): Promise<void> {
  await deleteStaffSession(db, tokenHash);
}
