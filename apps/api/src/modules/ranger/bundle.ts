import { isDeepStrictEqual } from 'node:util';
import { type Grant, grantsHolding } from '@sentiero/contract/access';
import type { RangerBundleContent } from '@sentiero/contract/ranger';
import { encodeRevokedCodes } from '@sentiero/contract/ranger-field';
import { requireStaffAccess } from '../../platform/access.ts';
import { BUNDLE_FORMAT, type BundleSigner } from '../../platform/bundle-signing.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findBundleAreas, findBundleTickets, findRevokedCodes, findTicketUses } from './bundle-repo.ts';
import { markDeviceSynced } from './devices-repo.ts';

export type BundleDeps = {
  signer: BundleSigner;
  /** The keys that sign tickets, as the phone verifies them. */
  ticketKeys: RangerBundleContent['ticket_keys'];
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The areas a device's ranger guards for its operator, through the grants that hold `field`:
 * every area, or the union of the grants'.
 */
export function assignedAreas(grants: readonly Grant[], operatorId: number): readonly number[] | 'all' {
  const ids = new Set<number>();
  for (const { scope } of grantsHolding(grants, 'field')) {
    if (typeof scope !== 'object' || scope.operatorId !== operatorId) continue;
    if (scope.areaIds === undefined) return 'all';
    for (const id of scope.areaIds) ids.add(id);
  }
  return [...ids];
}

/**
 * The signed bundle (ADR 043): `SB1.` and the payload's JSON text, signed by the bundle key. The
 * payload is built apart from the database so that its size can be measured on any data.
 */
export function signBundle(content: RangerBundleContent, signer: BundleSigner) {
  const payload = JSON.stringify(content);
  return {
    format: BUNDLE_FORMAT,
    key_id: signer.keyId,
    issued_at: content.issued_at,
    expires_at: content.expires_at,
    payload,
    signature: signer.sign(payload),
  } as const;
}

export function bundleContent(parts: {
  deviceId: number;
  now: Date;
  hours: number;
  ticketKeys: RangerBundleContent['ticket_keys'];
  areas: RangerBundleContent['areas'];
  revokedCodes: readonly string[];
  uses: RangerBundleContent['uses'];
}): RangerBundleContent {
  return {
    version: 1,
    device_id: parts.deviceId,
    issued_at: parts.now.toISOString(),
    expires_at: new Date(parts.now.getTime() + parts.hours * HOUR_MS).toISOString(),
    ticket_keys: parts.ticketKeys,
    areas: parts.areas,
    revoked: {
      encoding: 'sorted-delta-leb128',
      count: new Set(parts.revokedCodes).size,
      codes: encodeRevokedCodes(parts.revokedCodes),
    },
    uses: parts.uses,
  };
}

/** What the phone keeps for the ranger's areas (issue 24, item 2); an area not assigned is refused. */
export async function rangerBundle(
  ctx: ServiceContext,
  input: { area_id?: number[] | undefined },
  deps: BundleDeps,
) {
  const device = ctx.device;
  if (!device) throw new AppError('UNAUTHENTICATED', 401);
  const staff = requireStaffAccess(ctx, 'field');
  const assigned = assignedAreas(staff.grants, device.operatorId);
  let areaIds: readonly number[] | 'all' = assigned;
  if (input.area_id && input.area_id.length > 0) {
    const asked = [...new Set(input.area_id)];
    if (assigned !== 'all' && asked.some((id) => !assigned.includes(id))) {
      throw new AppError('RANGER_AREA_NOT_ASSIGNED', 403);
    }
    areaIds = asked;
  }
  const areas = await findBundleAreas(ctx.db, ctx.lang, device.operatorId, areaIds);
  // Asked for an area of all the operator's that is not the operator's: as not assigned.
  if (areaIds !== 'all' && !isDeepStrictEqual(areas.map((area) => area.id).sort(), [...areaIds].sort())) {
    throw new AppError('RANGER_AREA_NOT_ASSIGNED', 403);
  }
  const now = ctx.clock.now();
  // A day's margin covers every time zone: a ticket still valid somewhere today stays listed.
  const fromDay = new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
  const ids = areas.map((area) => area.id);
  const [revokedCodes, uses, ticketsByArea] = await Promise.all([
    findRevokedCodes(ctx.db, ids, fromDay),
    findTicketUses(ctx.db, ids, fromDay),
    findBundleTickets(ctx.db, ctx.lang, ids),
  ]);
  await markDeviceSynced(ctx.db, device.deviceId, now);
  return signBundle(
    bundleContent({
      deviceId: device.deviceId,
      now,
      hours: ctx.config.rangerBundleHours,
      ticketKeys: deps.ticketKeys,
      areas: areas.map((area) => ({
        id: area.id,
        name: area.name,
        time_zone: area.timeZone,
        rules: area.rules,
        limits: area.limits,
        daily_limit_g: area.dailyLimitG,
        growth:
          area.growthLevel === null || area.growthOn === null
            ? null
            : { level: area.growthLevel, observed_on: area.growthOn },
        tickets: ticketsByArea.get(area.id) ?? [],
      })),
      revokedCodes,
      uses: uses.map((row) => [row.code, row.uses] as [string, number]),
    }),
    deps.signer,
  );
}
