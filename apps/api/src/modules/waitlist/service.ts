import { addCalendarDays, calendarDateIn } from '@sentiero/contract/durations';
import { computeGuestEndDate, findGuestStartProblem } from '@sentiero/contract/rules/guests';
import type { consoleWaitlist, ticketWaitlistJoin, WaitlistEntry } from '@sentiero/contract/waitlist';
import type { z } from 'zod';
import { requireAccess, requireStaffAccess, staffListScope } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { findSaleTicket, isOnSale } from '../tickets/index.ts';
import { declineOffer, giveBack, offerCutoff } from './offers.ts';
import { findDayPlaces, lockOpenOfferOfEntry, lockOpenOffersOfMember } from './offers-repo.ts';
import {
  type EntryRow,
  findDayList,
  findMemberEntries,
  findMemberEntry,
  findMemberOffer,
  insertEntry,
  leaveEntry,
  leaveEveryEntry,
} from './repo.ts';

const notPossible = () => new AppError('WAITLIST_NOT_POSSIBLE', 400);

function describeEntry(row: EntryRow): WaitlistEntry {
  return {
    id: row.id,
    id_ticket: row.ticketId,
    ticket_title: row.ticketTitle,
    area_name: row.areaName,
    day: row.day,
    party: row.partySize,
    state: row.state,
    position: row.position,
    joined_at: row.createdAt.toISOString(),
    offer:
      row.offerToken && row.offerPlaces !== null && row.offerExpiresAt && row.offerState
        ? {
            token: row.offerToken,
            places: row.offerPlaces,
            expires_at: row.offerExpiresAt.toISOString(),
            state: row.offerState,
          }
        : null,
  };
}

/**
 * `app/ticket/waitlist/join`: a member waits for a day that cannot take their party now. Only a
 * day a guest could start on (open, in season, on sale), of a one-day ticket sold by places, and
 * while offers can still be made (before the cutoff two hours ahead of the day).
 */
export async function joinWaitlist(ctx: ServiceContext, input: z.output<typeof ticketWaitlistJoin.input>) {
  const { id: userId } = await requireAccess(ctx, 'member');
  const ticket = await findSaleTicket(ctx, input.id_ticket);
  if (!ticket) throw new AppError('TICKET_UNAVAILABLE', 409);
  const now = ctx.clock.now();
  const today = calendarDateIn(ticket.timeZone, now);
  if (!isOnSale(ticket, today) || ticket.dailyCapacity === null) throw notPossible();
  // A party's places are one day's: a ticket valid several days would need every day of its range.
  if (computeGuestEndDate(ticket, input.day) !== input.day) throw notPossible();
  if (findGuestStartProblem(ticket, input.day, today)) throw notPossible();
  const places = await findDayPlaces(ctx.db, ticket.id, input.day);
  if (!places || places.closed || places.capacity === null) throw notPossible();
  if (now.getTime() >= offerCutoff(places).getTime()) throw notPossible();
  if (places.capacity - places.taken >= input.party) throw new AppError('WAITLIST_PLACES_LEFT', 409);
  let id: number;
  try {
    id = await insertEntry(ctx.db, {
      ticketId: ticket.id,
      day: input.day,
      userId,
      partySize: input.party,
      now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('WAITLIST_ALREADY_JOINED', 409);
    throw error;
  }
  const entry = await findMemberEntry(ctx.db, userId, id, ctx.lang);
  if (!entry) throw new Error('the entry just written was not found');
  return { entry: describeEntry(entry) };
}

/** `app/ticket/waitlist/leave`: off the queue; places held for the member go to the next. */
export async function leaveWaitlist(ctx: ServiceContext, entryId: number) {
  const { id: userId } = await requireAccess(ctx, 'member');
  const now = ctx.clock.now();
  const left = await ctx.db.transaction(async (tx) => {
    const offer = await lockOpenOfferOfEntry(tx, entryId);
    if (!(await leaveEntry(tx, userId, entryId, now))) return false;
    if (offer) await giveBack(tx, offer, { offer: 'declined', entry: 'left' }, now);
    return true;
  });
  if (!left) throw new AppError('NOT_FOUND', 404);
  return { left: true as const };
}

/**
 * An account being deleted leaves every waiting list: places held for it go to the next in each
 * queue, and nobody is told of places for an erased account.
 */
export async function leaveEveryWaitlist(ctx: Pick<ServiceContext, 'db' | 'clock'>, userId: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    for (const offer of await lockOpenOffersOfMember(tx, userId)) {
      await giveBack(tx, offer, { offer: 'declined', entry: 'left' }, now);
    }
    await leaveEveryEntry(tx, userId, now);
  });
}

/** `app/ticket/waitlist/mine`: the member's lists for days from today on, with their positions. */
export async function listMyWaitlists(ctx: ServiceContext) {
  const { id: userId } = await requireAccess(ctx, 'member');
  // Yesterday in UTC covers today in every time zone the catalogue sells in.
  const fromDay = addCalendarDays(calendarDateIn('UTC', ctx.clock.now()), -1);
  const rows = await findMemberEntries(ctx.db, userId, fromDay, ctx.lang);
  return { entries: rows.map(describeEntry) };
}

/** `app/ticket/waitlist/offer`: the places behind a link, for its member only. */
export async function getMyOffer(ctx: ServiceContext, token: string) {
  const { id: userId } = await requireAccess(ctx, 'member');
  const row = await findMemberOffer(ctx.db, userId, token, ctx.lang);
  if (!row) throw new AppError('NOT_FOUND', 404);
  const entry = describeEntry(row);
  if (!entry.offer) throw new AppError('NOT_FOUND', 404);
  return { entry, offer: entry.offer };
}

/** `app/ticket/waitlist/decline`. */
export async function declineMyOffer(ctx: ServiceContext, token: string) {
  const { id: userId } = await requireAccess(ctx, 'member');
  await declineOffer(ctx, userId, token);
  return { declined: true as const };
}

/** `console/waitlist`: a day's list for a ticket in the staff member's scope (others answer an empty list). */
export async function getDayWaitlist(ctx: ServiceContext, input: z.output<typeof consoleWaitlist.input>) {
  requireStaffAccess(ctx, 'orders.read');
  const rows = await findDayList(ctx.db, staffListScope(ctx, 'orders.read'), input.ticket_id, input.day);
  const inQueue = rows.filter((row) => row.state === 'waiting' || row.state === 'offered');
  return {
    day: input.day,
    entries: rows.map((row) => ({
      id: row.id,
      position: row.position,
      party: row.partySize,
      state: row.state,
      joined_at: row.createdAt.toISOString(),
      member: { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email },
      offer_expires_at: row.offerExpiresAt?.toISOString() ?? null,
    })),
    waiting_places: inQueue
      .filter((row) => row.state === 'waiting')
      .reduce((sum, row) => sum + row.partySize, 0),
    held_places: inQueue
      .filter((row) => row.state === 'offered')
      .reduce((sum, row) => sum + row.partySize, 0),
  };
}
