import type { Db } from '@sentiero/db/client';
import { areas, areaWeatherDays } from '@sentiero/db/schema';
import { and, asc, desc, eq, gte, inArray, lt, lte, max, sql } from 'drizzle-orm';

export type WeatherDayRow = typeof areaWeatherDays.$inferInsert;

/** The areas the refresh asks weather for: every area on sale, at its centre, in id order. */
export function findAreasForWeather(db: Db) {
  return db
    .select({ id: areas.id, latitude: areas.latitude, longitude: areas.longitude, timeZone: areas.timeZone })
    .from(areas)
    .where(eq(areas.available, true))
    .orderBy(asc(areas.id));
}

/** 11 values a row: 1,000 rows stay far below PostgreSQL's 65,535 parameters per statement. */
const ROWS_PER_STATEMENT = 1000;

/** Writes days, replacing what an earlier refresh stored for the same area and day. */
export async function upsertWeatherDays(db: Db, rows: WeatherDayRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await db
      .insert(areaWeatherDays)
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .onConflictDoUpdate({
        target: [areaWeatherDays.areaId, areaWeatherDays.day],
        set: {
          rainMm: sql`excluded.rain_mm`,
          tempMean: sql`excluded.temp_mean`,
          tempMin: sql`excluded.temp_min`,
          tempMax: sql`excluded.temp_max`,
          weatherCode: sql`excluded.weather_code`,
          gustKmh: sql`excluded.gust_kmh`,
          forecast: sql`excluded.forecast`,
          source: sql`excluded.source`,
          fetchedAt: sql`excluded.fetched_at`,
        },
      });
  }
}

/** Deletes the days before `firstKept`; answers how many went. */
export async function deleteWeatherDaysBefore(db: Db, firstKept: string): Promise<number> {
  const deleted = await db
    .delete(areaWeatherDays)
    .where(lt(areaWeatherDays.day, firstKept))
    .returning({ areaId: areaWeatherDays.areaId });
  return deleted.length;
}

export async function findAreaTimeZone(db: Db, areaId: number): Promise<string | undefined> {
  const [row] = await db.select({ timeZone: areas.timeZone }).from(areas).where(eq(areas.id, areaId));
  return row?.timeZone;
}

export function findAreaWeatherDays(db: Db, areaId: number, from: string, to: string) {
  return db
    .select()
    .from(areaWeatherDays)
    .where(
      and(eq(areaWeatherDays.areaId, areaId), gte(areaWeatherDays.day, from), lte(areaWeatherDays.day, to)),
    )
    .orderBy(asc(areaWeatherDays.day));
}

/** When the area's weather was last refreshed, and from where. */
export async function findLatestAreaFetch(db: Db, areaId: number) {
  const [row] = await db
    .select({ fetchedAt: areaWeatherDays.fetchedAt, source: areaWeatherDays.source })
    .from(areaWeatherDays)
    .where(eq(areaWeatherDays.areaId, areaId))
    .orderBy(desc(areaWeatherDays.fetchedAt))
    .limit(1);
  return row;
}

/** The last refresh of any area: whether the start-up should ask for one at once. */
export async function findLatestFetch(db: Db): Promise<Date | null> {
  const [row] = await db.select({ fetchedAt: max(areaWeatherDays.fetchedAt) }).from(areaWeatherDays);
  return row?.fetchedAt ?? null;
}

/** What the growth forecast reads of the areas' days between two dates, by area and day. */
export function findGrowthWeatherDays(db: Db, areaIds: readonly number[], from: string, to: string) {
  return db
    .select({
      areaId: areaWeatherDays.areaId,
      date: areaWeatherDays.day,
      rainMm: areaWeatherDays.rainMm,
      tempMean: areaWeatherDays.tempMean,
      tempMin: areaWeatherDays.tempMin,
    })
    .from(areaWeatherDays)
    .where(
      and(
        inArray(areaWeatherDays.areaId, [...areaIds]),
        gte(areaWeatherDays.day, from),
        lte(areaWeatherDays.day, to),
      ),
    )
    .orderBy(asc(areaWeatherDays.areaId), asc(areaWeatherDays.day));
}

/** The stored days of these areas among these dates (every combination: the caller picks its pairs). */
export function findWeatherOfDays(db: Db, areaIds: readonly number[], days: readonly string[]) {
  return db
    .select({
      areaId: areaWeatherDays.areaId,
      day: areaWeatherDays.day,
      rainMm: areaWeatherDays.rainMm,
      tempMean: areaWeatherDays.tempMean,
      tempMin: areaWeatherDays.tempMin,
      tempMax: areaWeatherDays.tempMax,
      forecast: areaWeatherDays.forecast,
    })
    .from(areaWeatherDays)
    .where(and(inArray(areaWeatherDays.areaId, [...areaIds]), inArray(areaWeatherDays.day, [...days])));
}

/** What the weather warnings read of the areas' days between two dates (the members' alerts). */
export function findWarningWeatherDays(db: Db, areaIds: readonly number[], from: string, to: string) {
  return db
    .select({
      areaId: areaWeatherDays.areaId,
      date: areaWeatherDays.day,
      rainMm: areaWeatherDays.rainMm,
      tempMin: areaWeatherDays.tempMin,
      weatherCode: areaWeatherDays.weatherCode,
      gustKmh: areaWeatherDays.gustKmh,
    })
    .from(areaWeatherDays)
    .where(
      and(
        inArray(areaWeatherDays.areaId, [...areaIds]),
        gte(areaWeatherDays.day, from),
        lte(areaWeatherDays.day, to),
      ),
    );
}
