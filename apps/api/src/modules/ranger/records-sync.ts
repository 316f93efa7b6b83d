import { decideAccess } from '@sentiero/contract/access';
import { calendarDateIn } from '@sentiero/contract/durations';
import type {
  BasketVerdict,
  FieldGrowthRecord,
  FieldInspectionRecord,
  FieldRecord,
  FieldRecordResult,
  FieldUse,
  FieldUseRecord,
} from '@sentiero/contract/ranger';
import { CHAIN_GENESIS, chainRecordHash } from '@sentiero/contract/ranger-field';
import type { Transaction } from '@sentiero/db/client';
import type { ChainVerdict } from '@sentiero/db/schema';
import { requireStaffAccess, staffPrincipalOf } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { DeviceCaller } from '../../platform/device-requests.ts';
import { AppError } from '../../platform/errors.ts';
import { isRecordableDay, recordFieldObservation } from '../growth/index.ts';
import { markDeviceSynced } from './devices-repo.ts';
import {
  findChainRecordAt,
  findChainRecordByClientId,
  findInspectionByClientId,
  findRecordArea,
  findTicketIdByCode,
  insertChainRecord,
  insertInspection,
  sumDeclaredBaskets,
} from './records-repo.ts';
import {
  countUse,
  findPreviousUse,
  findTicketForUse,
  insertChainBreak,
  insertConflict,
  insertFieldUse,
} from './uses-repo.ts';

/*
 * Everything a ranger's phone recorded offline (issue 24, items 4–7; ADR 043, 047), in the order
 * of the device's one hash chain: uses, inspections, growth. Each record is its own transaction:
 * its place in the chain (`ranger_chain_records`, for every kind, whatever becomes of it), the
 * chain's verdict (a break is flagged, the record kept), then what its kind does.
 */

type Seen = Map<number, { clientId: string; hash: string }>;
type Applied = Pick<FieldRecordResult, 'outcome' | 'conflict' | 'basket'>;
type Step = { tx: Transaction; ctx: ServiceContext; device: DeviceCaller; now: Date };

/**
 * Whether a record sits where its chain says (ADR 043, 047): its hash is the hash of its own
 * content, its `prev_hash` is the hash of the device's record before it (of any kind, received
 * before or earlier in this batch), and no other record holds its place. A predecessor never
 * received is a gap.
 */
async function checkChain(tx: Transaction, deviceId: number, record: FieldRecord, seen: Seen) {
  const own = await chainRecordHash(record);
  if (own !== record.hash) return 'rewrite';
  const samePlace = seen.get(record.seq) ?? (await findChainRecordAt(tx, deviceId, record.seq));
  if (samePlace && samePlace.clientId !== record.client_id) return 'rewrite';
  if (record.seq === 1) return record.prev_hash === CHAIN_GENESIS ? 'ok' : 'rewrite';
  const before = seen.get(record.seq - 1) ?? (await findChainRecordAt(tx, deviceId, record.seq - 1));
  if (!before) return 'gap';
  return before.hash === record.prev_hash ? 'ok' : 'rewrite';
}

export async function syncRecords(
  ctx: ServiceContext,
  input: { records: FieldRecord[] },
): Promise<{ results: FieldRecordResult[] }> {
  const device = ctx.device;
  if (!device) throw new AppError('UNAUTHENTICATED', 401);
  requireStaffAccess(ctx, 'field');
  const now = ctx.clock.now();
  const records = [...input.records].sort((a, b) => a.seq - b.seq);
  const seen: Seen = new Map();
  const results: FieldRecordResult[] = [];
  for (const record of records) {
    results.push(await ctx.db.transaction((tx) => syncRecord({ tx, ctx, device, now }, record, seen)));
  }
  await markDeviceSynced(ctx.db, device.deviceId, now);
  return { results };
}

async function syncRecord(step: Step, record: FieldRecord, seen: Seen): Promise<FieldRecordResult> {
  const { tx, device, now } = step;
  const answer = (chain: ChainVerdict, applied: Applied): FieldRecordResult => ({
    client_id: record.client_id,
    kind: record.kind,
    chain,
    ...applied,
  });
  const known = await findChainRecordByClientId(tx, device.deviceId, record.client_id);
  if (known) {
    seen.set(record.seq, { clientId: record.client_id, hash: record.hash });
    // The same record again is a retry; the same id with other content rewrote it.
    const chain: ChainVerdict = known.hash === record.hash ? 'ok' : 'rewrite';
    if (chain === 'rewrite') await flag(step, record, chain);
    return answer(chain, await duplicateOf(step, record));
  }
  const chain = await checkChain(tx, device.deviceId, record, seen);
  seen.set(record.seq, { clientId: record.client_id, hash: record.hash });
  const placed = await insertChainRecord(tx, {
    deviceId: device.deviceId,
    seq: record.seq,
    clientId: record.client_id,
    kind: record.kind,
    prevHash: record.prev_hash,
    recordHash: record.hash,
    deviceTime: new Date(record.device_time),
    receivedAt: now,
    chain,
  });
  // Sent twice at once: the other request placed it while this one waited.
  if (placed === 'known') return answer('ok', await duplicateOf(step, record));
  if (chain !== 'ok') await flag(step, record, chain);
  if (record.kind === 'use') return answer(chain, await applyUse(step, record));
  if (record.kind === 'inspection') return answer(chain, await applyInspection(step, record));
  return answer(chain, await applyGrowth(step, record));
}

const nothing = { conflict: false, basket: null } as const;

async function duplicateOf(step: Step, record: FieldRecord): Promise<Applied> {
  if (record.kind !== 'inspection') return { outcome: 'duplicate', ...nothing };
  const stored = await findInspectionByClientId(step.tx, step.device.deviceId, record.client_id);
  return { outcome: 'duplicate', conflict: false, basket: stored ? basketOf(stored) : null };
}

function basketOf(row: {
  basketG: number | null;
  limitG: number | null;
  declaredTodayG: number | null;
  over: boolean | null;
}): BasketVerdict | null {
  if (row.basketG === null) return null;
  return {
    limit_g: row.limitG,
    declared_today_g: row.declaredTodayG ?? row.basketG,
    over: row.over ?? false,
  };
}

function flag(step: Step, record: FieldRecord, kind: 'gap' | 'rewrite') {
  return insertChainBreak(step.tx, {
    deviceId: step.device.deviceId,
    seq: record.seq,
    kind,
    clientId: record.client_id,
    detectedAt: step.now,
  });
}

/** Whether the device's ranger guards the area: the `field` grant over it. */
function guards(device: DeviceCaller, area: { operatorId: number; id: number }): boolean {
  return decideAccess(staffPrincipalOf(device.staff), 'field', {
    operatorId: area.operatorId,
    areaId: area.id,
  }).allowed;
}

/**
 * A use counted once, kept past the ticket's maximum with a conflict naming both devices (ADR
 * 043). A code of no ticket counts nothing; a ticket of an area the ranger does not guard is refused.
 */
async function applyUse(step: Step, use: FieldUseRecord): Promise<Applied> {
  const { tx, device, now } = step;
  const ticket = await findTicketForUse(tx, use.ticket_code);
  if (!ticket) return { outcome: 'unknown_ticket', ...nothing };
  if (!decideAccess(staffPrincipalOf(device.staff), 'field', ticket).allowed) {
    return { outcome: 'refused', ...nothing };
  }
  const redemptionId = await insertFieldUse(tx, {
    issuedTicketId: ticket.id,
    redeemedAt: new Date(use.device_time),
    receivedAt: now,
    deviceId: device.deviceId,
    staffId: device.staff.staffId,
    clientId: use.client_id,
    latitude: use.latitude,
    longitude: use.longitude,
    chainSeq: use.seq,
    prevHash: use.prev_hash,
    recordHash: use.hash,
  });
  if (redemptionId === null) return { outcome: 'duplicate', ...nothing };
  const counted = await countUse(tx, ticket.id);
  const conflict = counted.maxUsage !== null && counted.uses > counted.maxUsage;
  if (conflict) {
    const other = await findPreviousUse(tx, ticket.id, redemptionId);
    if (other) {
      await insertConflict(tx, {
        issuedTicketId: ticket.id,
        redemptionId,
        otherRedemptionId: other.id,
        deviceId: device.deviceId,
        otherDeviceId: other.deviceId,
        detectedAt: now,
      });
    }
  }
  return { outcome: 'recorded', conflict, basket: null };
}

/**
 * An inspection (issue 24, item 5), with its basket judged against the area's daily limit: what
 * the same ticket's holder declared there that day (the area's calendar), on any device whose
 * records arrived, plus this basket. Without a permit there is no holder to add up: the basket alone.
 */
async function applyInspection(step: Step, inspection: FieldInspectionRecord): Promise<Applied> {
  const { tx, device, now } = step;
  const area = await findRecordArea(tx, inspection.area_id);
  if (!area || !guards(device, area)) return { outcome: 'refused', ...nothing };
  const deviceTime = new Date(inspection.device_time);
  const day = calendarDateIn(area.timeZone, deviceTime);
  const ticketCode = inspection.ticket_code === null ? null : inspection.ticket_code.trim().toUpperCase();
  let basket: BasketVerdict | null = null;
  if (inspection.basket_g !== null) {
    const before =
      ticketCode === null ? 0 : await sumDeclaredBaskets(tx, { areaId: area.id, ticketCode, day });
    const declared = before + inspection.basket_g;
    basket = {
      limit_g: area.dailyLimitG,
      declared_today_g: declared,
      over: area.dailyLimitG !== null && declared > area.dailyLimitG,
    };
  }
  const id = await insertInspection(tx, {
    deviceId: device.deviceId,
    staffId: device.staff.staffId,
    operatorId: device.operatorId,
    areaId: area.id,
    clientId: inspection.client_id,
    ticketCode,
    issuedTicketId: ticketCode === null ? null : await findTicketIdByCode(tx, ticketCode),
    outcome: inspection.outcome,
    note: inspection.note,
    basketG: inspection.basket_g,
    limitG: basket?.limit_g ?? null,
    declaredTodayG: basket?.declared_today_g ?? null,
    over: basket?.over ?? null,
    photoHashes: [...new Set(inspection.photo_hashes)],
    observedOn: day,
    deviceTime,
    receivedAt: now,
    latitude: inspection.latitude,
    longitude: inspection.longitude,
  });
  if (id === null) return duplicateOf(step, inspection);
  return { outcome: 'recorded', conflict: false, basket };
}

/**
 * A growth level seen in an area (issue 24, item 6): the ranger's observation of that area and
 * day (ADR 040). A day the growth table no longer shows (more than 13 days back) is refused.
 */
async function applyGrowth(step: Step, growth: FieldGrowthRecord): Promise<Applied> {
  const { tx, ctx, device, now } = step;
  const area = await findRecordArea(tx, growth.area_id);
  if (!area || !guards(device, area)) return { outcome: 'refused', ...nothing };
  const at = new Date(growth.device_time);
  const today = calendarDateIn(area.timeZone, now);
  // A phone whose clock runs ahead past midnight saw it today.
  const day = [calendarDateIn(area.timeZone, at), today].sort()[0] as string;
  if (!isRecordableDay(day, today)) return { outcome: 'refused', ...nothing };
  await recordFieldObservation(tx, ctx, device.staff, {
    areaId: area.id,
    operatorId: area.operatorId,
    day,
    level: growth.level,
    species: growth.species,
    at,
    now,
    deviceId: device.deviceId,
  });
  return { outcome: 'recorded', ...nothing };
}

/**
 * The uses-only form (`/ranger/uses`, ADR 043), through the same path: a use refused for an area
 * the ranger does not guard answers `unknown_ticket`, as it always did.
 */
export async function syncUses(ctx: ServiceContext, input: { uses: FieldUse[] }) {
  const { results } = await syncRecords(ctx, {
    records: input.uses.map((use) => ({ kind: 'use' as const, ...use })),
  });
  return {
    results: results.map((result) => ({
      client_id: result.client_id,
      outcome: result.outcome === 'refused' ? ('unknown_ticket' as const) : result.outcome,
      conflict: result.conflict,
      chain: result.chain,
    })),
  };
}
