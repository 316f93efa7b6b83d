import { addCalendarDays, calendarDateIn } from '@sentiero/contract/durations';
import { daysBetween as calendarDaysBetween } from '@sentiero/contract/rules/cancellation';
import {
  MOVE_DAYS_AHEAD,
  type MovePreview,
  type ticketMove,
  type ticketMovePreview,
} from '@sentiero/contract/ticket-move';
import type { Transaction } from '@sentiero/db/client';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { describeTicketDays, findSaleTicket, isOnSale } from '../tickets/index.ts';
import { findGuestsToCancel } from './cancel-repo.ts';
import { signTickets, type TicketToSign } from './issue.ts';
import {
  lockDayPlaces,
  lockGuestTickets,
  moveOrderLine,
  recordTicketMoves,
  reissueTicket,
} from './move-repo.ts';
import { placesNeeded } from './places.ts';
import { releaseTicketPlaces, takeTicketPlaces } from './places-repo.ts';
import { findClaimedOrderLines } from './refunds-repo.ts';
import { findOrderByCode, type OrderRow } from './repo.ts';
import type { CheckoutDeps } from './service.ts';

/*
 * Issue 25 item 3 (ADR 049): guests move to another open day of the same ticket at the same
 * price. The guest keeps their order line and their ticket's row; the line gets the new dates and
 * the ticket a new code, signatures and QR, and its old code goes to `ticket_moves`, which the
 * rangers' bundle lists as revoked and redeem refuses. Places are given back and taken in the
 * transaction that does all of it: of two moves onto a day's last place, one gets it and the
 * other a 409 that changes nothing.
 */

type MoveContext = Pick<ServiceContext, 'db' | 'clock' | 'lang'>;

type GuestState = 'open' | 'used' | 'closed' | 'cancelled';

/** An order's guests as a move reads them, each with where it stands now. */
async function readGuests(ctx: MoveContext, order: OrderRow) {
  const [rows, claimed] = await Promise.all([
    findGuestsToCancel(ctx.db, order.id),
    findClaimedOrderLines(ctx.db, order.id),
  ]);
  const now = ctx.clock.now();
  return rows.map((row) => {
    // A day can be changed until the day before the guest's first day, in the area's time zone.
    const daysBefore = calendarDaysBetween(calendarDateIn(row.timeZone, now), row.firstDay);
    const state: GuestState =
      claimed.has(row.id) || row.ticketStatus !== 'active'
        ? 'cancelled'
        : (row.uses ?? 0) > 0
          ? 'used'
          : daysBefore >= 1
            ? 'open'
            : 'closed';
    return { ...row, state };
  });
}

/** The member's own issued order: anyone else's, or one not issued, is a 404. */
async function requireMemberOrder(ctx: ServiceContext, code: string) {
  const { id: userId } = await requireAccess(ctx, 'member');
  const order = await findOrderByCode(ctx.db, code);
  if (!order || order.userId !== userId || order.status !== 'issued') throw notFound();
  return { order, userId };
}

function chooseGuests<G extends { id: number; state: GuestState }>(guests: G[], asked: number[] | undefined) {
  const known = new Set(guests.map((guest) => guest.id));
  if (asked?.some((id) => !known.has(id)))
    throw new AppError('VALIDATION_FAILED', 400, { guests: 'invalid' });
  const ids = asked ? [...new Set(asked)] : guests.filter((guest) => guest.state === 'open').map((g) => g.id);
  return guests.filter((guest) => ids.includes(guest.id));
}

/**
 * The days the guests of one ticket can move to: open for sale and starts by the ticket's rules,
 * not closed by its operator, with places for all of them; never one of the days they are on.
 */
export async function listMoveDays(
  ctx: MoveContext,
  ticketId: number,
  guests: { firstDay: string }[],
): Promise<{ date: string; remaining: number | null }[]> {
  const ticket = await findSaleTicket(ctx, ticketId);
  if (!ticket || guests.length === 0) return [];
  const today = calendarDateIn(ticket.timeZone, ctx.clock.now());
  const current = new Set(guests.map((guest) => guest.firstDay));
  const days = await describeTicketDays(
    ctx,
    { ...ticket, onSale: isOnSale(ticket, today) },
    addCalendarDays(today, 1),
    MOVE_DAYS_AHEAD,
    today,
  );
  return days
    .filter((day) => day.open && !current.has(day.date))
    .filter((day) => day.remaining === null || day.remaining >= guests.length)
    .map((day) => ({ date: day.date, remaining: day.remaining }));
}

export async function previewMove(
  ctx: ServiceContext,
  input: z.output<typeof ticketMovePreview.input>,
): Promise<MovePreview> {
  const { order } = await requireMemberOrder(ctx, input.order);
  const guests = await readGuests(ctx, order);
  const first = guests[0];
  if (!first) throw notFound();
  const allowed = (order.cancellationRule ?? first.ticketRule).move_allowed;
  const chosen = chooseGuests(guests, input.guests);
  const movable = allowed && chosen.length > 0 && chosen.every((guest) => guest.state === 'open');
  return {
    order_code: order.code,
    allowed,
    guests: guests.map((guest) => ({
      id: guest.id,
      name: guest.name,
      first_day: guest.firstDay,
      last_day: guest.lastDay,
      state: guest.state,
    })),
    chosen: chosen.map((guest) => guest.id),
    days: movable ? await listMoveDays(ctx, first.ticketId, chosen) : [],
  };
}

/** Issue 25 item 3: the member moves guests by the order's rule. */
export async function moveByPolicy(
  ctx: ServiceContext,
  deps: Pick<CheckoutDeps, 'signer' | 'queueTicketMail'>,
  input: z.output<typeof ticketMove.input>,
) {
  const { order, userId } = await requireMemberOrder(ctx, input.order);
  const guests = await readGuests(ctx, order);
  const first = guests[0];
  if (!first) throw notFound();
  const chosen = chooseGuests(guests, input.guests);
  if (!(order.cancellationRule ?? first.ticketRule).move_allowed) throw new AppError('MOVE_NOT_ALLOWED', 409);
  if (chosen.length === 0) {
    const states = new Set(guests.map((guest) => guest.state));
    throw refusal(states.has('used') ? 'used' : states.has('closed') ? 'closed' : 'cancelled');
  }
  for (const guest of chosen) if (guest.state !== 'open') throw refusal(guest.state);
  return moveGuests(ctx, deps, {
    order,
    lineIds: chosen.map((guest) => guest.id),
    day: input.day,
    movedBy: { memberId: userId },
  });
}

function refusal(state: GuestState) {
  if (state === 'used') return new AppError('MOVE_TICKET_USED', 409);
  if (state === 'closed') return new AppError('MOVE_CLOSED', 409);
  return new AppError('TICKET_CANCELLED', 409);
}

export type MoveGuestsInput = {
  order: OrderRow;
  lineIds: number[];
  day: string;
  movedBy: { memberId: number } | { dayCancellationId: number };
  /**
   * Runs first in the move's transaction: a cancelled day's choice claims its order there, so a
   * link used twice, or the 48-hour refund at the same moment, moves nothing. False refuses.
   */
  claim?: (tx: Transaction) => Promise<boolean>;
};

/**
 * Moves the guests to `day` (each keeps the length of their validity), whatever the rule: the
 * caller decided they may. The day must be open with places for all of them.
 */
export async function moveGuests(
  ctx: MoveContext,
  deps: Pick<CheckoutDeps, 'signer' | 'queueTicketMail'>,
  input: MoveGuestsInput,
) {
  const { order, day } = input;
  const guests = (await findGuestsToCancel(ctx.db, order.id)).filter((guest) =>
    input.lineIds.includes(guest.id),
  );
  const ticketId = guests[0]?.ticketId;
  if (ticketId === undefined || guests.some((guest) => guest.ticketId !== ticketId)) throw notFound();
  const open = await listMoveDays(ctx, ticketId, guests);
  if (!open.some((candidate) => candidate.date === day)) throw new AppError('DAY_NOT_AVAILABLE', 409);
  const ticket = await findSaleTicket({ db: ctx.db, lang: order.language }, ticketId);
  if (!ticket) throw new AppError('DAY_NOT_AVAILABLE', 409);
  const now = ctx.clock.now();
  const moved = guests.map((guest) => ({
    guest,
    startDate: day,
    endDate: addCalendarDays(day, calendarDaysBetween(guest.firstDay, guest.lastDay)),
  }));

  const issued = await ctx.db.transaction(async (tx) => {
    if (input.claim && !(await input.claim(tx))) throw new AppError('DAY_CANCELLATION_LINK_USED', 409);
    const locked = await lockGuestTickets(tx, input.lineIds);
    if (locked.length !== input.lineIds.length || locked.some((row) => row.status !== 'active'))
      throw new AppError('TICKET_CANCELLED', 409);
    if (locked.some((row) => row.uses > 0)) throw new AppError('MOVE_TICKET_USED', 409);
    const claimed = await findClaimedOrderLines(tx, order.id);
    if (input.lineIds.some((id) => claimed.has(id))) throw new AppError('TICKET_CANCELLED', 409);

    if (ticket.dailyCapacity !== null) {
      const before = placesNeeded(
        guests.map((guest) => ({ startDate: guest.firstDay, endDate: guest.lastDay })),
      );
      const after = placesNeeded(moved);
      await lockDayPlaces(tx, ticketId, [...new Set([...before.days, ...after.days])].sort());
      await releaseTicketPlaces(tx, ticketId, before);
      if (!(await takeTicketPlaces(tx, ticketId, after, ticket.dailyCapacity)))
        throw new AppError('DAY_NOT_AVAILABLE', 409);
    }
    const lines = [];
    for (const { guest, startDate, endDate } of moved) {
      await moveOrderLine(tx, guest.id, startDate, endDate);
      lines.push({ id: guest.id, ticketId, guestName: guest.name, startDate, endDate });
    }
    const signing = new Map<number, TicketToSign>([[ticketId, ticket]]);
    const signed = signTickets(deps.signer, lines, signing, now);
    const byLine = new Map(locked.map((row) => [row.orderLineId, row]));
    for (const fresh of signed) {
      const old = byLine.get(fresh.orderLineId);
      if (!old) throw new Error(`order line ${fresh.orderLineId} has no ticket`);
      await reissueTicket(tx, old.id, {
        code: fresh.code,
        signedCode: fresh.signedCode,
        qrCode: fresh.qrCode,
        validFrom: fresh.validFrom,
        validUntil: fresh.validUntil,
        issuedAt: now,
      });
    }
    await recordTicketMoves(
      tx,
      signed.map((fresh) => {
        const old = byLine.get(fresh.orderLineId);
        if (!old) throw new Error(`order line ${fresh.orderLineId} has no ticket`);
        return {
          issuedTicketId: old.id,
          orderId: order.id,
          orderLineId: fresh.orderLineId,
          ticketId,
          oldCode: old.code,
          oldFrom: old.validFrom,
          oldUntil: old.validUntil,
          newFrom: fresh.validFrom,
          newUntil: fresh.validUntil,
          movedByMemberId: 'memberId' in input.movedBy ? input.movedBy.memberId : null,
          dayCancellationId: 'dayCancellationId' in input.movedBy ? input.movedBy.dayCancellationId : null,
          movedAt: now,
        };
      }),
    );
    return signed;
  });
  // The whole order's tickets again, the new ones among them, in the buyer's language.
  await deps.queueTicketMail(order.id, day);
  return {
    order_code: order.code,
    day,
    tickets: issued.map((fresh) => ({ guest: fresh.orderLineId, code: fresh.code })),
  };
}
