import { DEVICE_REQUEST_WINDOW_SECONDS } from '@sentiero/contract/ranger-field';
import type { Db } from '@sentiero/db/client';
import { sql } from 'drizzle-orm';

/**
 * Expired sessions, challenges, reset links, account links, device cookies, rate-limit windows and
 * ranger devices' old nonces:
 * nothing of them is needed any more.
 */
export async function purgeExpired(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`delete from sessions where expires_at < ${at}`);
  await db.execute(sql`delete from account_tokens where expires_at < ${at}`);
  await db.execute(sql`delete from trusted_devices where expires_at < ${at}`);
  await db.execute(sql`delete from login_challenges where expires_at < ${at}`);
  await db.execute(sql`delete from password_reset_tokens where expires_at < ${at}`);
  await db.execute(sql`delete from rate_limit_hits where reset_at < ${at}`);
  // A ranger device's nonce matters only while its request's timestamp could still be accepted.
  const nonceAt = new Date(now.getTime() - 2 * DEVICE_REQUEST_WINDOW_SECONDS * 1000).toISOString();
  await db.execute(sql`delete from ranger_device_nonces where seen_at < ${nonceAt}`);
}
