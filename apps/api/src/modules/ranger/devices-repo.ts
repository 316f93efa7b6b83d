import type { ListScope } from '@sentiero/contract/access';
import type { Db, Transaction } from '@sentiero/db/client';
import type { DevicePublicJwk } from '@sentiero/db/schema';
import {
  issuedTickets,
  operators,
  rangerChainBreaks,
  rangerDevices,
  staffAccounts,
  ticketRedemptions,
  ticketUseConflicts,
} from '@sentiero/db/schema';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

/** Devices are the operator's: seen by its operator-wide staff, or by Sentiero's (ADR 043). */
function deviceInScope(scope: ListScope): SQL {
  if (scope.everywhere) return sql`true`;
  if (scope.operatorIds.length === 0) return sql`false`;
  return inArray(rangerDevices.operatorId, [...scope.operatorIds]);
}

export async function insertDevice(
  db: Db,
  values: {
    staffId: number;
    operatorId: number;
    label: string;
    publicKey: DevicePublicJwk;
    enrolledAt: Date;
  },
) {
  const [row] = await db.insert(rangerDevices).values(values).returning();
  if (!row) throw new Error('the device was not written');
  return row;
}

const deviceColumns = {
  id: rangerDevices.id,
  label: rangerDevices.label,
  ranger: staffAccounts.name,
  operator: operators.name,
  operatorId: rangerDevices.operatorId,
  enrolledAt: rangerDevices.enrolledAt,
  lastSyncAt: rangerDevices.lastSyncAt,
  revokedAt: rangerDevices.revokedAt,
};
export type DeviceRow = Awaited<ReturnType<typeof findDevice>> & {};

function selectDevices(db: Db | Transaction) {
  return db
    .select(deviceColumns)
    .from(rangerDevices)
    .innerJoin(staffAccounts, eq(staffAccounts.id, rangerDevices.staffId))
    .innerJoin(operators, eq(operators.id, rangerDevices.operatorId));
}

export async function listDevices(db: Db, scope: ListScope) {
  return selectDevices(db)
    .where(deviceInScope(scope))
    .orderBy(sql`${rangerDevices.revokedAt} is not null`, staffAccounts.name, rangerDevices.id)
    .limit(500);
}

export async function findDevice(db: Db | Transaction, id: number) {
  const [row] = await selectDevices(db).where(eq(rangerDevices.id, id));
  return row;
}

/** Revokes once: a second revocation leaves the first one's time and author. */
export async function revokeDevice(tx: Transaction, id: number, by: number, now: Date): Promise<boolean> {
  const revoked = await tx
    .update(rangerDevices)
    .set({ revokedAt: now, revokedBy: by })
    .where(and(eq(rangerDevices.id, id), isNull(rangerDevices.revokedAt)))
    .returning({ id: rangerDevices.id });
  return revoked.length === 1;
}

export async function markDeviceSynced(db: Db | Transaction, id: number, now: Date): Promise<void> {
  await db.update(rangerDevices).set({ lastSyncAt: now }).where(eq(rangerDevices.id, id));
}

const device = alias(rangerDevices, 'device');
const otherDevice = alias(rangerDevices, 'other_device');
const ranger = alias(staffAccounts, 'ranger');
const otherRanger = alias(staffAccounts, 'other_ranger');
const use = alias(ticketRedemptions, 'use');
const otherUse = alias(ticketRedemptions, 'other_use');

/** The uses past a ticket's maximum, newest first, with both devices and rangers. */
export async function listConflicts(db: Db, scope: ListScope) {
  const inScope = scope.everywhere
    ? sql`true`
    : scope.operatorIds.length === 0
      ? sql`false`
      : sql`(${inArray(device.operatorId, [...scope.operatorIds])} or ${inArray(otherDevice.operatorId, [...scope.operatorIds])})`;
  return db
    .select({
      id: ticketUseConflicts.id,
      ticketCode: issuedTickets.code,
      detectedAt: ticketUseConflicts.detectedAt,
      usedAt: use.redeemedAt,
      device: device.label,
      ranger: ranger.name,
      otherUsedAt: otherUse.redeemedAt,
      otherDevice: otherDevice.label,
      otherRanger: otherRanger.name,
    })
    .from(ticketUseConflicts)
    .innerJoin(issuedTickets, eq(issuedTickets.id, ticketUseConflicts.issuedTicketId))
    .innerJoin(use, eq(use.id, ticketUseConflicts.redemptionId))
    .innerJoin(otherUse, eq(otherUse.id, ticketUseConflicts.otherRedemptionId))
    .leftJoin(device, eq(device.id, ticketUseConflicts.deviceId))
    .leftJoin(otherDevice, eq(otherDevice.id, ticketUseConflicts.otherDeviceId))
    .leftJoin(ranger, eq(ranger.id, device.staffId))
    .leftJoin(otherRanger, eq(otherRanger.id, otherDevice.staffId))
    .where(inScope)
    .orderBy(desc(ticketUseConflicts.detectedAt), desc(ticketUseConflicts.id))
    .limit(200);
}

/** Where a device's hash chain did not hold, newest first. */
export async function listChainBreaks(db: Db, scope: ListScope) {
  return db
    .select({
      id: rangerChainBreaks.id,
      device: rangerDevices.label,
      ranger: staffAccounts.name,
      seq: rangerChainBreaks.seq,
      kind: rangerChainBreaks.kind,
      detectedAt: rangerChainBreaks.detectedAt,
    })
    .from(rangerChainBreaks)
    .innerJoin(rangerDevices, eq(rangerDevices.id, rangerChainBreaks.deviceId))
    .innerJoin(staffAccounts, eq(staffAccounts.id, rangerDevices.staffId))
    .where(deviceInScope(scope))
    .orderBy(desc(rangerChainBreaks.detectedAt), desc(rangerChainBreaks.id))
    .limit(200);
}
