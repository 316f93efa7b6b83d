import type { Language } from '@sentiero/contract/languages';
import type { Db, Transaction } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import { areas, cataloguePhotoFiles, cataloguePhotos, tickets } from '@sentiero/db/schema';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';

/*
 * Operators' photos of tickets and areas (ADR 030). The files (bytea) are read one at a time, by
 * the route that serves them; the answers that list photos read their `variants` only.
 */

export type PhotoSubject = { ticketId: number } | { areaId: number };

const subjectColumn = (subject: PhotoSubject) =>
  'ticketId' in subject ? cataloguePhotos.ticketId : cataloguePhotos.areaId;
const subjectId = (subject: PhotoSubject) => ('ticketId' in subject ? subject.ticketId : subject.areaId);
const ofSubject = (subject: PhotoSubject) => eq(subjectColumn(subject), subjectId(subject));

export type NewCataloguePhoto = Omit<
  typeof cataloguePhotos.$inferInsert,
  'id' | 'ticketId' | 'areaId' | 'position' | 'createdAt'
>;
export type NewCataloguePhotoFile = Omit<typeof cataloguePhotoFiles.$inferInsert, 'photoId'>;

/** What the caller writes with the change, in its transaction: the console's audit line. */
export type WithChange = (tx: Transaction, photoId: number) => Promise<void>;
const nothing: WithChange = async () => {};

/** Whether the ticket or the area exists (inactive ones included: an operator prepares them). */
export async function findSubjectExists(db: Db, subject: PhotoSubject): Promise<boolean> {
  const rows =
    'ticketId' in subject
      ? await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, subject.ticketId))
      : await db.select({ id: areas.id }).from(areas).where(eq(areas.id, subject.areaId));
  return rows.length > 0;
}

export async function countSubjectPhotos(db: Db, subject: PhotoSubject): Promise<number> {
  const [row] = await db.select({ count: count() }).from(cataloguePhotos).where(ofSubject(subject));
  return row?.count ?? 0;
}

/** Stores a photo with its files in one transaction, after the subject's last photo. */
export async function insertCataloguePhoto(
  db: Db,
  subject: PhotoSubject,
  photo: NewCataloguePhoto,
  files: NewCataloguePhotoFile[],
  withChange: WithChange = nothing,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ position: sql<number | null>`max(${cataloguePhotos.position})` })
      .from(cataloguePhotos)
      .where(ofSubject(subject));
    const [written] = await tx
      .insert(cataloguePhotos)
      .values({
        ...photo,
        ...('ticketId' in subject ? { ticketId: subject.ticketId } : { areaId: subject.areaId }),
        position: (last?.position ?? -1) + 1,
      })
      .returning({ id: cataloguePhotos.id });
    if (!written) throw new Error('The photo was not written');
    await tx.insert(cataloguePhotoFiles).values(files.map((file) => ({ ...file, photoId: written.id })));
    await withChange(tx, written.id);
    return written.id;
  });
}

const photoColumns = (language: Language) => ({
  id: cataloguePhotos.id,
  ticketId: cataloguePhotos.ticketId,
  areaId: cataloguePhotos.areaId,
  alt: localized(cataloguePhotos.alt, language),
  width: cataloguePhotos.width,
  height: cataloguePhotos.height,
  version: cataloguePhotos.version,
  variants: cataloguePhotos.variants,
});

export type CataloguePhotoRow = Awaited<ReturnType<typeof findSubjectPhotos>>[number];

/** The photos of one ticket or area, in the operator's order. */
export function findSubjectPhotos(db: Db, language: Language, subject: PhotoSubject) {
  return db
    .select(photoColumns(language))
    .from(cataloguePhotos)
    .where(ofSubject(subject))
    .orderBy(asc(cataloguePhotos.position), asc(cataloguePhotos.id));
}

/** The first photo of each of the tickets or areas `ids` (a page of cards): one indexed query. */
export function findFirstPhotos(
  db: Db,
  language: Language,
  kind: 'ticket' | 'area',
  ids: readonly number[],
): Promise<CataloguePhotoRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  const column = kind === 'ticket' ? cataloguePhotos.ticketId : cataloguePhotos.areaId;
  return db
    .selectDistinctOn([column], photoColumns(language))
    .from(cataloguePhotos)
    .where(inArray(column, [...ids]))
    .orderBy(column, asc(cataloguePhotos.position), asc(cataloguePhotos.id));
}

/** The ids of the subject's photos, in their order. */
export async function findSubjectPhotoIds(db: Db, subject: PhotoSubject): Promise<number[]> {
  const rows = await db
    .select({ id: cataloguePhotos.id })
    .from(cataloguePhotos)
    .where(ofSubject(subject))
    .orderBy(asc(cataloguePhotos.position), asc(cataloguePhotos.id));
  return rows.map((row) => row.id);
}

/** Puts the subject's photos in the order of `ids` (all of them, checked by the caller). */
export async function updatePhotoPositions(
  db: Db,
  subject: PhotoSubject,
  ids: readonly number[],
  withChange: WithChange = nothing,
) {
  await db.transaction(async (tx) => {
    await withChange(tx, ids[0] ?? 0);
    for (const [position, id] of ids.entries()) {
      await tx
        .update(cataloguePhotos)
        .set({ position })
        .where(and(eq(cataloguePhotos.id, id), ofSubject(subject)));
    }
  });
}

/** Deletes a photo of the subject with its files (cascade); answers whether there was one. */
export async function deleteCataloguePhoto(
  db: Db,
  subject: PhotoSubject,
  id: number,
  withChange: WithChange = nothing,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(cataloguePhotos)
      .where(and(eq(cataloguePhotos.id, id), ofSubject(subject)))
      .returning({ id: cataloguePhotos.id });
    if (deleted.length === 0) return false;
    await withChange(tx, id);
    return true;
  });
}

/** One file of a photo, only at the photo's current version. */
export async function findCataloguePhotoFile(
  db: Db,
  where: { id: number; version: string; format: string; width: number },
): Promise<{ contentType: string; body: Buffer } | undefined> {
  const [row] = await db
    .select({ contentType: cataloguePhotoFiles.contentType, body: cataloguePhotoFiles.body })
    .from(cataloguePhotoFiles)
    .innerJoin(cataloguePhotos, eq(cataloguePhotos.id, cataloguePhotoFiles.photoId))
    .where(
      and(
        eq(cataloguePhotos.id, where.id),
        eq(cataloguePhotos.version, where.version),
        eq(cataloguePhotoFiles.format, where.format),
        eq(cataloguePhotoFiles.width, where.width),
      ),
    );
  return row;
}
