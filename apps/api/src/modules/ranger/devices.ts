import { createPublicKey } from 'node:crypto';
import { grantsHolding } from '@sentiero/contract/access';
import type { DevicePublicJwk } from '@sentiero/db/schema';
import { requireStaffAccess, staffListScope } from '../../platform/access.ts';
import { auditStaffChange } from '../../platform/audit.ts';
import type { BundleSigner } from '../../platform/bundle-signing.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  type DeviceRow,
  findDevice,
  insertDevice,
  listChainBreaks,
  listConflicts,
  listDevices,
  revokeDevice,
} from './devices-repo.ts';

/** A point of the P-256 curve, or a 400: a key that is not one could never verify a request. */
function requireP256Key(key: DevicePublicJwk): DevicePublicJwk {
  try {
    const parsed = createPublicKey({ key, format: 'jwk' });
    if (parsed.asymmetricKeyType === 'ec' && parsed.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
      return { kty: 'EC', crv: 'P-256', x: key.x, y: key.y };
    }
  } catch {
    // Answered below as any other key that is not a P-256 point.
  }
  throw new AppError('VALIDATION_FAILED', 400, { public_key: 'invalid' });
}

/**
 * A ranger enrols the phone they hold (issue 24, item 1): from a console session whose second
 * factor was passed, for the operator of their ranger grant. The phone keeps its private key;
 * the server keeps the public half and answers the key that will sign the phone's bundles.
 */
export async function enrolDevice(
  ctx: ServiceContext,
  input: { label: string; public_key: DevicePublicJwk },
  signer: BundleSigner,
) {
  const staff = requireStaffAccess(ctx, 'field.enrol');
  const grant = grantsHolding(staff.grants, 'field.enrol').find((held) => typeof held.scope === 'object');
  if (!grant || typeof grant.scope !== 'object') throw new AppError('FORBIDDEN', 403);
  const publicKey = requireP256Key(input.public_key);
  const now = ctx.clock.now();
  const device = await ctx.db.transaction(async (tx) => {
    const row = await insertDevice(tx, {
      staffId: staff.staffId,
      operatorId: (grant.scope as { operatorId: number }).operatorId,
      label: input.label,
      publicKey,
      enrolledAt: now,
    });
    await auditStaffChange(tx, ctx, staff, {
      operatorId: row.operatorId,
      action: 'device.enrol',
      targetType: 'ranger_device',
      targetId: row.id,
      changes: { label: [null, row.label] },
    });
    return row;
  });
  return {
    device_id: device.id,
    enrolled_at: device.enrolledAt.toISOString(),
    bundle_key: { key_id: signer.keyId, alg: 'Ed25519' as const, x: signer.publicKeyRaw },
  };
}

function toDevice(row: DeviceRow) {
  return {
    id: row.id,
    label: row.label,
    ranger: row.ranger,
    operator: row.operator,
    enrolled_at: row.enrolledAt.toISOString(),
    last_sync_at: row.lastSyncAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** The console's page of rangers' devices: the devices, the conflicts, the broken chains. */
export async function listRangerDevices(ctx: ServiceContext) {
  requireStaffAccess(ctx, 'devices.manage');
  const scope = staffListScope(ctx, 'devices.manage');
  const [devices, conflicts, breaks] = [
    await listDevices(ctx.db, scope),
    await listConflicts(ctx.db, scope),
    await listChainBreaks(ctx.db, scope),
  ];
  const name = (value: string | null) => value ?? '—';
  return {
    devices: devices.map(toDevice),
    conflicts: conflicts.map((row) => ({
      id: row.id,
      ticket_code: row.ticketCode,
      detected_at: row.detectedAt.toISOString(),
      used_at: row.usedAt.toISOString(),
      device: name(row.device),
      ranger: name(row.ranger),
      other_used_at: row.otherUsedAt.toISOString(),
      other_device: name(row.otherDevice),
      other_ranger: name(row.otherRanger),
    })),
    chain_breaks: breaks.map((row) => ({
      id: row.id,
      device: row.device,
      ranger: row.ranger,
      seq: row.seq,
      kind: row.kind,
      detected_at: row.detectedAt.toISOString(),
    })),
  };
}

/**
 * Revokes a device at once (owner or manager of its operator): its next signed request is
 * refused. Another operator's device answers 404, as one that does not exist.
 */
export async function revokeRangerDevice(ctx: ServiceContext, input: { id: number }) {
  requireStaffAccess(ctx, 'devices.manage');
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const device = await findDevice(tx, input.id);
    if (!device) throw notFound();
    let staff: ReturnType<typeof requireStaffAccess>;
    try {
      staff = requireStaffAccess(ctx, 'devices.manage', { operatorId: device.operatorId });
    } catch {
      throw notFound();
    }
    if (await revokeDevice(tx, device.id, staff.staffId, now)) {
      await auditStaffChange(tx, ctx, staff, {
        operatorId: device.operatorId,
        action: 'device.revoke',
        targetType: 'ranger_device',
        targetId: device.id,
        changes: { revoked_at: [null, now.toISOString()] },
      });
    }
    const after = await findDevice(tx, device.id);
    if (!after) throw notFound();
    return { device: toDevice(after) };
  });
}
