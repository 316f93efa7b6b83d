import type { Db } from '@sentiero/db/client';
import { rangerDeviceNonces, rangerDevices, staffAccounts } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';

/** A device with its ranger, as the door of its signed requests reads it (ADR 043). */
export async function findDeviceWithRanger(db: Db, deviceId: number) {
  const [row] = await db
    .select({
      id: rangerDevices.id,
      staffId: rangerDevices.staffId,
      operatorId: rangerDevices.operatorId,
      publicKey: rangerDevices.publicKey,
      enrolledAt: rangerDevices.enrolledAt,
      revokedAt: rangerDevices.revokedAt,
      email: staffAccounts.email,
      name: staffAccounts.name,
      language: staffAccounts.language,
      disabledAt: staffAccounts.disabledAt,
    })
    .from(rangerDevices)
    .innerJoin(staffAccounts, eq(staffAccounts.id, rangerDevices.staffId))
    .where(eq(rangerDevices.id, deviceId));
  return row;
}

/** False when the device already used this nonce: the request is a replay. */
export async function recordDeviceNonce(
  db: Db,
  deviceId: number,
  nonce: string,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insert(rangerDeviceNonces)
    .values({ deviceId, nonce, seenAt: now })
    .onConflictDoNothing()
    .returning({ nonce: rangerDeviceNonces.nonce });
  return inserted.length === 1;
}

export async function touchDevice(db: Db, deviceId: number, now: Date): Promise<void> {
  await db.update(rangerDevices).set({ lastSeenAt: now }).where(eq(rangerDevices.id, deviceId));
}
