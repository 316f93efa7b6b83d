import { randomBytes } from 'node:crypto';
import { WAITLIST_CUTOFF_HOURS } from '@sentiero/contract/waitlist';
import type { Db, Transaction } from '@sentiero/db/client';
import type { Clock } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  closeOffer,
  type DayPlaces,
  findDayPlaces,
  findWaitingEntries,
  insertOffer,
  lockOffer,
  lockTicketWaitlist,
  type OfferRow,
  releaseDayPlaces,
  takeDayPlaces,
} from './offers-repo.ts';

export type OfferDeps = {
  db: Db;
  clock: Clock;
  /** WAITLIST_HOLD_MINUTES: how long places are held for the member told. */
  holdMinutes: number;
};

/** No offer is made, and none is held, past this: two hours before the activity's day begins. */
export function offerCutoff(day: Pick<DayPlaces, 'dayStartsAt'>): Date {
  return new Date(day.dayStartsAt.getTime() - WAITLIST_CUTOFF_HOURS * 3_600_000);
}

/** When places offered now are held until: the hold, never past the cutoff. */
export function holdEnd(now: Date, holdMinutes: number, day: Pick<DayPlaces, 'dayStartsAt'>): Date {
  return new Date(Math.min(now.getTime() + holdMinutes * 60_000, offerCutoff(day).getTime()));
}

/**
 * The `waitlist-offer` job: the places free on a ticket's day go to the queue, first joined first,
 * each to the first party that fits (a party too large is passed over for the next that fits),
 * never to a member who cancelled places of that day themselves. Each offer takes its places at
 * once (they are held: nobody else can buy them) and queues its mail and push and the end of its
 * hold in the same transaction. Runs one at a time per ticket across processes (an advisory lock):
 * two runs for one release offer the places once. Answers the offers made.
 */
export async function offerFreedPlaces(
  deps: OfferDeps,
  { ticketId, day }: { ticketId: number; day: string },
): Promise<number[]> {
  return deps.db.transaction(async (tx) => {
    await lockTicketWaitlist(tx, ticketId);
    const now = deps.clock.now();
    const places = await findDayPlaces(tx, ticketId, day);
    if (!places?.published || places.closed || places.capacity === null) return [];
    if (now.getTime() >= offerCutoff(places).getTime()) return [];
    let free = places.capacity - places.taken;
    const offered: number[] = [];
    for (const entry of await findWaitingEntries(tx, ticketId, day)) {
      if (free <= 0) break;
      if (entry.partySize > free || entry.cancelledOwnPlaces) continue;
      if (!(await takeDayPlaces(tx, ticketId, day, entry.partySize, places.capacity))) break;
      free -= entry.partySize;
      offered.push(
        await insertOffer(tx, {
          entryId: entry.id,
          ticketId,
          day,
          userId: entry.userId,
          places: entry.partySize,
          token: randomBytes(24).toString('base64url'),
          expiresAt: holdEnd(now, deps.holdMinutes, places),
          now,
        }),
      );
    }
    return offered;
  });
}

/** A hold's end came before its time: the job is tried again (pg-boss's clock ran ahead of ours). */
export class OfferNotDueError extends Error {}

/**
 * The `waitlist-lapse` job, queued for the hold's end: an offer still open then lapses, and its
 * places go back to the day, which queues the next offer run (migration 0041's trigger).
 */
export async function lapseOffer(deps: Pick<OfferDeps, 'db' | 'clock'>, offerId: number): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const offer = await lockOffer(tx, { id: offerId });
    if (offer?.state !== 'open') return false;
    const now = deps.clock.now();
    if (offer.expiresAt.getTime() > now.getTime()) {
      throw new OfferNotDueError(`offer ${offerId} is held until ${offer.expiresAt.toISOString()}`);
    }
    await giveBack(tx, offer, { offer: 'lapsed', entry: 'lapsed' }, now);
    return true;
  });
}

/** The member declines places held for them: they go to the next in the queue. */
export async function declineOffer(
  deps: Pick<OfferDeps, 'db' | 'clock'>,
  userId: number,
  token: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const offer = await lockOffer(tx, { token, userId });
    if (!offer) throw new AppError('NOT_FOUND', 404);
    if (offer.state !== 'open') throw new AppError('WAITLIST_OFFER_GONE', 409);
    await giveBack(tx, offer, { offer: 'declined', entry: 'declined' }, deps.clock.now());
  });
}

export async function giveBack(
  tx: Transaction,
  offer: OfferRow,
  outcome: { offer: 'declined' | 'lapsed'; entry: 'declined' | 'lapsed' | 'left' },
  now: Date,
) {
  await closeOffer(tx, offer, outcome, now);
  await releaseDayPlaces(tx, offer.ticketId, offer.day, offer.places);
}

/** An offer a purchase is about to take: its places are already held, so the order takes none. */
export type ClaimedOffer = { offer: OfferRow };

/**
 * Checkout's side of accepting (`app/v4/ticket/buy` with `waitlist_offer`), in the buy's
 * transaction: the member's own open offer for this ticket, not lapsed, for guests all on its day
 * and no more of them than it holds. Locked, so the same offer cannot be bought twice at once.
 */
export async function claimOffer(
  tx: Transaction,
  input: {
    token: string;
    userId: number;
    ticketId: number;
    guests: { startDate: string; endDate: string }[];
  },
  now: Date,
): Promise<ClaimedOffer> {
  const offer = await lockOffer(tx, { token: input.token, userId: input.userId });
  if (
    offer?.state !== 'open' ||
    offer.ticketId !== input.ticketId ||
    offer.expiresAt.getTime() <= now.getTime()
  ) {
    throw new AppError('WAITLIST_OFFER_GONE', 409);
  }
  const onItsDay = input.guests.every(
    (guest) => guest.startDate === offer.day && guest.endDate === offer.day,
  );
  if (!onItsDay || input.guests.length > offer.places) {
    throw new AppError('VALIDATION_FAILED', 400, { guests: 'waitlistOfferPlaces' });
  }
  return { offer };
}

/** The order holding the offer's places is written: the offer is accepted, places it did not need go back. */
export async function acceptClaimedOffer(
  tx: Transaction,
  claimed: ClaimedOffer,
  order: { id: number; guests: number },
  now: Date,
) {
  const { offer } = claimed;
  await closeOffer(tx, offer, { offer: 'accepted', entry: 'bought', orderId: order.id }, now);
  const unused = offer.places - order.guests;
  if (unused > 0) await releaseDayPlaces(tx, offer.ticketId, offer.day, unused);
}
