import type { PaymentMethod } from '@sentiero/contract/checkout';
import { cancellationTerms, guestRefundCents } from '@sentiero/contract/rules/cancellation';
import { paidShares } from '@sentiero/contract/rules/refund-shares';
import type { CancelPreview, ticketCancel, ticketCancelPreview } from '@sentiero/contract/ticket-cancel';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import { describeCancellation } from '../../platform/cancellation-texts.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { memberRow, requireRecentAuthentication } from '../accounts/index.ts';
import { findGuestsToCancel } from './cancel-repo.ts';
import { refundOrder } from './refunds.ts';
import { findClaimedOrderLines, findRefundByIdempotencyKey } from './refunds-repo.ts';
import { findOrderByCode } from './repo.ts';
import type { CheckoutDeps } from './service.ts';

/** Methods whose money never passed through Sentiero: their guests are cancelled without a refund. */
const NO_MONEY_TAKEN: readonly string[] = ['cash', 'free'] satisfies PaymentMethod[];
/** Methods that give the money back to a card: the buyer confirms with their password. */
const CARD_METHODS: readonly string[] = ['card', 'sandbox'] satisfies PaymentMethod[];

/**
 * One of the member's orders, its guests each with what cancelling them now gives back by the
 * rule kept with the order (ADR 045). Not the member's order, or not an order with tickets: 404.
 */
async function readCancellation(ctx: ServiceContext, code: string, guests: number[] | undefined) {
  const { id: userId } = await requireAccess(ctx, 'member');
  const order = await findOrderByCode(ctx.db, code);
  if (!order || order.userId !== userId) throw notFound();
  if (order.status !== 'issued' && order.status !== 'refunded')
    throw new AppError('ORDER_NOT_REFUNDABLE', 409);
  const [rows, claimed] = await Promise.all([
    findGuestsToCancel(ctx.db, order.id),
    findClaimedOrderLines(ctx.db, order.id),
  ]);
  const first = rows[0];
  if (!first) throw notFound();
  const rule = order.cancellationRule ?? first.ticketRule;
  const noMoney = NO_MONEY_TAKEN.includes(order.paymentMethod);
  const shares = paidShares(rows, noMoney ? 0 : order.totalCents);
  const now = ctx.clock.now();
  const view = rows.map((row) => {
    const terms = cancellationTerms(rule, { firstDay: row.firstDay, now, timeZone: row.timeZone });
    // Nothing was paid through us: the place can be given back until the day before, whatever the tiers.
    const open = noMoney ? terms.daysBefore >= 1 : terms.open;
    const state =
      claimed.has(row.id) || row.ticketStatus === 'cancelled'
        ? 'cancelled'
        : (row.uses ?? 0) > 0
          ? 'used'
          : open
            ? 'open'
            : 'closed';
    const paid = shares.get(row.id) ?? 0;
    return {
      id: row.id,
      name: row.name,
      first_day: row.firstDay,
      state,
      paid_cents: paid,
      refund_cents: state === 'open' ? guestRefundCents(rule, paid, terms.percent) : 0,
      percent: state === 'open' ? terms.percent : 0,
    } as const;
  });
  const known = new Set(view.map((guest) => guest.id));
  if (guests?.some((id) => !known.has(id)))
    throw new AppError('VALIDATION_FAILED', 400, { guests: 'invalid' });
  const chosenIds = guests
    ? [...new Set(guests)]
    : view.filter((guest) => guest.state === 'open').map((g) => g.id);
  const chosen = view.filter((guest) => chosenIds.includes(guest.id));
  const preview: CancelPreview = {
    order_code: order.code,
    no_money: noMoney,
    needs_password: false,
    guests: view,
    chosen: chosen.map((guest) => guest.id),
    paid_cents: chosen.reduce((sum, guest) => sum + guest.paid_cents, 0),
    refund_cents: chosen.reduce((sum, guest) => sum + guest.refund_cents, 0),
    terms: describeCancellation(ctx.lang, rule),
  };
  preview.needs_password = preview.refund_cents > 0 && CARD_METHODS.includes(order.paymentMethod);
  return { order, preview, chosen };
}

/** What cancelling now would give back; nothing changes. */
export async function previewCancellation(
  ctx: ServiceContext,
  input: z.output<typeof ticketCancelPreview.input>,
): Promise<CancelPreview> {
  return (await readCancellation(ctx, input.order, input.guests)).preview;
}

/**
 * Issue 25 item 2: the buyer cancels guests by the order's rule. Every chosen guest must still be
 * open (a used ticket, a closed window or a guest already cancelled is a 409 with its reason);
 * the refund goes through checkout's one refund path (`refundOrder`, ADR 029) with each guest's
 * amount by the rule, so the tickets are cancelled, the places returned and the buyer mailed as
 * for any refund, and two cancellations of one guest at once refund it once.
 */
export async function cancelByPolicy(
  ctx: ServiceContext,
  deps: Pick<CheckoutDeps, 'providers'>,
  input: z.output<typeof ticketCancel.input>,
) {
  const { id: userId } = await requireAccess(ctx, 'member');
  const idempotencyKey = `member-cancel-${userId}-${input.idempotency_key}`;
  const reason = 'cancelled by the buyer';
  // The same confirmation again (a lost answer): the same refund, as it stands.
  if (await findRefundByIdempotencyKey(ctx.db, idempotencyKey)) {
    const again = await refundOrder(ctx, deps, {
      orderCode: input.order,
      ...(input.guests && { guests: input.guests }),
      reason,
      requestedBy: { memberId: userId },
      idempotencyKey,
    });
    return { state: again.state, refund_cents: again.amountCents, guests: again.guests };
  }
  const { order, preview, chosen } = await readCancellation(ctx, input.order, input.guests);
  if (chosen.length === 0) {
    const states = new Set(preview.guests.map((guest) => guest.state));
    throw refusal(states.has('used') ? 'used' : states.has('closed') ? 'closed' : 'cancelled');
  }
  for (const guest of chosen) if (guest.state !== 'open') throw refusal(guest.state);
  if (preview.needs_password) {
    const member = await requireAccess(ctx, 'member');
    // No password sent is a missing field (400), not a wrong password counted against the account.
    const proof = input.password === undefined ? {} : { password: input.password };
    await requireRecentAuthentication(ctx, await memberRow(ctx, member), proof);
  }
  const outcome = await refundOrder(ctx, deps, {
    orderCode: order.code,
    guests: chosen.map((guest) => guest.id),
    reason,
    requestedBy: { memberId: userId },
    idempotencyKey,
    refundCents: new Map(chosen.map((guest) => [guest.id, guest.refund_cents])),
  });
  return { state: outcome.state, refund_cents: outcome.amountCents, guests: outcome.guests };
}

function refusal(state: 'used' | 'closed' | 'cancelled' | 'open') {
  if (state === 'used') return new AppError('TICKET_ALREADY_USED', 409);
  if (state === 'closed') return new AppError('CANCELLATION_CLOSED', 409);
  return new AppError('REFUND_ALREADY_REQUESTED', 409);
}
