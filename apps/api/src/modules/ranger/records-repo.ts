import type { ListScope } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import type { Db, Transaction } from '@sentiero/db/client';
import { localized, localizedOrNull } from '@sentiero/db/localized';
import {
  areas,
  issuedTickets,
  rangerChainBreaks,
  rangerChainRecords,
  rangerDevices,
  rangerInspectionPhotoFiles,
  rangerInspectionPhotos,
  rangerInspections,
  staffAccounts,
  ticketRedemptions,
  tickets,
} from '@sentiero/db/schema';
import { and, asc, count, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';

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

export type InspectionPhotoRow = typeof rangerInspectionPhotos.$inferSelect;

export async function findInspectionPhoto(db: Db | Transaction, inspectionId: number, hash: string) {
  const [row] = await db
    .select()
    .from(rangerInspectionPhotos)
    .where(and(eq(rangerInspectionPhotos.inspectionId, inspectionId), eq(rangerInspectionPhotos.hash, hash)));
  return row;
}

/** A photo with its files in one transaction; nothing when it is there already (a resend). */
export async function insertInspectionPhoto(
  db: Db,
  photo: typeof rangerInspectionPhotos.$inferInsert,
  files: { name: string; contentType: string; body: Buffer }[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const written = await tx
      .insert(rangerInspectionPhotos)
      .values(photo)
      .onConflictDoNothing()
      .returning({ hash: rangerInspectionPhotos.hash });
    if (written.length === 0) return;
    await tx
      .insert(rangerInspectionPhotoFiles)
      .values(files.map((file) => ({ ...file, inspectionId: photo.inspectionId, hash: photo.hash })));
  });
}

/** The photos received of some inspections, for the console's list. */
export function findInspectionPhotos(db: Db, inspectionIds: readonly number[]) {
  if (inspectionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(rangerInspectionPhotos)
    .where(inArray(rangerInspectionPhotos.inspectionId, [...inspectionIds]));
}

/** One file of an inspection's photo at its current version, with the inspection's area. */
export async function findInspectionPhotoFile(
  db: Db,
  where: { inspectionId: number; hash: string; version: string; name: string },
) {
  const [row] = await db
    .select({
      contentType: rangerInspectionPhotoFiles.contentType,
      body: rangerInspectionPhotoFiles.body,
      operatorId: rangerInspections.operatorId,
      areaId: rangerInspections.areaId,
    })
    .from(rangerInspectionPhotoFiles)
    .innerJoin(
      rangerInspectionPhotos,
      and(
        eq(rangerInspectionPhotos.inspectionId, rangerInspectionPhotoFiles.inspectionId),
        eq(rangerInspectionPhotos.hash, rangerInspectionPhotoFiles.hash),
      ),
    )
    .innerJoin(rangerInspections, eq(rangerInspections.id, rangerInspectionPhotoFiles.inspectionId))
    .where(
      and(
        eq(rangerInspectionPhotoFiles.inspectionId, where.inspectionId),
        eq(rangerInspectionPhotoFiles.hash, where.hash),
        eq(rangerInspectionPhotoFiles.name, where.name),
        eq(rangerInspectionPhotos.version, where.version),
      ),
    );
  return row;
}

/** Inspections of the operators or areas the staff member's scope covers. */
function inspectionInScope(scope: ListScope): SQL | undefined {
  if (scope.everywhere) return undefined;
  const allowed = [
    scope.operatorIds.length > 0 ? inArray(rangerInspections.operatorId, [...scope.operatorIds]) : undefined,
    scope.areaIds.length > 0 ? inArray(rangerInspections.areaId, [...scope.areaIds]) : undefined,
  ].filter((condition) => condition !== undefined);
  return allowed.length > 0 ? or(...allowed) : sql`false`;
}

export type InspectionFilter = { areaId?: number | undefined; date?: string | undefined };

function inspectionWhere(scope: ListScope, filter: InspectionFilter) {
  return and(
    inspectionInScope(scope),
    filter.areaId === undefined ? undefined : eq(rangerInspections.areaId, filter.areaId),
    filter.date === undefined ? undefined : eq(rangerInspections.observedOn, filter.date),
  );
}

function selectInspections(db: Db, language: Language) {
  return db
    .select({
      inspection: rangerInspections,
      areaName: localized(areas.name, language),
      ranger: staffAccounts.name,
      device: rangerDevices.label,
      holder: issuedTickets.holderName,
      title: localizedOrNull(tickets.title, language),
      chain: rangerChainRecords.chain,
    })
    .from(rangerInspections)
    .innerJoin(areas, eq(areas.id, rangerInspections.areaId))
    .innerJoin(staffAccounts, eq(staffAccounts.id, rangerInspections.staffId))
    .innerJoin(rangerDevices, eq(rangerDevices.id, rangerInspections.deviceId))
    .leftJoin(issuedTickets, eq(issuedTickets.id, rangerInspections.issuedTicketId))
    .leftJoin(tickets, eq(tickets.id, issuedTickets.ticketId))
    .leftJoin(
      rangerChainRecords,
      and(
        eq(rangerChainRecords.deviceId, rangerInspections.deviceId),
        eq(rangerChainRecords.clientId, rangerInspections.clientId),
      ),
    );
}
export type InspectionListRow = Awaited<ReturnType<typeof findInspectionPage>>['rows'][number];

/** A page of inspections, the newest first by the device's time. */
export async function findInspectionPage(
  db: Db,
  language: Language,
  scope: ListScope,
  filter: InspectionFilter,
  page: { limit: number; offset: number },
) {
  const where = inspectionWhere(scope, filter);
  const [rows, [counted]] = await Promise.all([
    selectInspections(db, language)
      .where(where)
      .orderBy(desc(rangerInspections.deviceTime), desc(rangerInspections.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(rangerInspections).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every inspection the filter finds, in batches by id, for the CSV. */
export async function* eachInspection(
  db: Db,
  language: Language,
  scope: ListScope,
  filter: InspectionFilter,
  batch = 500,
) {
  let after = 0;
  for (;;) {
    const rows = await selectInspections(db, language)
      .where(and(inspectionWhere(scope, filter), gt(rangerInspections.id, after)))
      .orderBy(asc(rangerInspections.id))
      .limit(batch);
    yield rows;
    if (rows.length < batch) return;
    after = (rows.at(-1) as (typeof rows)[number]).inspection.id;
  }
}

/** An area with whose it is, for a staff member's grant over it. */
export async function findAreaOwner(db: Db, areaId: number) {
  const [row] = await db
    .select({ id: areas.id, operatorId: areas.operatorId })
    .from(areas)
    .where(eq(areas.id, areaId));
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
