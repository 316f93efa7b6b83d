import { addCalendarDays } from '@sentiero/contract/durations';
import { auditLog } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { CARD_OK } from '../../test/checkout.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createArea, createMember, createTicket, unique } from '../../test/factories.ts';
import { createOperator, staffWith } from '../../test/staff-factories.ts';

/*
 * Per-day overrides (issue 23): an operator closes a day of a ticket or changes its places that
 * day, with a reason. The storefront's calendar and checkout apply them as the ticket's own rules:
 * a closed day cannot be started on, a day's capacity is the day's limit.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

const db = () => sut.database.db;

async function managedTicket(overrides: Parameters<typeof createTicket>[1] = {}) {
  const operator = await createOperator(db());
  const area = await createArea(db(), { operatorId: operator.id });
  const ticket = await createTicket(db(), { areaId: area.id, ...overrides });
  const manager = await staffWith(sut, clock, 'manager', operator.id);
  return { operator, ticket, manager };
}

const setDay = (manager: Browser, body: Record<string, unknown>) =>
  manager.post('/api/console/catalogue/ticket/day?lng=en', {
    closed: false,
    capacity: null,
    reason: 'Regatta',
    ...body,
  });

async function calendarDay(ticketId: number, date: string) {
  const answer = await createBrowser(sut).get(
    `/api/app/ticket/calendar?lng=en&id=${ticketId}&from=${date}&days=1`,
  );
  return answer.json().days[0];
}

function buy(member: Browser, ticketId: number, date: string, guests = 1) {
  return member.post('/api/app/v4/ticket/buy?lng=en', {
    id_ticket: ticketId,
    payment_method: 'sandbox',
    card: CARD_OK,
    idempotency_key: unique('key'),
    guests: Array.from({ length: guests }, (_, index) => ({
      full_name: `Anna Conti${'i'.repeat(index)}`,
      start_date: date,
      end_date: date,
    })),
  });
}

describe('a closed day', () => {
  it('is closed on the calendar, refused at checkout with the closed-day message, and open again once given back', async () => {
    const { ticket, manager } = await managedTicket();
    expect(await calendarDay(ticket.id, ticket.date)).toMatchObject({ open: true, reason: null });

    const closed = await setDay(manager, {
      id: ticket.id,
      date: ticket.date,
      closed: true,
      reason: 'Regatta on the lake',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ date: ticket.date, closed: true, open_by_rules: true });
    expect(await calendarDay(ticket.id, ticket.date)).toMatchObject({ open: false, reason: 'closed-day' });

    const member = await createMember(sut);
    const refused = await buy(member, ticket.id, ticket.date);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields['guests.0.start_date']).toBe('The activity is not open on this day');

    const [line] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.day'), eq(auditLog.targetId, String(ticket.id))));
    expect(line).toMatchObject({ reason: 'Regatta on the lake', role: 'manager' });
    expect(line?.changes).toEqual({ [ticket.date]: [null, { closed: true, capacity: null }] });

    const reopened = await setDay(manager, { id: ticket.id, date: ticket.date, reason: 'Regatta moved' });
    expect(reopened.json()).toMatchObject({ closed: false, override: null });
    expect((await buy(member, ticket.id, ticket.date)).statusCode).toBe(200);
  });

  it('asks for a reason, and refuses a day already past', async () => {
    const { ticket, manager } = await managedTicket();
    const noReason = await setDay(manager, { id: ticket.id, date: ticket.date, closed: true, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('Give a reason of at least 3 characters');
    const past = await setDay(manager, { id: ticket.id, date: '2026-11-01', closed: true });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.date).toBe('This day is already past');
    expect((await calendarDay(ticket.id, ticket.date)).open).toBe(true);
  });
});

describe("a day's own capacity", () => {
  it('is the limit checkout sells to and the calendar counts from', async () => {
    const { ticket, manager } = await managedTicket({ dailyCapacity: 20 });
    const changed = await setDay(manager, {
      id: ticket.id,
      date: ticket.date,
      capacity: 2,
      reason: 'Half the boats',
    });
    expect(changed.json()).toMatchObject({ capacity: 2, taken: 0 });
    expect(await calendarDay(ticket.id, ticket.date)).toMatchObject({ capacity: 2, remaining: 2 });

    const member = await createMember(sut);
    expect((await buy(member, ticket.id, ticket.date, 3)).json().code).toBe('TICKET_UNAVAILABLE');
    expect((await buy(member, ticket.id, ticket.date, 2)).statusCode).toBe(200);
    expect(await calendarDay(ticket.id, ticket.date)).toMatchObject({
      open: false,
      reason: 'sold-out',
      remaining: 0,
    });
    expect((await buy(member, ticket.id, ticket.date, 1)).json().code).toBe('TICKET_UNAVAILABLE');

    // The next day keeps the ticket's own capacity.
    const next = addCalendarDays(ticket.date, 1);
    expect(await calendarDay(ticket.id, next)).toMatchObject({ capacity: 20, remaining: 20 });

    const days = (
      await manager.get(
        `/api/console/catalogue/ticket/days?lng=en&id=${ticket.id}&from=${ticket.date}&days=2`,
      )
    ).json();
    expect(days.days[0]).toMatchObject({
      capacity: 2,
      taken: 2,
      override: { capacity: 2, reason: 'Half the boats' },
    });
    expect(days.days[1]).toMatchObject({ capacity: 20, taken: 0, override: null });
  });

  it('is refused for a ticket that sells without a daily limit', async () => {
    const { ticket, manager } = await managedTicket({ dailyCapacity: null });
    const refused = await setDay(manager, { id: ticket.id, date: ticket.date, capacity: 5 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('TICKET_WITHOUT_CAPACITY');
  });
});
