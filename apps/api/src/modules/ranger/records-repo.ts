import type { Db, Transaction } from '@sentiero/db/client';
import {
  areas,
  issuedTickets,
  rangerChainBreaks,
  rangerChainRecords,
  rangerInspections,
  ticketRedemptions,
  tickets,
} from '@sentiero/db/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

/*
 * A device's one hash chain across every kind of record (ADR 047), and the inspections it sends.
 */

/** An area a record names, with whose it is and its calendar and daily limit. */
export async function findRecordArea(tx: Transaction, areaId: number) {
  const [row] = await tx
    .select({
      id: areas.id,
      operatorId: areas.operatorId,
      timeZone: areas.timeZone,
      dailyLimitG: areas.dailyLimitG,
    })
    .from(areas)
    .where(eq(areas.id, areaId));
  return row;
}

export async function findTicketIdByCode(tx: Transaction, code: string) {
  const [row] = await tx
    .select({ id: issuedTickets.id })
    .from(issuedTickets)
    .where(eq(issuedTickets.code, code));
  return row?.id ?? null;
}

/**
 * What the same holder (the same ticket code) declared in an area on a day, in inspections that
 * reached the server from any device. Taken under a lock of that holder, area and day until the
 * transaction ends, so two devices' baskets of one holder are summed one after the other.
 */
export async function sumDeclaredBaskets(
  tx: Transaction,
  holder: { areaId: number; ticketCode: string; day: string },
): Promise<number> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${holder.areaId}, hashtext(${`${holder.ticketCode}/${holder.day}`}))`,
  );
  const [row] = await tx
    .select({ grams: sql<string>`coalesce(sum(${rangerInspections.basketG}), 0)` })
    .from(rangerInspections)
    .where(
      and(
        eq(rangerInspections.areaId, holder.areaId),
        eq(rangerInspections.ticketCode, holder.ticketCode),
        eq(rangerInspections.observedOn, holder.day),
      ),
    );
  return Number(row?.grams ?? 0);
}

export type NewInspection = Omit<typeof rangerInspections.$inferInsert, 'id'>;

/** The inspection, once: null when the device already sent this client id. */
export async function insertInspection(tx: Transaction, values: NewInspection): Promise<number | null> {
  const [row] = await tx
    .insert(rangerInspections)
    .values(values)
    .onConflictDoNothing({ target: [rangerInspections.deviceId, rangerInspections.clientId] })
    .returning({ id: rangerInspections.id });
  return row?.id ?? null;
}

/** An inspection the device sent, by its client id: its basket's verdict for a resend's answer. */
export async function findInspectionByClientId(tx: Db | Transaction, deviceId: number, clientId: string) {
  const [row] = await tx
    .select({
      id: rangerInspections.id,
      basketG: rangerInspections.basketG,
      limitG: rangerInspections.limitG,
      declaredTodayG: rangerInspections.declaredTodayG,
      over: rangerInspections.over,
      photoHashes: rangerInspections.photoHashes,
    })
    .from(rangerInspections)
    .where(and(eq(rangerInspections.deviceId, deviceId), eq(rangerInspections.clientId, clientId)));
  return row;
}

/* Set-based reads and writes of a whole batch of records, in its one transaction (ADR 047). */

/** The device's records received before among these client ids. */
export async function findChainRecordsByClientIds(tx: Transaction, deviceId: number, clientIds: string[]) {
  if (clientIds.length === 0) return new Map<string, { hash: string }>();
  const rows = await tx
    .select({ clientId: rangerChainRecords.clientId, hash: rangerChainRecords.recordHash })
    .from(rangerChainRecords)
    .where(and(eq(rangerChainRecords.deviceId, deviceId), inArray(rangerChainRecords.clientId, clientIds)));
  return new Map(rows.map((row) => [row.clientId, { hash: row.hash }]));
}

/** The device's records received before at these places of its chain. */
export async function findChainRecordsAtSeqs(tx: Transaction, deviceId: number, seqs: number[]) {
  if (seqs.length === 0) return new Map<number, { clientId: string; hash: string }>();
  const rows = await tx
    .select({
      seq: rangerChainRecords.seq,
      clientId: rangerChainRecords.clientId,
      hash: rangerChainRecords.recordHash,
    })
    .from(rangerChainRecords)
    .where(and(eq(rangerChainRecords.deviceId, deviceId), inArray(rangerChainRecords.seq, seqs)));
  return new Map(rows.map((row) => [row.seq, { clientId: row.clientId, hash: row.hash }]));
}

/**
 * The records at their places in the chain, in one statement: answers the client ids written.
 * One not written was sent by another request a moment before, or its place is another's.
 */
export async function insertChainRecords(
  tx: Transaction,
  rows: (typeof rangerChainRecords.$inferInsert)[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const written = await tx
    .insert(rangerChainRecords)
    .values(rows)
    .onConflictDoNothing()
    .returning({ clientId: rangerChainRecords.clientId });
  return new Set(written.map((row) => row.clientId));
}

export async function insertChainBreaks(
  tx: Transaction,
  rows: { deviceId: number; seq: number; kind: 'gap' | 'rewrite'; clientId: string; detectedAt: Date }[],
) {
  if (rows.length > 0) await tx.insert(rangerChainBreaks).values(rows);
}

/** The tickets these codes name, with their area and operator. */
export async function findTicketsByCodes(tx: Transaction, codes: string[]) {
  if (codes.length === 0) return new Map<string, { id: number; areaId: number; operatorId: number }>();
  const rows = await tx
    .select({
      code: issuedTickets.code,
      id: issuedTickets.id,
      areaId: tickets.areaId,
      operatorId: areas.operatorId,
    })
    .from(issuedTickets)
    .innerJoin(tickets, eq(tickets.id, issuedTickets.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .where(inArray(issuedTickets.code, codes));
  return new Map(rows.map(({ code, ...ticket }) => [code, ticket]));
}

/**
 * Locks the tickets a batch counts, in the order of their ids: two devices' batches wait for each
 * other on the tickets they share, and never hold them in opposite orders (no deadlock).
 */
export async function lockTickets(tx: Transaction, ids: number[]) {
  if (ids.length === 0) return;
  await tx
    .select({ id: issuedTickets.id })
    .from(issuedTickets)
    .where(inArray(issuedTickets.id, ids))
    .orderBy(asc(issuedTickets.id))
    .for('update');
}

/** The uses, each once: answers those written (a client id sent before is skipped). */
export async function insertFieldUses(
  tx: Transaction,
  rows: Omit<typeof ticketRedemptions.$inferInsert, 'id'>[],
) {
  if (rows.length === 0) return [];
  return tx
    .insert(ticketRedemptions)
    .values(rows)
    .onConflictDoNothing({
      target: [ticketRedemptions.deviceId, ticketRedemptions.clientId],
      where: sql`client_id is not null`,
    })
    .returning({ id: ticketRedemptions.id, clientId: ticketRedemptions.clientId });
}

/** Adds each ticket's new uses in one statement; answers each ticket's count after and its maximum. */
export async function countUses(tx: Transaction, added: Map<number, number>) {
  if (added.size === 0) return [];
  const increments = sql.join(
    [...added].map(([id, count]) => sql`when ${id}::int then ${count}::int`),
    sql` `,
  );
  return tx
    .update(issuedTickets)
    .set({ uses: sql`${issuedTickets.uses} + case ${issuedTickets.id} ${increments} else 0 end` })
    .where(inArray(issuedTickets.id, [...added.keys()]))
    .returning({ id: issuedTickets.id, uses: issuedTickets.uses, maxUsage: issuedTickets.maxUsage });
}

/**
 * A conflict row for each use past its ticket's maximum, naming the use it collided with: the
 * latest other use of the ticket at or before it (or after it, when none was before).
 */
export async function insertConflicts(tx: Transaction, redemptionIds: number[], detectedAt: Date) {
  if (redemptionIds.length === 0) return;
  const ids = sql.join(
    redemptionIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ticket_use_conflicts (issued_ticket_id, redemption_id, other_redemption_id, device_id, other_device_id, detected_at)
    select r.issued_ticket_id, r.id, o.id, r.device_id, o.device_id, ${detectedAt.toISOString()}::timestamptz
      from ticket_redemptions r
      cross join lateral (
        select other.id, other.device_id from ticket_redemptions other
         where other.issued_ticket_id = r.issued_ticket_id and other.id <> r.id
         order by (other.redeemed_at <= r.redeemed_at) desc, other.redeemed_at desc, other.id desc
         limit 1) o
     where r.id in (${ids})
    on conflict do nothing`);
}

/** The areas records name, with whose they are, their calendar and daily limit. */
export async function findRecordAreas(tx: Transaction, ids: number[]) {
  if (ids.length === 0)
    return new Map<
      number,
      { id: number; operatorId: number; timeZone: string; dailyLimitG: number | null }
    >();
  const rows = await tx
    .select({
      id: areas.id,
      operatorId: areas.operatorId,
      timeZone: areas.timeZone,
      dailyLimitG: areas.dailyLimitG,
    })
    .from(areas)
    .where(inArray(areas.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Takes the locks of the holders whose baskets a batch adds up, in one order (no deadlock). */
export async function lockHolders(
  tx: Transaction,
  holders: { areaId: number; ticketCode: string; day: string }[],
) {
  for (const holder of holders) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${holder.areaId}, hashtext(${`${holder.ticketCode}/${holder.day}`}))`,
    );
  }
}
