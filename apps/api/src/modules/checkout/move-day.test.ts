import { addCalendarDays } from '@sentiero/contract/durations';
import { decodeRevokedCodes, isRevoked } from '@sentiero/contract/ranger-field';
import { CANCELLATION_PRESETS, type CancellationRule } from '@sentiero/contract/rules/cancellation';
import { issuedTickets, orderLines, ticketDayOverrides, ticketDayPlaces } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember, createTicket, type TicketOverrides } from '../../test/factories.ts';
import { enrolDevice } from '../../test/ranger-devices.ts';
import { buyFor, guestsOf, orderRow } from '../../test/refund-kit.ts';
import { createStaff, defaultOperatorId } from '../../test/staff-factories.ts';

const BUYING = Date.parse('2026-11-23T08:00:00Z');
const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(async () => {
  await sut.close();
});
beforeEach(() => {
  clock = clocks.use(createTestClock(BUYING));
});

/** Noon in Rome, `days` calendar days before `date`. */
const daysBefore = (date: string, days: number) => Date.parse(`${addCalendarDays(date, -days)}T11:00:00Z`);

async function bought(
  guests: string[],
  {
    rule = CANCELLATION_PRESETS.moderate,
    ticket: overrides = {},
    lng = 'en',
    email,
  }: {
    rule?: CancellationRule;
    ticket?: TicketOverrides;
    lng?: string;
    email?: string;
  } = {},
) {
  const ticket = await createTicket(sut.database.db, { cancellationRule: rule, ...overrides });
  clock.set(daysBefore(ticket.date, 21));
  const browser = await createMember(sut, 'Giulia', { lng, ...(email && { email }) });
  const order = await buyFor(browser, ticket, guests, { lng });
  const lines = await guestsOf(sut, order.code);
  return { browser, ticket, order, lines };
}

const preview = (browser: Browser, order: string, guests?: (number | undefined)[]) =>
  browser.get(
    `/api/app/ticket/move/preview?order=${order}${guests ? `&guests=${guests.join(',')}` : ''}&lng=en`,
  );

const move = (browser: Browser, order: string, day: string, guests?: (number | undefined)[]) =>
  browser.post('/api/app/ticket/move?lng=en', {
    order,
    day,
    ...(guests && { guests: guests.join(',') }),
  });

async function taken(ticketId: number, day: string) {
  const [row] = await sut.database.db
    .select({ taken: ticketDayPlaces.taken })
    .from(ticketDayPlaces)
    .where(and(eq(ticketDayPlaces.ticketId, ticketId), eq(ticketDayPlaces.day, day)));
  return row?.taken ?? 0;
}

async function ticketsOf(code: string) {
  const order = await orderRow(sut, code);
  return sut.database.db
    .select({
      line: issuedTickets.orderLineId,
      code: issuedTickets.code,
      qr: issuedTickets.qrCode,
      from: issuedTickets.validFrom,
      start: orderLines.startDate,
      status: issuedTickets.status,
    })
    .from(issuedTickets)
    .innerJoin(orderLines, eq(orderLines.id, issuedTickets.orderLineId))
    .where(eq(issuedTickets.orderId, order.id))
    .orderBy(issuedTickets.orderLineId);
}

describe('a buyer moving guests to another day', () => {
  it('moves one guest: new code and QR on the new day, places moved, same price, a mail with the new tickets', async () => {
    const email = `move-one-${Date.now()}@example.com`;
    const { browser, ticket, order, lines } = await bought(['Anna Rossi', 'Luca Rossi'], {
      lng: 'de',
      email,
    });
    const before = await ticketsOf(order.code);
    const target = addCalendarDays(ticket.date, 3);

    const seen = (await preview(browser, order.code, [lines[1]?.id])).json();
    expect(seen).toMatchObject({ allowed: true, chosen: [lines[1]?.id] });
    expect(seen.days.map((day: { date: string }) => day.date)).toContain(target);
    expect(seen.days.map((day: { date: string }) => day.date)).not.toContain(ticket.date);

    const done = await move(browser, order.code, target, [lines[1]?.id]);
    expect(done.statusCode, done.body).toBe(200);
    const after = await ticketsOf(order.code);
    expect(after[0]).toEqual(before[0]);
    expect(after[1]).toMatchObject({ start: target, from: target, status: 'active' });
    expect(after[1]?.code).not.toBe(before[1]?.code);
    expect(after[1]?.qr).toMatch(/^ST2\./);
    expect(after[1]?.qr).not.toBe(before[1]?.qr);
    expect(done.json().tickets).toEqual([{ guest: lines[1]?.id, code: after[1]?.code }]);
    expect(await taken(ticket.id, ticket.date)).toBe(1);
    expect(await taken(ticket.id, target)).toBe(1);
    expect(await orderRow(sut, order.code)).toMatchObject({
      status: 'issued',
      refundedCents: 0,
      totalCents: 3000,
    });
    const mails = await waitForMail(sut, email, 3);
    expect(mails.some((mail) => mail.subject.includes('verschoben'))).toBe(true);
  });

  it('moves the whole order when no guest is named', async () => {
    const { browser, ticket, order } = await bought(['Anna Rossi', 'Luca Rossi']);
    const target = addCalendarDays(ticket.date, 5);
    const done = await move(browser, order.code, target);
    expect(done.statusCode, done.body).toBe(200);
    expect((await ticketsOf(order.code)).map((row) => row.start)).toEqual([target, target]);
    expect(await taken(ticket.id, ticket.date)).toBe(0);
    expect(await taken(ticket.id, target)).toBe(2);
  });

  it("refuses when the order's rule does not allow moving, and changes nothing", async () => {
    const { browser, ticket, order } = await bought(['Anna Rossi'], { rule: CANCELLATION_PRESETS.permit });
    const before = await ticketsOf(order.code);
    expect((await preview(browser, order.code)).json()).toMatchObject({ allowed: false, days: [] });
    const refused = await move(browser, order.code, addCalendarDays(ticket.date, 2));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'MOVE_NOT_ALLOWED' });
    expect(refused.json().message).toMatch(/does not allow moving/);
    expect(await ticketsOf(order.code)).toEqual(before);
  });

  it('refuses a used ticket, a guest past the day before, and a closed or full day, each with its 409', async () => {
    const { browser, ticket, order, lines } = await bought(['Anna Rossi', 'Luca Rossi'], {
      ticket: { dailyCapacity: 3 },
    });
    await sut.database.db
      .update(issuedTickets)
      .set({ uses: 1 })
      .where(eq(issuedTickets.orderLineId, lines[0]?.id ?? 0));
    const used = await move(browser, order.code, addCalendarDays(ticket.date, 2), [lines[0]?.id]);
    expect(used.statusCode).toBe(409);
    expect(used.json().code).toBe('MOVE_TICKET_USED');

    const closedDay = addCalendarDays(ticket.date, 2);
    await sut.database.db
      .insert(ticketDayOverrides)
      .values({ ticketId: ticket.id, day: closedDay, closed: true, reason: 'river in flood' });
    const closed = await move(browser, order.code, closedDay, [lines[1]?.id]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'DAY_NOT_AVAILABLE' });
    expect(closed.json().message).toMatch(/closed or has no places left/);

    const fullDay = addCalendarDays(ticket.date, 4);
    await sut.database.db.insert(ticketDayPlaces).values({ ticketId: ticket.id, day: fullDay, taken: 3 });
    const full = await move(browser, order.code, fullDay, [lines[1]?.id]);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('DAY_NOT_AVAILABLE');

    clock.set(daysBefore(ticket.date, 0));
    const late = await move(browser, order.code, addCalendarDays(ticket.date, 6), [lines[1]?.id]);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('MOVE_CLOSED');
    expect(await taken(ticket.id, ticket.date)).toBe(2);
  });

  it("someone else's order is a 404", async () => {
    const { order, ticket } = await bought(['Anna Rossi']);
    const stranger = await createMember(sut, 'Piero');
    const answer = await move(stranger, order.code, addCalendarDays(ticket.date, 2));
    expect(answer.statusCode).toBe(404);
  });

  it('the old code is refused at redeem and listed revoked in the rangers’ bundle; the new one is accepted', async () => {
    const { browser, ticket, order } = await bought(['Anna Rossi'], { rule: CANCELLATION_PRESETS.flexible });
    const [old] = await ticketsOf(order.code);
    const target = addCalendarDays(ticket.date, 1);
    expect((await move(browser, order.code, target)).statusCode).toBe(200);
    const [fresh] = await ticketsOf(order.code);

    const ranger = await createStaff(sut.database.db, {
      role: 'ranger',
      operatorId: await defaultOperatorId(sut.database.db),
    });
    const device = await enrolDevice(sut, ranger, clock);
    clock.set(Date.parse(`${target}T09:00:00Z`));
    const bundle = await device.request('GET', `/api/ranger/bundle?lng=en&area_id=${ticket.row.areaId}`);
    expect(bundle.statusCode, bundle.body).toBe(200);
    const revoked = decodeRevokedCodes(JSON.parse(bundle.json().payload).revoked.codes);
    expect(isRevoked(revoked, old?.code ?? '')).toBe(true);
    expect(isRevoked(revoked, fresh?.code ?? '')).toBe(false);

    const refused = await device.request('POST', '/api/ranger/redeem?lng=en', { code: old?.qr });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('TICKET_CANCELLED');
    const accepted = await device.request('POST', '/api/ranger/redeem?lng=en', { code: fresh?.qr });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
