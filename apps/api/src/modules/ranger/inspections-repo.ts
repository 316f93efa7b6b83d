import type { ListScope } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import type { Db, Transaction } from '@sentiero/db/client';
import { localized, localizedOrNull } from '@sentiero/db/localized';
import {
  areas,
  issuedTickets,
  rangerChainRecords,
  rangerDevices,
  rangerInspectionPhotoFiles,
  rangerInspectionPhotos,
  rangerInspections,
  staffAccounts,
  tickets,
} from '@sentiero/db/schema';
import { and, asc, count, desc, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';

/* The inspections' photos as they arrive, and the console's list of inspections (issue 24, item 5). */

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
