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
  countUses,
  findChainRecordsAtSeqs,
  findChainRecordsByClientIds,
  findInspectionByClientId,
  findRecordArea,
  findRecordAreas,
  findTicketIdByCode,
  findTicketsByCodes,
  insertChainBreaks,
  insertChainRecords,
  insertConflicts,
  insertFieldUses,
  insertInspection,
  lockHolders,
  lockTickets,
  sumDeclaredBaskets,
} from './records-repo.ts';

/*
 * Everything a ranger's phone recorded offline (issue 24, items 4–7; ADR 043, 047), in the order
 * of the device's one hash chain: uses, inspections, growth. A batch is one transaction: every
 * record takes its place in the chain (`ranger_chain_records`, for every kind, whatever becomes
 * of it), the chain's verdict is written (a break is flagged, the record kept), then what its
 * kind does. Uses are counted set-based (a few statements for the batch, their tickets locked in
 * the order of their ids), so 500 of them cost about what one did.
 */

type Seen = Map<number, { clientId: string; hash: string }>;
type Applied = Pick<FieldRecordResult, 'outcome' | 'conflict' | 'basket'>;
type Step = { tx: Transaction; ctx: ServiceContext; device: DeviceCaller; now: Date };
type Break = { deviceId: number; seq: number; kind: 'gap' | 'rewrite'; clientId: string; detectedAt: Date };

/**
 * Whether a record sits where its chain says (ADR 043, 047): its hash is the hash of its own
 * content, its `prev_hash` is the hash of the device's record before it (of any kind, received
 * before or earlier in this batch), and no other record holds its place. A predecessor never
 * received is a gap.
 */
function checkChain(record: FieldRecord, own: string, seen: Seen, before: Seen): ChainVerdict {
  if (own !== record.hash) return 'rewrite';
  const samePlace = seen.get(record.seq) ?? before.get(record.seq);
  if (samePlace && samePlace.clientId !== record.client_id) return 'rewrite';
  if (record.seq === 1) return record.prev_hash === CHAIN_GENESIS ? 'ok' : 'rewrite';
  const previous = seen.get(record.seq - 1) ?? before.get(record.seq - 1);
  if (!previous) return 'gap';
  return previous.hash === record.prev_hash ? 'ok' : 'rewrite';
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
  const hashes = await Promise.all(records.map((record) => chainRecordHash(record)));
  const results = await ctx.db.transaction((tx) => syncBatch({ tx, ctx, device, now }, records, hashes));
  await markDeviceSynced(ctx.db, device.deviceId, now);
  return { results };
}

async function syncBatch(step: Step, records: FieldRecord[], hashes: string[]): Promise<FieldRecordResult[]> {
  const { tx, device, now } = step;
  const deviceId = device.deviceId;
  const known = await findChainRecordsByClientIds(
    tx,
    deviceId,
    records.map((record) => record.client_id),
  );
  const places = new Set(records.flatMap((record) => [record.seq, record.seq - 1]));
  const before = await findChainRecordsAtSeqs(
    tx,
    deviceId,
    [...places].filter((seq) => seq > 0),
  );
  const seen: Seen = new Map();
  const inBatch = new Map<string, string>();
  const chains: ChainVerdict[] = [];
  const repeated: boolean[] = [];
  const breaks: Break[] = [];
  records.forEach((record, index) => {
    const earlier = known.get(record.client_id)?.hash ?? inBatch.get(record.client_id);
    let chain: ChainVerdict;
    if (earlier !== undefined) {
      // The same record again is a retry; the same id with other content rewrote it.
      chain = earlier === record.hash ? 'ok' : 'rewrite';
    } else {
      chain = checkChain(record, hashes[index] as string, seen, before);
      inBatch.set(record.client_id, record.hash);
    }
    seen.set(record.seq, { clientId: record.client_id, hash: record.hash });
    chains.push(chain);
    repeated.push(earlier !== undefined);
    if (chain !== 'ok')
      breaks.push({ deviceId, seq: record.seq, kind: chain, clientId: record.client_id, detectedAt: now });
  });
  const fresh = records.flatMap((record, index) =>
    repeated[index] ? [] : [{ record, chain: chains[index] as ChainVerdict }],
  );
  const written = await insertChainRecords(
    tx,
    fresh.map(({ record, chain }) => ({
      deviceId,
      seq: record.seq,
      clientId: record.client_id,
      kind: record.kind,
      prevHash: record.prev_hash,
      recordHash: record.hash,
      deviceTime: new Date(record.device_time),
      receivedAt: now,
      chain,
    })),
  );
  // Not written: sent by another request a moment before (a duplicate), or its place is
  // another record's (a rewrite, already flagged: the record is still kept).
  const raced = await findChainRecordsByClientIds(
    tx,
    deviceId,
    fresh.filter(({ record }) => !written.has(record.client_id)).map(({ record }) => record.client_id),
  );
  await insertChainBreaks(
    tx,
    breaks.filter((item) => !raced.has(item.clientId)),
  );
  const toApply = fresh.map(({ record }) => record).filter((record) => !raced.has(record.client_id));
  const applied = await applyUses(
    step,
    toApply.filter((record): record is FieldUseRecord => record.kind === 'use'),
  );
  const others = toApply.filter((record) => record.kind !== 'use');
  await lockBasketHolders(step, others);
  for (const record of others) {
    applied.set(
      record.client_id,
      record.kind === 'inspection' ? await applyInspection(step, record) : await applyGrowth(step, record),
    );
  }
  const results: FieldRecordResult[] = [];
  for (const [index, record] of records.entries()) {
    const result = repeated[index] ? undefined : applied.get(record.client_id);
    results.push({
      client_id: record.client_id,
      kind: record.kind,
      chain: raced.has(record.client_id) ? 'ok' : (chains[index] as ChainVerdict),
      ...(result ?? (await duplicateOf(step, record))),
    });
  }
  return results;
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

/** Whether the device's ranger guards the area: the `field` grant over it. */
function guards(device: DeviceCaller, area: { operatorId: number; id: number }): boolean {
  return decideAccess(staffPrincipalOf(device.staff), 'field', {
    operatorId: area.operatorId,
    areaId: area.id,
  }).allowed;
}

/**
 * The batch's uses, each counted once and kept past its ticket's maximum with a conflict naming
 * both devices (ADR 043): the tickets are locked in the order of their ids, the uses written in
 * one statement, the counts added in another; the k-th new use of a ticket is past its maximum
 * when the count before the batch plus k is. A code of no ticket counts nothing; a ticket of an
 * area the ranger does not guard is refused.
 */
async function applyUses(step: Step, uses: FieldUseRecord[]): Promise<Map<string, Applied>> {
  const { tx, device, now } = step;
  const answers = new Map<string, Applied>();
  const ticketsByCode = await findTicketsByCodes(tx, [
    ...new Set(uses.map((use) => use.ticket_code.toUpperCase())),
  ]);
  const counted: { use: FieldUseRecord; ticketId: number }[] = [];
  for (const use of uses) {
    const ticket = ticketsByCode.get(use.ticket_code.toUpperCase());
    if (!ticket) answers.set(use.client_id, { outcome: 'unknown_ticket', ...nothing });
    else if (!decideAccess(staffPrincipalOf(device.staff), 'field', ticket).allowed)
      answers.set(use.client_id, { outcome: 'refused', ...nothing });
    else counted.push({ use, ticketId: ticket.id });
  }
  await lockTickets(
    tx,
    [...new Set(counted.map((item) => item.ticketId))].sort((a, b) => a - b),
  );
  const written = await insertFieldUses(
    tx,
    counted.map(({ use, ticketId }) => ({
      issuedTicketId: ticketId,
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
    })),
  );
  const redemptionOf = new Map(written.map((row) => [row.clientId as string, row.id]));
  const added = new Map<number, number>();
  for (const { use, ticketId } of counted) {
    if (redemptionOf.has(use.client_id)) added.set(ticketId, (added.get(ticketId) ?? 0) + 1);
    // Sent twice at once: the other request recorded it while this one waited.
    else answers.set(use.client_id, { outcome: 'duplicate', ...nothing });
  }
  const after = new Map((await countUses(tx, added)).map((row) => [row.id, row]));
  const nth = new Map<number, number>();
  const conflicting: number[] = [];
  for (const { use, ticketId } of counted) {
    const redemptionId = redemptionOf.get(use.client_id);
    const ticket = after.get(ticketId);
    if (redemptionId === undefined || !ticket) continue;
    const k = (nth.get(ticketId) ?? 0) + 1;
    nth.set(ticketId, k);
    const countNow = ticket.uses - (added.get(ticketId) ?? 0) + k;
    const conflict = ticket.maxUsage !== null && countNow > ticket.maxUsage;
    if (conflict) conflicting.push(redemptionId);
    answers.set(use.client_id, { outcome: 'recorded', conflict, basket: null });
  }
  await insertConflicts(tx, conflicting, now);
  return answers;
}

type Holder = { areaId: number; ticketCode: string; day: string };

/** The holders whose baskets the batch adds up, locked at once in one order (ADR 047). */
async function lockBasketHolders(step: Step, records: FieldRecord[]) {
  const inspections = records.filter(
    (record): record is FieldInspectionRecord =>
      record.kind === 'inspection' && record.ticket_code !== null && record.basket_g !== null,
  );
  const areasById = await findRecordAreas(step.tx, [...new Set(inspections.map((record) => record.area_id))]);
  const holders = new Map<string, Holder>();
  for (const record of inspections) {
    const area = areasById.get(record.area_id);
    if (!area) continue;
    const ticketCode = (record.ticket_code as string).trim().toUpperCase();
    const day = calendarDateIn(area.timeZone, new Date(record.device_time));
    holders.set(`${area.id}/${ticketCode}/${day}`, { areaId: area.id, ticketCode, day });
  }
  await lockHolders(
    step.tx,
    [...holders.keys()].sort().map((key) => holders.get(key) as Holder),
  );
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
