import type { Db } from '@sentiero/db/client';
import { memberPhotoFiles, memberPhotos } from '@sentiero/db/schema';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';

/*
 * Every statement names the member (`user_id`): a photo is never read, counted or deleted for
 * anyone but its owner. The files (bytea) are read one at a time, by the route that serves them;
 * nothing else selects them.
 */

export type PhotoRow = typeof memberPhotos.$inferSelect;
export type NewPhoto = Omit<typeof memberPhotos.$inferInsert, 'createdAt'>;
export type NewPhotoFile = Omit<typeof memberPhotoFiles.$inferInsert, 'photoId'>;

export async function findMemberPhoto(db: Db, userId: number, id: string): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(memberPhotos)
    .where(and(eq(memberPhotos.id, id), eq(memberPhotos.userId, userId)));
  return row;
}

/** The member's photos among `ids` (another member's are simply not there). */
export function findMemberPhotos(db: Db, userId: number, ids: readonly string[]): Promise<PhotoRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(memberPhotos)
    .where(and(eq(memberPhotos.userId, userId), inArray(memberPhotos.id, [...ids])));
}

export function listMemberPhotos(db: Db, userId: number): Promise<PhotoRow[]> {
  return db
    .select()
    .from(memberPhotos)
    .where(eq(memberPhotos.userId, userId))
    .orderBy(asc(memberPhotos.createdAt));
}

/** How many photos the member keeps and how many bytes their files take. */
export async function measureMemberPhotos(db: Db, userId: number): Promise<{ count: number; bytes: number }> {
  const [row] = await db
    .select({ count: count(), bytes: sql<string>`coalesce(sum(${memberPhotos.bytes}), 0)` })
    .from(memberPhotos)
    .where(eq(memberPhotos.userId, userId));
  return { count: row?.count ?? 0, bytes: Number(row?.bytes ?? 0) };
}

/**
 * Stores a photo with its files, in one transaction. Nothing is written when the id is taken
 * (the same photo sent again, or another member's id): answers whether this call wrote it.
 */
export async function insertPhoto(db: Db, photo: NewPhoto, files: NewPhotoFile[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    const written = await tx
      .insert(memberPhotos)
      .values(photo)
      .onConflictDoNothing({ target: memberPhotos.id })
      .returning({ id: memberPhotos.id });
    if (written.length === 0) return false;
    await tx.insert(memberPhotoFiles).values(files.map((file) => ({ ...file, photoId: photo.id })));
    return true;
  });
}

/** One file of the member's photo, only at the photo's current version. */
export async function findMemberPhotoFile(
  db: Db,
  userId: number,
  where: { id: string; version: string; name: string },
): Promise<{ contentType: string; body: Buffer } | undefined> {
  const [row] = await db
    .select({ contentType: memberPhotoFiles.contentType, body: memberPhotoFiles.body })
    .from(memberPhotoFiles)
    .innerJoin(memberPhotos, eq(memberPhotos.id, memberPhotoFiles.photoId))
    .where(
      and(
        eq(memberPhotos.id, where.id),
        eq(memberPhotos.userId, userId),
        eq(memberPhotos.version, where.version),
        eq(memberPhotoFiles.name, where.name),
      ),
    );
  return row;
}

/** The member's photos among `ids`, with their files (cascade). */
export async function deleteMemberPhotos(db: Db, userId: number, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .delete(memberPhotos)
    .where(and(eq(memberPhotos.userId, userId), inArray(memberPhotos.id, [...ids])));
}

export async function deleteAllMemberPhotos(db: Db, userId: number): Promise<void> {
  await db.delete(memberPhotos).where(eq(memberPhotos.userId, userId));
}
