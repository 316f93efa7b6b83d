import { addCalendarDays } from '@sentiero/contract/durations';
import { rowsOf } from '@sentiero/contract/figure-columns';
import { CANCELLATION_PRESETS } from '@sentiero/contract/rules/cancellation';
import {
  auditLog,
  dayCancellationOrders,
  issuedTickets,
  orderLines,
  orders,
  refunds,
  ticketDayOverrides,
} from '@sentiero/db/schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { writeDayOrders } from '../../test/day-orders.ts';
import { createTicket, createWeatherDays } from '../../test/factories.ts';
import { type FakePaypal, paypalEnvironment, startFakePaypal } from '../../test/fakes/paypal.ts';
import { type FakeStripe, startFakeStripe, stripeEnvironment } from '../../test/fakes/stripe.ts';
import { createOperator, createStaff, defaultOperatorId, signInStaff } from '../../test/staff-factories.ts';

/** Issue 25 item 6 (ADR 049): an operator cancels a day for everyone; buyers choose or are refunded. */
const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
let stripe: FakeStripe;
let paypal: FakePaypal;
let manager: Browser;
beforeAll(async () => {
  stripe = await startFakeStripe();
  paypal = await startFakePaypal();
  sut = await createTestApp(
    { ...stripeEnvironment(stripe), ...paypalEnvironment(paypal) },
    { clock: clocks },
  );
});
afterAll(async () => {
  await sut.close();
  await stripe.server.close();
  await paypal.server.close();
});
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2027-05-20T08:00:00Z')));
});

const runs = () => {
  const found = sut.app.dayCancellationRuns;
  if (!found) throw new Error('the app runs no day cancellations');
  return found;
};

async function dayTicket() {
  const ticket = await createTicket(sut.database.db, {
    cancellationRule: CANCELLATION_PRESETS.strict,
    dailyCapacity: 500,
  });
  clock.set(Date.parse(`${addCalendarDays(ticket.date, -3)}T08:00:00Z`));
  // Staff sessions are short: the manager signs in at the test's time.
  const staff = await createStaff(sut.database.db, {
    role: 'manager',
    operatorId: await defaultOperatorId(sut.database.db),
  });
  manager = await signInStaff(sut, staff, clock);
  return ticket;
}

const cancelDay = (ticket: { id: number; date: string }, reason = 'Thunderstorms forecast all day') =>
  manager.post('/api/console/day-cancellation/start?lng=en', {
    ticket_id: ticket.id,
    date: ticket.date,
    reason,
  });

async function dayRows(cancellationId: number) {
  return sut.database.db
    .select()
    .from(dayCancellationOrders)
    .where(eq(dayCancellationOrders.cancellationId, cancellationId))
    .orderBy(dayCancellationOrders.orderId);
}

async function refundsPerOrder(orderIds: number[]) {
  return sut.database.db
    .select({
      orderId: refunds.orderId,
      count: sql<number>`count(*)::int`,
      cents: sql<number>`sum(${refunds.amountCents})::int`,
    })
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .groupBy(refunds.orderId);
}

/**
 * A buyer's mails once one came: two hundred mails go through the queue at once here, so this
 * waits longer than `waitForMail`'s 15 seconds on a busy machine.
 */
async function mailsOf(email: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await waitForMail(sut, email);
    } catch (error) {
      if (attempt === 6) throw error;
    }
  }
}

/** The token of a buyer's one-click links, from the mail they got. */
async function linkOf(email: string) {
  const mails = await mailsOf(email);
  const token = mails.map((mail) => /day-cancelled\?token=([\w.%-]+)/.exec(mail.text)?.[1]).find(Boolean);
  if (!token) throw new Error(`no link in the mail to ${email}`);
  return decodeURIComponent(token);
}

describe('an operator cancels a day', () => {
  it('shows the stored forecast and what the day holds, then closes the day, audits it, and refuses a second cancellation', async () => {
    const ticket = await dayTicket();
    await createWeatherDays(sut.database.db, ticket.row.areaId, {
      from: addCalendarDays(ticket.date, -1),
      count: 3,
      forecastFrom: addCalendarDays(ticket.date, -1),
      day: (date) => (date === ticket.date ? { weatherCode: 96, rainMm: 42, gustKmh: 80 } : {}),
    });
    await writeDayOrders(sut.database.db, ticket, ['cash', 'cash']);
    const seen = await manager.get(
      `/api/console/day-cancellation/preview?lng=en&ticket_id=${ticket.id}&date=${ticket.date}`,
    );
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ orders: 2, guests: 4, existing: null });
    expect(seen.json().forecast.warnings).toEqual(['storm', 'heavyRain']);

    const started = await cancelDay(ticket);
    expect(started.statusCode, started.body).toBe(200);
    const [closed] = await sut.database.db
      .select()
      .from(ticketDayOverrides)
      .where(and(eq(ticketDayOverrides.ticketId, ticket.id), eq(ticketDayOverrides.day, ticket.date)));
    expect(closed).toMatchObject({ closed: true, reason: 'Thunderstorms forecast all day' });
    const [audited] = await sut.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'day.cancel'), eq(auditLog.targetId, String(ticket.id))));
    expect(audited).toMatchObject({ targetType: 'ticket', reason: 'Thunderstorms forecast all day' });

    const again = await cancelDay(ticket);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DAY_ALREADY_CANCELLED');
  });

  it('is refused to a desk clerk, and another operator’s ticket is a 404', async () => {
    const ticket = await dayTicket();
    const desk = await signInStaff(
      sut,
      await createStaff(sut.database.db, {
        role: 'desk',
        operatorId: await defaultOperatorId(sut.database.db),
      }),
      clock,
    );
    const refused = await desk.post('/api/console/day-cancellation/start?lng=en', {
      ticket_id: ticket.id,
      date: ticket.date,
      reason: 'storm',
    });
    expect(refused.statusCode).toBe(403);
    const other = await createOperator(sut.database.db);
    const stranger = await signInStaff(
      sut,
      await createStaff(sut.database.db, { role: 'owner', operatorId: other.id }),
      clock,
    );
    const hidden = await stranger.post('/api/console/day-cancellation/start?lng=en', {
      ticket_id: ticket.id,
      date: ticket.date,
      reason: 'storm',
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('cancels a day of 200 orders: everyone told, choices by one click, the rest refunded after 48 hours, each refund once', async () => {
    const ticket = await dayTicket();
    const methods = [
      ...Array.from({ length: 60 }, () => 'card' as const),
      ...Array.from({ length: 60 }, () => 'paypal' as const),
      ...Array.from({ length: 50 }, () => 'cash' as const),
      ...Array.from({ length: 30 }, () => 'free' as const),
    ];
    const written = await writeDayOrders(sut.database.db, ticket, methods, { stripe, language: 'it' });
    const started = await cancelDay(ticket);
    expect(started.statusCode, started.body).toBe(200);
    const { id } = started.json();

    // The queue runs it; a second run at the same time (another process) tells nobody twice.
    await Promise.all([runs().run(id), runs().run(id)]);
    const told = await dayRows(id);
    expect(told).toHaveLength(200);
    expect(told.every((row) => row.state === 'told' && row.toldAt !== null)).toBe(true);
    const firstCard = written[0];
    const firstPaypal = written[60];
    const firstCash = written[120];
    if (!firstCard || !firstPaypal || !firstCash) throw new Error('orders missing');
    const mails = await mailsOf(firstCard.email);
    expect(mails.filter((mail) => mail.subject.includes('annullato'))).toHaveLength(1);
    expect(mails[0]?.text).toMatch(/Rimborso completo \(30,00\s€\)/);

    // One buyer takes the refund; the same link again, or a forged one, is refused.
    const anyone = createBrowser(sut);
    const cardToken = await linkOf(firstCard.email);
    const refunded = await anyone.post('/api/app/ticket/day-cancelled/choose?lng=it', {
      token: cardToken,
      choice: 'refund',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ state: 'refunded', refund_cents: 3000 });
    expect(stripe.refundedCents.get(firstCard.reference ?? '')).toBe(3000);
    const reused = await anyone.post('/api/app/ticket/day-cancelled/choose?lng=it', {
      token: cardToken,
      choice: 'move',
      day: addCalendarDays(ticket.date, 2),
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('DAY_CANCELLATION_LINK_USED');
    const forged = `${cardToken.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
    expect((await anyone.get(`/api/app/ticket/day-cancelled/info?lng=it&token=${forged}`)).statusCode).toBe(
      404,
    );
    const otherOrder = cardToken.replace(/^(\d+)\.(\d+)\./, (_, c) => `${c}.${firstPaypal.id}.`);
    expect(
      (
        await anyone.post('/api/app/ticket/day-cancelled/choose?lng=it', {
          token: otherOrder,
          choice: 'refund',
        })
      ).statusCode,
    ).toBe(404);

    // Another moves to a later day for free, whatever the strict rule says.
    const paypalToken = await linkOf(firstPaypal.email);
    const offer = (await anyone.get(`/api/app/ticket/day-cancelled/info?lng=it&token=${paypalToken}`)).json();
    const later = addCalendarDays(ticket.date, 2);
    expect(offer.days.map((day: { date: string }) => day.date)).toContain(later);
    expect(offer.days.map((day: { date: string }) => day.date)).not.toContain(ticket.date);
    const moved = await anyone.post('/api/app/ticket/day-cancelled/choose?lng=it', {
      token: paypalToken,
      choice: 'move',
      day: later,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ state: 'moved', moved_to: later });
    const movedLines = await sut.database.db
      .select({ start: orderLines.startDate, status: issuedTickets.status })
      .from(orderLines)
      .innerJoin(issuedTickets, eq(issuedTickets.orderLineId, orderLines.id))
      .where(eq(orderLines.orderId, firstPaypal.id));
    expect(movedLines).toEqual([
      { start: later, status: 'active' },
      { start: later, status: 'active' },
    ]);

    // Before 48 hours nothing lapses; after, everyone left is refunded, even with the lapse run twice.
    await runs().lapseDue();
    expect((await dayRows(id)).filter((row) => row.state === 'refunded')).toHaveLength(1);
    clock.set(clock.ms() + 48 * 3_600_000 + 60_000);
    await Promise.all([runs().lapseDue(), runs().lapseDue()]);
    await runs().lapseDue();

    const rows = await dayRows(id);
    expect(rows.filter((row) => row.state === 'refunded')).toHaveLength(199);
    expect(rows.filter((row) => row.state === 'moved')).toHaveLength(1);
    const perOrder = await refundsPerOrder(written.map((order) => order.id));
    expect(perOrder).toHaveLength(199);
    expect(perOrder.every((row) => row.count === 1)).toBe(true);
    const byId = new Map(perOrder.map((row) => [row.orderId, row.cents]));
    for (const order of written) {
      if (order.id === firstPaypal.id) continue;
      expect(byId.get(order.id)).toBe(order.method === 'card' || order.method === 'paypal' ? 3000 : 0);
      if (order.method === 'card') expect(stripe.refundedCents.get(order.reference ?? '')).toBe(3000);
    }
    expect(paypal.refunds.filter((refund) => refund.value === '30.00')).toHaveLength(59);
    const settled = await sut.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(
        inArray(
          orders.id,
          written.map((order) => order.id),
        ),
      );
    expect(settled.filter((order) => order.status === 'refunded')).toHaveLength(199);
    expect((await cancelledTickets(firstCash.id)).every((status) => status === 'cancelled')).toBe(true);

    manager = await signInStaff(
      sut,
      await createStaff(sut.database.db, {
        role: 'manager',
        operatorId: await defaultOperatorId(sut.database.db),
      }),
      clock,
    );
    const progress = await manager.get(`/api/console/day-cancellation/progress?lng=en&id=${id}`);
    expect(progress.json()).toMatchObject({
      state: 'done',
      orders: 200,
      told: 200,
      refunded: 199,
      moved: 1,
      failed: 0,
      refunded_cents: 119 * 3000,
    });

    // The figures show the cancelled day apart from the sales.
    const figures = await manager.get(
      `/api/console/figures?lng=en&from=${addCalendarDays(ticket.date, -1)}&to=${ticket.date}&grain=day&split=ticket`,
    );
    expect(figures.statusCode, figures.body).toBe(200);
    // By column (ADR 052): read as rows.
    const ours = rowsOf(figures.json().cancelled_days as { key: number[] }).filter(
      (row) => row.key === ticket.id,
    );
    expect(ours).toEqual([
      {
        bucket: ticket.date,
        key: ticket.id,
        days: 1,
        orders: 200,
        moved: 1,
        refunds: 199,
        refunds_cents: 119 * 3000,
      },
    ]);
  }, 240_000);
});

async function cancelledTickets(orderId: number) {
  const rows = await sut.database.db
    .select({ status: issuedTickets.status })
    .from(issuedTickets)
    .where(eq(issuedTickets.orderId, orderId));
  return rows.map((row) => row.status);
}
