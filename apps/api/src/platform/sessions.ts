import { createHash, randomBytes } from 'node:crypto';
import { SIGNED_IN_COOKIE } from '@sentiero/contract/session-hint';
import type { Db } from '@sentiero/db/client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { readThrough } from './member-cache.ts';
import {
  deleteMemberSessions,
  deleteSession,
  findLiveSession,
  insertSession,
  slideSession,
} from './sessions-repo.ts';

/** The member a request was made by, as the session cookie tells, and when that session ends. */
export type SessionUser = { id: number; tokenHash: string; expiresAt: Date };

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored hashed: a leaked table opens no session and no reset link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * `__Host-` in production: the browser then refuses the cookie unless it is Secure, set by this
 * host itself and for the whole path, so a sibling subdomain cannot plant a session.
 */
export function sessionCookieName(config: Config): string {
  return config.env === 'production' ? '__Host-sentiero_session' : 'sentiero_session';
}

export function cookieOptions(config: Config, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly: true,
    secure: config.env === 'production',
    sameSite: 'lax' as const,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a session used at `now` ends: the idle lifetime from now, but never past the absolute
 * lifetime from its login, so a stolen token cannot be kept alive by using it.
 */
export function sessionExpiry(config: Config, createdAt: Date, now: Date): Date {
  return new Date(
    Math.min(
      now.getTime() + config.sessionDays * DAY_MS,
      createdAt.getTime() + config.sessionMaxDays * DAY_MS,
    ),
  );
}

/** Starts a session: always a new token, so a token planted before login is worthless. */
export async function startSession(
  db: Db,
  config: Config,
  reply: FastifyReply,
  userId: number,
  now: Date,
): Promise<void> {
  const token = newToken();
  const expiresAt = sessionExpiry(config, now, now);
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  const maxAgeSeconds = Math.round((expiresAt.getTime() - now.getTime()) / 1000);
  reply.setCookie(sessionCookieName(config), token, cookieOptions(config, maxAgeSeconds));
  setSignedInHint(config, reply, maxAgeSeconds);
}

/** The script-readable hint that this browser has a session (see SIGNED_IN_COOKIE), as long as it lasts. */
export function setSignedInHint(config: Config, reply: FastifyReply, maxAgeSeconds: number): void {
  reply.setCookie(SIGNED_IN_COOKIE, '1', { ...cookieOptions(config, maxAgeSeconds), httpOnly: false });
}

export function hasSignedInHint(request: FastifyRequest): boolean {
  return request.cookies[SIGNED_IN_COOKIE] !== undefined;
}

/** Ends the session in this browser: the session cookie and the hint go together. */
export function clearSessionCookie(config: Config, reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(config), cookieOptions(config));
  reply.clearCookie(SIGNED_IN_COOKIE, { ...cookieOptions(config), httpOnly: false });
}

/** The member of a request, or null for visitors, expired sessions and deleted accounts. */
export async function findSessionUser(
  db: Db,
  config: Config,
  request: FastifyRequest,
  now: Date,
): Promise<SessionUser | null> {
  const token = request.cookies[sessionCookieName(config)];
  if (!token || token.length > 128) return null;
  const tokenHash = hashToken(token);
  // Kept in memory while it lasts (see member-cache.ts); its expiry is checked on every call.
  const row = await readThrough(
    db,
    `session:${tokenHash}`,
    () => findLiveSession(db, tokenHash, now),
    (session) => session.id,
  );
  if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
  // A session in use slides forward, written at most once a day, up to its absolute lifetime.
  if (now.getTime() - row.lastSeenAt.getTime() > DAY_MS) {
    const expiresAt = sessionExpiry(config, row.createdAt, now);
    await slideSession(db, tokenHash, now, expiresAt);
    return { id: row.id, tokenHash, expiresAt };
  }
  return { id: row.id, tokenHash, expiresAt: row.expiresAt };
}

export async function endSession(db: Db, tokenHash: string): Promise<void> {
  await deleteSession(db, tokenHash);
}

/** Password changes and deletions end every session of the member, on every device. */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await deleteMemberSessions(db, userId);
}
