import type { ListScope } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import type { Db, Transaction } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import { areas, growthObservations, operators, staffAccounts } from '@sentiero/db/schema';
import { and, asc, between, count, desc, eq, gte, ilike, inArray, lte, sql } from 'drizzle-orm';
import { areaInScope } from '../../platform/scope-repo.ts';

/*
 * Staff's growth observations (ADR 040). Every list query takes the staff member's scope for
 * `growth.report` and applies it in the query: another operator's areas are never read.
 */

type Handle = Db | Transaction;
export type ObservationRow = typeof growthObservations.$inferSelect;

/** A page of the areas in scope, by name, narrowed by a piece of their name. */
export async function findAreasInScope(
  db: Db,
  scope: ListScope,
  language: Language,
  search: { q?: string | undefined },
  page: { limit: number; offset: number },
) {
  const name = localized(areas.name, language);
  const where = and(
    areaInScope(scope),
    search.q ? ilike(sql`${name}`, `%${search.q.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: areas.id, name, operator: operators.name, timeZone: areas.timeZone })
      .from(areas)
      .innerJoin(operators, eq(operators.id, areas.operatorId))
      .where(where)
      .orderBy(asc(name), asc(areas.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(areas).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** An area with whose it is and its calendar, to check a staff member's grant over it. */
export async function findObservedArea(db: Handle, areaId: number, language: Language) {
  const [row] = await db
    .select({
      id: areas.id,
      name: localized(areas.name, language),
      operatorId: areas.operatorId,
      timeZone: areas.timeZone,
    })
    .from(areas)
    .where(eq(areas.id, areaId));
  return row;
}

/** Writes an observation unless its author already has one of the area and day (then undefined). */
export async function insertObservation(
  tx: Handle,
  observation: typeof growthObservations.$inferInsert,
): Promise<ObservationRow | undefined> {
  const [row] = await tx.insert(growthObservations).values(observation).onConflictDoNothing().returning();
  return row;
}

export async function findObservation(db: Handle, id: number): Promise<ObservationRow | undefined> {
  const [row] = await db.select().from(growthObservations).where(eq(growthObservations.id, id));
  return row;
}

/** Locks the observation until the transaction ends: two corrections are served one after the other. */
export async function lockObservation(tx: Transaction, id: number): Promise<ObservationRow | undefined> {
  const [row] = await tx.select().from(growthObservations).where(eq(growthObservations.id, id)).for('update');
  return row;
}

export async function updateObservation(
  tx: Handle,
  id: number,
  changes: Pick<typeof growthObservations.$inferInsert, 'level' | 'species' | 'note' | 'updatedAt'>,
): Promise<ObservationRow> {
  const [row] = await tx
    .update(growthObservations)
    .set(changes)
    .where(eq(growthObservations.id, id))
    .returning();
  if (!row) throw new Error('the observation was not changed');
  return row;
}

export type ObservationFilter = {
  areaId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/** A page of the observations in scope, newest day first, with their area's and author's names. */
export async function findObservationPage(
  db: Db,
  scope: ListScope,
  language: Language,
  filter: ObservationFilter,
  page: { limit: number; offset: number },
) {
  const where = and(
    areaInScope(scope),
    filter.areaId === undefined ? undefined : eq(growthObservations.areaId, filter.areaId),
    filter.from ? gte(growthObservations.observedOn, filter.from) : undefined,
    filter.to ? lte(growthObservations.observedOn, filter.to) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        observation: growthObservations,
        areaName: localized(areas.name, language),
        areaTimeZone: areas.timeZone,
        staffName: staffAccounts.name,
      })
      .from(growthObservations)
      .innerJoin(areas, eq(areas.id, growthObservations.areaId))
      .innerJoin(staffAccounts, eq(staffAccounts.id, growthObservations.staffId))
      .where(where)
      .orderBy(
        desc(growthObservations.observedOn),
        desc(growthObservations.createdAt),
        desc(growthObservations.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(growthObservations)
      .innerJoin(areas, eq(areas.id, growthObservations.areaId))
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/**
 * The official level of each area and day between two days: the rounded mean of its staff's
 * observations, with the species they named.
 */
export function findOfficialLevels(db: Db, areaIds: readonly number[], from: string, to: string) {
  return db
    .select({
      areaId: growthObservations.areaId,
      date: growthObservations.observedOn,
      level: sql<number>`round(avg(${growthObservations.level}))::int`,
      species: sql<
        string[]
      >`coalesce(array_agg(distinct ${growthObservations.species}) filter (where ${growthObservations.species} is not null), '{}')`,
    })
    .from(growthObservations)
    .where(
      and(inArray(growthObservations.areaId, [...areaIds]), between(growthObservations.observedOn, from, to)),
    )
    .groupBy(growthObservations.areaId, growthObservations.observedOn)
    .orderBy(asc(growthObservations.areaId), desc(growthObservations.observedOn));
}

/** The staff member's observation of an area on a day, locked for a correction. */
export async function lockStaffObservation(tx: Transaction, staffId: number, areaId: number, day: string) {
  const [row] = await tx
    .select()
    .from(growthObservations)
    .where(
      and(
        eq(growthObservations.staffId, staffId),
        eq(growthObservations.areaId, areaId),
        eq(growthObservations.observedOn, day),
      ),
    )
    .for('update');
  return row;
}
