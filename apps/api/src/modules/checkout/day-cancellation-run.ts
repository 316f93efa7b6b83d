import type { dayCancellationChoose } from '@sentiero/contract/day-cancellations';
import type { Language } from '@sentiero/contract/languages';
import { PAGES } from '@sentiero/contract/pages';
import { paidShares } from '@sentiero/contract/rules/refund-shares';
import type { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { findSaleTicket } from '../tickets/index.ts';
import { findGuestsToCancel } from './cancel-repo.ts';
import type { DayCancellationLinks } from './day-cancellation-links.ts';
import {
  claimUndecidedOrders,
  collectDayOrders,
  type DayCancellationRow,
  findDayCancellation,
  findDayOrder,
  findDayOrders,
  findTicketSubject,
  moveDayCancellation,
  moveDayOrder,
} from './day-cancellations-repo.ts';
import { dayCancelledMail } from './mails.ts';
import { listMoveDays, moveGuests } from './move-day.ts';
import type { RefundContext } from './refund-settle.ts';
import { refundOrder } from './refunds.ts';
import { findClaimedOrderLines, findRefundByIdempotencyKey } from './refunds-repo.ts';
import { findOrderById, findOrderLines } from './repo.ts';
import type { CheckoutDeps } from './service.ts';

/*
 * Issue 25 item 6 (ADR 049): the queued run of a cancelled day. It collects the day's orders,
 * tells each buyer in their language with two one-click links (everything back, or another open
 * day free, whatever the rule), and after 48 hours refunds every buyer who chose nothing. Each
 * order's refund has the idempotency key `day-cancel-<cancellation>-<order>`, so a run started
 * again, two runs at once, and a buyer's click racing the lapse all make one refund.
 */

/** Orders told or refunded per batch: a batch's rows are read in one statement. */
const BATCH = 100;
/**
 * Refunds a lapse asks for at once: the provider's answer is most of each one's time, and four
 * stay well inside the database pool a process has (ten connections by default).
 */
const REFUNDS_AT_ONCE = 4;

export type DayCancellationDeps = {
  context: RefundContext & { origin: string };
  checkout: Pick<CheckoutDeps, 'providers' | 'signer' | 'queueTicketMail'>;
  links: DayCancellationLinks;
};

const refundKey = (cancellationId: number, orderId: number) => `day-cancel-${cancellationId}-${orderId}`;

/** Tells every buyer of the day (a run stopped half way goes on with those not told yet). */
export async function runDayCancellation(deps: DayCancellationDeps, id: number) {
  const { db, clock } = deps.context;
  const cancellation = await findDayCancellation(db, id);
  if (!cancellation || cancellation.state === 'waiting' || cancellation.state === 'done') return;
  if (cancellation.state === 'collecting') {
    await collectDayOrders(db, cancellation);
    await moveDayCancellation(db, id, { state: 'telling' });
  }
  const subject = await findTicketSubject(db, 'en', cancellation.ticketIds[0] ?? 0);
  const timeZone = subject?.timeZone ?? 'Europe/Rome';
  for (;;) {
    const batch = await findDayOrders(db, id, ['waiting'], BATCH);
    if (batch.length === 0) break;
    for (const order of batch) {
      const key = { cancellationId: id, orderId: order.orderId };
      // Marked first: of two runs at once, only the one that marks it mails the buyer.
      if (!(await moveDayOrder(db, key, ['waiting'], { state: 'told', toldAt: clock.now() }))) continue;
      if (order.deleted || !order.email) continue;
      const token = deps.links.sign(id, order.orderId);
      const link = (choice: 'refund' | 'move') =>
        `${deps.context.origin}${PAGES.dayCancelled.path({ token, choice })}`;
      await deps.context.mail.send({
        to: order.email,
        ...dayCancelledMail(
          order.language as Language,
          {
            firstname: order.firstName,
            orderCode: order.code,
            title: order.title,
            day: cancellation.day,
            reason: cancellation.reason,
            amountCents: await refundCentsOf(deps, order.orderId, order.lineIds),
            refundUrl: link('refund'),
            moveUrl: link('move'),
            lapseAt: cancellation.lapseAt,
            timeZone,
          },
          deps.context.config.brand,
        ),
      });
    }
  }
  await moveDayCancellation(db, id, { state: 'waiting' });
}

/** What the guests of the day paid: everything comes back, no fee (no money: nothing). */
async function refundCentsOf(deps: DayCancellationDeps, orderId: number, lineIds: number[]) {
  const order = await findOrderById(deps.context.db, orderId);
  if (!order || order.paymentMethod === 'cash' || order.paymentMethod === 'free') return 0;
  const shares = paidShares(await findOrderLines(deps.context.db, orderId), order.totalCents);
  return lineIds.reduce((sum, id) => sum + (shares.get(id) ?? 0), 0);
}

/**
 * Refunds one order of the day, whose row the caller moved to `refunding`: card and PayPal
 * through `refundOrder` with the order's one key, pay on site and free orders cancelled without
 * money. A provider's refusal leaves the order `failed` for staff; a provider out of reach leaves
 * it `refunding` and throws, so the queue runs it again.
 */
async function refundDayOrder(deps: DayCancellationDeps, cancellation: DayCancellationRow, orderId: number) {
  const { db, clock } = deps.context;
  const key = { cancellationId: cancellation.id, orderId };
  const row = await findDayOrder(db, cancellation.id, orderId);
  const order = await findOrderById(db, orderId);
  if (!row || !order) return;
  const idempotencyKey = refundKey(cancellation.id, orderId);
  // A guest the buyer cancelled themselves meanwhile has their own refund. Read before this
  // order's own refund: one another run writes in between is then found below, not taken for theirs.
  const claimed = await findClaimedOrderLines(db, orderId);
  const earlier = await findRefundByIdempotencyKey(db, idempotencyKey);
  const guests = earlier ? undefined : row.lineIds.filter((id) => !claimed.has(id));
  if (guests?.length === 0 || order.status !== 'issued') {
    // Nothing left to refund here: another run's refund of this order (found by its key) settled it.
    await moveDayOrder(db, key, ['refunding'], {
      state: 'refunded',
      refundId: earlier?.id ?? null,
      decidedAt: clock.now(),
    });
    return;
  }
  const refund = (only: number[] | undefined) =>
    refundOrder(deps.context, deps.checkout, {
      orderCode: order.code,
      ...(only && { guests: only }),
      reason: `day cancelled: ${cancellation.reason}`,
      requestedBy: null,
      idempotencyKey,
    });
  try {
    const outcome = await refund(guests).catch(async (error: unknown) => {
      // Another run wrote this order's refund between our look and our request: answer that one.
      if (error instanceof AppError && error.code === 'REFUND_ALREADY_REQUESTED') {
        if (await findRefundByIdempotencyKey(db, idempotencyKey)) return refund(undefined);
      }
      throw error;
    });
    await moveDayOrder(db, key, ['refunding'], {
      state: outcome.state === 'failed' ? 'failed' : 'refunded',
      refundId: outcome.id,
      decidedAt: clock.now(),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'REFUND_REFUSED') {
      const refund = await findRefundByIdempotencyKey(db, idempotencyKey);
      await moveDayOrder(db, key, ['refunding'], {
        state: 'failed',
        refundId: refund?.id ?? null,
        failure: String(error.fields?.reason ?? 'refund_refused').slice(0, 200),
      });
      return;
    }
    throw error;
  }
}

/**
 * After 48 hours: every order not decided is claimed and refunded. Started again (a crash, a
 * provider out of reach), it takes up the orders still `refunding`: their refunds keep their key.
 */
export async function lapseDayCancellation(deps: DayCancellationDeps, id: number) {
  const { db, clock } = deps.context;
  const cancellation = await findDayCancellation(db, id);
  if (!cancellation || cancellation.state === 'done') return;
  // Buyers not told yet (the run still going) are told first: nobody is refunded unannounced.
  if (cancellation.state === 'collecting' || cancellation.state === 'telling')
    await runDayCancellation(deps, id);
  await claimUndecidedOrders(db, id, clock.now());
  let unreachable: unknown;
  let after = 0;
  for (;;) {
    const batch = await findDayOrders(db, id, ['refunding'], BATCH, after);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]?.orderId ?? after;
    // A few refunds at a time: each waits mostly on its provider, and each is its own order.
    for (let at = 0; at < batch.length; at += REFUNDS_AT_ONCE) {
      await Promise.all(
        batch.slice(at, at + REFUNDS_AT_ONCE).map(async (order) => {
          try {
            await refundDayOrder(deps, cancellation, order.orderId);
          } catch (error) {
            unreachable = error;
            deps.context.log.warn(
              { err: error, cancellation: id, order: order.orderId },
              'a day refund must wait',
            );
          }
        }),
      );
    }
  }
  if (unreachable) {
    await moveDayCancellation(db, id, { lastError: String(unreachable).slice(0, 500) });
    throw unreachable;
  }
  await moveDayCancellation(db, id, { state: 'done', lastError: null });
}

/** The order a one-click link names, with its cancellation; a forged link is a 404. */
async function requireLink(ctx: Pick<ServiceContext, 'db'>, links: DayCancellationLinks, token: string) {
  const named = links.read(token);
  if (!named) throw notFound();
  const [cancellation, row, order] = await Promise.all([
    findDayCancellation(ctx.db, named.cancellationId),
    findDayOrder(ctx.db, named.cancellationId, named.orderId),
    findOrderById(ctx.db, named.orderId),
  ]);
  if (!cancellation || !row || !order) throw notFound();
  return { cancellation, row, order };
}

export async function describeDayChoice(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'lang'>,
  deps: DayCancellationDeps,
  token: string,
) {
  const { cancellation, row, order } = await requireLink(ctx, deps.links, token);
  const guests = (await findGuestsToCancel(ctx.db, order.id)).filter((guest) =>
    row.lineIds.includes(guest.id),
  );
  const ticketId = guests[0]?.ticketId;
  const undecided = row.state === 'told' || row.state === 'waiting';
  return {
    order_code: order.code,
    day: cancellation.day,
    title: (await titleOf(ctx, ticketId)) ?? '',
    reason: cancellation.reason,
    guests: guests.map((guest) => guest.name),
    refund_cents: await refundCentsOf(deps, order.id, row.lineIds),
    state: row.state,
    moved_to: row.movedTo,
    lapse_at: cancellation.lapseAt.toISOString(),
    days: undecided && ticketId !== undefined ? await listMoveDays(ctx, ticketId, guests) : [],
  };
}

async function titleOf(ctx: Pick<ServiceContext, 'db' | 'lang'>, ticketId: number | undefined) {
  if (ticketId === undefined) return undefined;
  return (await findSaleTicket(ctx, ticketId))?.title;
}

/**
 * The buyer's one click: everything back (no fee, whatever the rule) or the guests of the day
 * moved free to another open day. A choice made already (a link used twice, the lapse first) is
 * a 409; the move claims the order in its own transaction, the refund before it asks.
 */
export async function chooseForDay(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'lang'>,
  deps: DayCancellationDeps,
  input: z.output<typeof dayCancellationChoose.input>,
) {
  const { cancellation, row, order } = await requireLink(ctx, deps.links, input.token);
  const key = { cancellationId: cancellation.id, orderId: order.id };
  if (row.state !== 'told' && row.state !== 'waiting') throw new AppError('DAY_CANCELLATION_LINK_USED', 409);
  if (input.choice === 'refund') {
    if (
      !(await moveDayOrder(ctx.db, key, ['told', 'waiting'], {
        state: 'refunding',
        decidedAt: ctx.clock.now(),
      }))
    )
      throw new AppError('DAY_CANCELLATION_LINK_USED', 409);
    await refundDayOrder(deps, cancellation, order.id);
  } else {
    if (!input.day) throw new AppError('VALIDATION_FAILED', 400, { day: 'field.required' });
    const day = input.day;
    await moveGuests(ctx, deps.checkout, {
      order,
      lineIds: row.lineIds,
      day,
      movedBy: { dayCancellationId: cancellation.id },
      claim: (tx) =>
        moveDayOrder(tx, key, ['told', 'waiting'], {
          state: 'moved',
          movedTo: day,
          decidedAt: ctx.clock.now(),
        }),
    });
  }
  return describeDayChoice(ctx, deps, input.token);
}
