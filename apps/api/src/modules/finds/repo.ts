import type { DayWeatherSnapshot } from '@sentiero/contract/weather';
import type { Db } from '@sentiero/db/client';
import { finds, notebookEntries } from '@sentiero/db/schema';
import { and, arrayOverlaps, asc, between, count, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';

/*
 * Every statement here names the member (`user_id`): a marker or an entry is never read, counted
 * or written for anyone but its owner. Writes are one statement each, so that two phones sending
 * at once cannot interleave between a read and a write (last writer wins inside PostgreSQL).
 */

export type FindRow = typeof finds.$inferSelect;
export type NewFind = Omit<typeof finds.$inferInsert, 'createdAt' | 'deletedAt'> & { updatedAt: Date };
export type EntryRow = typeof notebookEntries.$inferSelect;
export type NewEntry = Omit<typeof notebookEntries.$inferInsert, 'createdAt' | 'deletedAt'> & {
  updatedAt: Date;
};

export type Box = { south: number; west: number; north: number; east: number };

/** The member's live markers, newest first; inside `box` when given (a box may cross 180°). */
export function findMemberFinds(db: Db, userId: number, box?: Box) {
  const inBox = box
    ? and(
        between(finds.latitude, box.south, box.north),
        box.west <= box.east
          ? between(finds.longitude, box.west, box.east)
          : sql`(${finds.longitude} >= ${box.west} or ${finds.longitude} <= ${box.east})`,
      )
    : undefined;
  return db
    .select()
    .from(finds)
    .where(and(eq(finds.userId, userId), isNull(finds.deletedAt), inBox))
    .orderBy(desc(finds.foundOn), desc(finds.createdAt));
}

export async function countMemberFinds(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(finds)
    .where(and(eq(finds.userId, userId), isNull(finds.deletedAt)));
  return row?.total ?? 0;
}

/** The member's marker, deleted or not; another member's reads as none. */
export async function findMemberFind(db: Db, userId: number, id: string): Promise<FindRow | undefined> {
  const [row] = await db
    .select()
    .from(finds)
    .where(and(eq(finds.id, id), eq(finds.userId, userId)));
  return row;
}

/**
 * Writes a version of a marker if it is the member's (or new) and newer than the stored one;
 * answers the row written, or nothing when the stored row was kept (another member's, or newer).
 */
export async function upsertFind(db: Db, find: NewFind): Promise<FindRow | undefined> {
  const [row] = await db
    .insert(finds)
    .values(find)
    .onConflictDoUpdate({
      target: finds.id,
      set: {
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        accuracyM: sql`excluded.accuracy_m`,
        speciesCode: sql`excluded.species_code`,
        foundOn: sql`excluded.found_on`,
        notes: sql`excluded.notes`,
        photoIds: sql`excluded.photo_ids`,
        updatedAt: sql`excluded.updated_at`,
        deletedAt: null,
      },
      setWhere: sql`${finds.userId} = excluded.user_id and ${finds.updatedAt} < excluded.updated_at`,
    })
    .returning();
  return row;
}

export async function insertFinds(db: Db, rows: NewFind[]): Promise<void> {
  if (rows.length > 0) await db.insert(finds).values(rows);
}

/**
 * Marks the member's live marker deleted as of `at`, unless a newer version is stored; answers
 * the photos it named, or nothing when it was not deleted now.
 */
export async function markFindDeleted(
  db: Db,
  userId: number,
  id: string,
  at: Date,
): Promise<{ photoIds: string[] } | undefined> {
  const [row] = await db
    .update(finds)
    .set({ deletedAt: at, updatedAt: at })
    .where(and(eq(finds.id, id), eq(finds.userId, userId), isNull(finds.deletedAt), lte(finds.updatedAt, at)))
    .returning({ photoIds: finds.photoIds });
  return row;
}

// ── Notebook ─────────────────────────────────────────────────────────────────────────────────

/** The member's live entries of days `from`–`to`, newest day first. */
export function findMemberEntries(db: Db, userId: number, from: string, to: string) {
  return db
    .select()
    .from(notebookEntries)
    .where(
      and(
        eq(notebookEntries.userId, userId),
        isNull(notebookEntries.deletedAt),
        gte(notebookEntries.day, from),
        lte(notebookEntries.day, to),
      ),
    )
    .orderBy(desc(notebookEntries.day), asc(notebookEntries.createdAt));
}

export async function countMemberEntries(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notebookEntries)
    .where(and(eq(notebookEntries.userId, userId), isNull(notebookEntries.deletedAt)));
  return row?.total ?? 0;
}

export async function findMemberEntry(db: Db, userId: number, id: string): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(notebookEntries)
    .where(and(eq(notebookEntries.id, id), eq(notebookEntries.userId, userId)));
  return row;
}

/**
 * As `upsertFind`. The weather snapshot belongs to the day and the area: one given replaces the
 * stored one; without one, the stored snapshot stays while the day and area do.
 */
export async function upsertEntry(db: Db, entry: NewEntry): Promise<EntryRow | undefined> {
  const [row] = await db
    .insert(notebookEntries)
    .values(entry)
    .onConflictDoUpdate({
      target: notebookEntries.id,
      set: {
        day: sql`excluded.day`,
        areaId: sql`excluded.area_id`,
        findId: sql`excluded.find_id`,
        speciesCode: sql`excluded.species_code`,
        weightG: sql`excluded.weight_g`,
        notes: sql`excluded.notes`,
        photoIds: sql`excluded.photo_ids`,
        updatedAt: sql`excluded.updated_at`,
        deletedAt: null,
        // A new day or area is another day's weather.
        weather: sql`case when excluded.weather is not null then excluded.weather when ${notebookEntries.day} = excluded.day and ${notebookEntries.areaId} is not distinct from excluded.area_id then ${notebookEntries.weather} end`,
      },
      setWhere: sql`${notebookEntries.userId} = excluded.user_id and ${notebookEntries.updatedAt} < excluded.updated_at`,
    })
    .returning();
  return row;
}

export async function markEntryDeleted(
  db: Db,
  userId: number,
  id: string,
  at: Date,
): Promise<{ photoIds: string[] } | undefined> {
  const [row] = await db
    .update(notebookEntries)
    .set({ deletedAt: at, updatedAt: at })
    .where(
      and(
        eq(notebookEntries.id, id),
        eq(notebookEntries.userId, userId),
        isNull(notebookEntries.deletedAt),
        lte(notebookEntries.updatedAt, at),
      ),
    )
    .returning({ photoIds: notebookEntries.photoIds });
  return row;
}

/** Which of `ids` a live marker or entry of the member still names. */
export async function findPhotoIdsInUse(
  db: Db,
  userId: number,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const named = (table: typeof finds | typeof notebookEntries) =>
    db
      .select({ photoIds: table.photoIds })
      .from(table)
      .where(and(eq(table.userId, userId), isNull(table.deletedAt), arrayOverlaps(table.photoIds, [...ids])));
  const rows = [...(await named(finds)), ...(await named(notebookEntries))];
  return new Set(rows.flatMap((row) => row.photoIds).filter((id) => ids.includes(id)));
}

/** Erasure with the account: every marker and entry, deleted or not, gone for good. */
export async function deleteMemberRecords(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(notebookEntries).where(eq(notebookEntries.userId, userId));
    await tx.delete(finds).where(eq(finds.userId, userId));
  });
}

/** Entries the weather refresh may still complete per run: bounded, the next run takes the rest. */
const AWAITING_WEATHER_BATCH = 5000;

/**
 * The areas and days of live entries since `since` still waiting for their day's weather, or
 * holding a forecast of a day since measured (the partial index's predicate, word for word).
 */
export function findDaysAwaitingWeather(db: Db, since: string) {
  return db
    .selectDistinct({ areaId: sql<number>`${notebookEntries.areaId}`, day: notebookEntries.day })
    .from(notebookEntries)
    .where(
      and(
        gte(notebookEntries.day, since),
        sql`${notebookEntries.areaId} is not null and ${notebookEntries.deletedAt} is null and (${notebookEntries.weather} is null or ${notebookEntries.weather} @> '{"forecast":true}')`,
      ),
    )
    .limit(AWAITING_WEATHER_BATCH);
}

/**
 * Attaches a day's weather to every live entry of that area and day still waiting for it. The
 * entry's `updated_at` stays the phone's: the weather is the server's addition, not an edit.
 */
export async function attachDayWeather(
  db: Db,
  areaId: number,
  day: string,
  weather: DayWeatherSnapshot,
): Promise<number> {
  const rows = await db
    .update(notebookEntries)
    .set({ weather })
    .where(
      and(
        eq(notebookEntries.areaId, areaId),
        eq(notebookEntries.day, day),
        isNull(notebookEntries.deletedAt),
        sql`(${notebookEntries.weather} is null or ${notebookEntries.weather} @> '{"forecast":true}')`,
      ),
    )
    .returning({ id: notebookEntries.id });
  return rows.length;
}
