import type { ListScope } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import type { Db, Transaction } from '@sentiero/db/client';
import { localized } from '@sentiero/db/localized';
import {
  areas,
  tickets,
  users,
  type WaitlistEntryState,
  type WaitlistOfferState,
  waitlistEntries,
  waitlistOffers,
} from '@sentiero/db/schema';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { areaInScope } from '../../platform/scope-repo.ts';

/** Members' entries in the waiting lists: joining, leaving, what a member and the console see. */

/** Entries still in a day's queue: waiting, or holding an offer. */
const IN_QUEUE = sql`${waitlistEntries.state} in ('waiting', 'offered')`;

/** An entry's place in its day's queue: 1 + those in the queue who joined before it. */
const positionOf = sql<number | null>`case when ${waitlistEntries.state} in ('waiting', 'offered') then (
    select count(*)::int from waitlist_entries ahead
    where ahead.ticket_id = ${waitlistEntries.ticketId} and ahead.day = ${waitlistEntries.day}
      and ahead.state in ('waiting', 'offered')
      and (ahead.created_at, ahead.id) <= (${waitlistEntries.createdAt}, ${waitlistEntries.id})
  ) end`;

const dayText = sql<string>`to_char(${waitlistEntries.day}, 'YYYY-MM-DD')`;

export type EntryRow = {
  id: number;
  ticketId: number;
  ticketTitle: string;
  areaName: string;
  day: string;
  partySize: number;
  state: WaitlistEntryState;
  position: number | null;
  createdAt: Date;
  offerToken: string | null;
  offerPlaces: number | null;
  offerExpiresAt: Date | null;
  offerState: WaitlistOfferState | null;
};

function entryColumns(language: Language) {
  return {
    id: waitlistEntries.id,
    ticketId: waitlistEntries.ticketId,
    ticketTitle: localized(tickets.title, language),
    areaName: localized(areas.name, language),
    day: dayText,
    partySize: waitlistEntries.partySize,
    state: waitlistEntries.state,
    position: positionOf,
    createdAt: waitlistEntries.createdAt,
    offerToken: waitlistOffers.token,
    offerPlaces: waitlistOffers.places,
    offerExpiresAt: waitlistOffers.expiresAt,
    offerState: waitlistOffers.state,
  };
}

function entriesQuery(db: Db, language: Language) {
  return db
    .select(entryColumns(language))
    .from(waitlistEntries)
    .innerJoin(tickets, eq(tickets.id, waitlistEntries.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .leftJoin(
      waitlistOffers,
      and(eq(waitlistOffers.entryId, waitlistEntries.id), eq(waitlistOffers.state, 'open')),
    );
}

/** A member's entries for days from `fromDay` on: those in a queue first, then the others, newest first. */
export async function findMemberEntries(
  db: Db,
  userId: number,
  fromDay: string,
  language: Language,
): Promise<EntryRow[]> {
  const rows = await entriesQuery(db, language)
    .where(and(eq(waitlistEntries.userId, userId), gte(waitlistEntries.day, fromDay)))
    .orderBy(sql`${IN_QUEUE} desc`, asc(waitlistEntries.day), sql`${waitlistEntries.createdAt} desc`)
    .limit(100);
  return rows as EntryRow[];
}

export async function findMemberEntry(
  db: Db,
  userId: number,
  entryId: number,
  language: Language,
): Promise<EntryRow | undefined> {
  const [row] = await entriesQuery(db, language).where(
    and(eq(waitlistEntries.userId, userId), eq(waitlistEntries.id, entryId)),
  );
  return row as EntryRow | undefined;
}

/** The offer behind a link, with its entry: only the member's own (another's answers nothing). */
export async function findMemberOffer(db: Db, userId: number, token: string, language: Language) {
  const [row] = await db
    .select({
      ...entryColumns(language),
      offerToken: waitlistOffers.token,
      offerPlaces: waitlistOffers.places,
      offerExpiresAt: waitlistOffers.expiresAt,
      offerState: waitlistOffers.state,
    })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .innerJoin(tickets, eq(tickets.id, waitlistEntries.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .where(and(eq(waitlistOffers.token, token), eq(waitlistOffers.userId, userId)));
  return row as EntryRow | undefined;
}

export async function insertEntry(
  db: Db,
  entry: { ticketId: number; day: string; userId: number; partySize: number; now: Date },
): Promise<number> {
  const [row] = await db
    .insert(waitlistEntries)
    .values({
      ticketId: entry.ticketId,
      day: entry.day,
      userId: entry.userId,
      partySize: entry.partySize,
      createdAt: entry.now,
      updatedAt: entry.now,
    })
    .returning({ id: waitlistEntries.id });
  if (!row) throw new Error('the waiting list entry was not written');
  return row.id;
}

/** Takes every entry of a member off its queue. */
export async function leaveEveryEntry(tx: Transaction, userId: number, now: Date) {
  await tx
    .update(waitlistEntries)
    .set({ state: 'left', updatedAt: now })
    .where(and(eq(waitlistEntries.userId, userId), IN_QUEUE));
}

/** Takes a member's entry off its queue; false when it was not theirs or not in a queue. */
export async function leaveEntry(
  tx: Transaction,
  userId: number,
  entryId: number,
  now: Date,
): Promise<boolean> {
  const left = await tx
    .update(waitlistEntries)
    .set({ state: 'left', updatedAt: now })
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.userId, userId), IN_QUEUE))
    .returning({ id: waitlistEntries.id });
  return left.length > 0;
}

/** A day's list for the console: the queue in order, then everyone who left it, latest first. */
export async function findDayList(db: Db, scope: ListScope, ticketId: number, day: string) {
  return db
    .select({
      id: waitlistEntries.id,
      position: positionOf,
      partySize: waitlistEntries.partySize,
      state: waitlistEntries.state,
      createdAt: waitlistEntries.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      offerExpiresAt: waitlistOffers.expiresAt,
    })
    .from(waitlistEntries)
    .innerJoin(tickets, eq(tickets.id, waitlistEntries.ticketId))
    .innerJoin(areas, eq(areas.id, tickets.areaId))
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .leftJoin(
      waitlistOffers,
      and(eq(waitlistOffers.entryId, waitlistEntries.id), eq(waitlistOffers.state, 'open')),
    )
    .where(and(eq(waitlistEntries.ticketId, ticketId), eq(waitlistEntries.day, day), areaInScope(scope)))
    .orderBy(
      sql`${IN_QUEUE} desc`,
      sql`case when ${IN_QUEUE} then ${waitlistEntries.createdAt} end asc`,
      sql`${waitlistEntries.updatedAt} desc`,
      asc(waitlistEntries.id),
    )
    .limit(500);
}
