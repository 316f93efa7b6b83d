import { issuedTickets, orders } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember, createTicket, createTicketHolder, type TestTicket } from '../../test/factories.ts';
import { enrolDevice } from '../../test/ranger-devices.ts';
import { BOUGHT, dayAfter, listReviews, writeReview } from '../../test/reviews.ts';
import { createStaff, defaultOperatorId } from '../../test/staff-factories.ts';

/*
 * Writing a review (ADR 051): only the buyer of a ticket used or past writes one, once, within
 * the field limits; the OpenAPI document describes the reviews' endpoints. Reading them, and the
 * console's answers and hiding: review-list.test.ts.
 */

const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(BOUGHT.getTime()));
});

async function holder(ticket: TestTicket, name = 'Tina') {
  clock.set(BOUGHT.getTime());
  return createTicketHolder(sut, ticket, { name, holder: `${name} Kos` });
}

const review = writeReview;
const list = (ticketId: number, lng = 'en', page = 1) => listReviews(sut, ticketId, lng, page);

async function statusOf(code: string, order: 'refunded' | 'cancelled-guest') {
  const [row] = await sut.database.db
    .select({ orderId: issuedTickets.orderId })
    .from(issuedTickets)
    .where(eq(issuedTickets.code, code));
  if (!row) throw new Error('no such ticket');
  if (order === 'refunded') {
    await sut.database.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, row.orderId));
  } else {
    await sut.database.db
      .update(issuedTickets)
      .set({ status: 'cancelled' })
      .where(eq(issuedTickets.code, code));
  }
}

describe('app/ticket/review/create: only real buyers review what they did', () => {
  it('refuses a ticket not used and not past, takes it once it was used at the activity, and only once', async () => {
    const ticket = await createTicket(sut.database.db);
    const { browser, ticket: held } = await holder(ticket);

    const early = await review(browser, held.code);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'REVIEW_NOT_YET',
      message: 'You can review this ticket once it has been used or its last day is over',
    });
    expect((await browser.get('/api/app/ticket/review/mine')).json().reviewable).toEqual([]);

    // The ranger of the area's operator checks it at the gate, on its day.
    clock.set(Date.parse(`${ticket.date}T08:30:00Z`));
    const ranger = await createStaff(sut.database.db, {
      role: 'ranger',
      operatorId: await defaultOperatorId(sut.database.db),
    });
    const device = await enrolDevice(sut, ranger, clock);
    const redeemed = await device.request('POST', '/api/ranger/redeem?lng=en', {
      code: held.code,
      typed: true,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect((await browser.get('/api/app/ticket/review/mine')).json().reviewable).toEqual([held.code]);

    const written = await review(browser, held.code, {
      rating: 4,
      language: 'sl',
      text: 'Lep dan v gozdu z vodnikom.',
    });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json().review).toMatchObject({ ticket_code: held.code, rating: 4, language: 'sl' });

    const again = await review(browser, held.code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'REVIEW_ALREADY_WRITTEN',
      message: 'You have already reviewed this ticket',
    });
    const mine = (await browser.get('/api/app/ticket/review/mine')).json();
    expect(mine.reviewable).toEqual([]);
    expect(mine.reviews).toHaveLength(1);
    expect(await list(ticket.id)).toMatchObject({ average: 4, count: 1, total: 1 });
  });

  it('keeps one review when the same ticket is reviewed twice at once', async () => {
    const ticket = await createTicket(sut.database.db);
    const { browser, ticket: held } = await holder(ticket);
    clock.set(dayAfter(ticket).getTime());
    const answers = await Promise.all([
      review(browser, held.code),
      review(browser, held.code, { rating: 1 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await list(ticket.id)).toMatchObject({ count: 1 });
  });

  it('takes a ticket not used once its last valid day is over, in the area’s time zone', async () => {
    const ticket = await createTicket(sut.database.db);
    const { browser, ticket: held } = await holder(ticket);
    // 23:30 in Rome on the ticket's day is still its day.
    clock.set(Date.parse(`${ticket.date}T21:30:00Z`));
    expect((await review(browser, held.code)).json().code).toBe('REVIEW_NOT_YET');
    clock.set(Date.parse(`${ticket.date}T22:30:00Z`));
    expect((await review(browser, held.code)).statusCode).toBe(200);
  });

  it('answers 404 to someone who did not buy the ticket, and 401 to a visitor', async () => {
    const ticket = await createTicket(sut.database.db);
    const { ticket: held } = await holder(ticket);
    clock.set(dayAfter(ticket).getTime());
    const stranger = await createMember(sut, 'Luca');
    const refused = await review(stranger, held.code);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('NOT_FOUND');
    expect((await review(createBrowser(sut), held.code)).statusCode).toBe(401);
    expect((await list(ticket.id)).count).toBe(0);
  });

  it('refuses a refunded order and a cancelled guest', async () => {
    const ticket = await createTicket(sut.database.db);
    const refunded = await holder(ticket);
    const cancelled = await holder(ticket, 'Ana');
    await statusOf(refunded.ticket.code, 'refunded');
    await statusOf(cancelled.ticket.code, 'cancelled-guest');
    clock.set(dayAfter(ticket).getTime());
    for (const { browser, ticket: held } of [refunded, cancelled]) {
      const answer = await review(browser, held.code);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({
        code: 'REVIEW_TICKET_CANCELLED',
        message: 'A cancelled or refunded ticket cannot be reviewed',
      });
    }
  });

  it('refuses a rating outside 1–5, a text under 10 or over 2,000 characters, and an unknown language, writing nothing', async () => {
    const ticket = await createTicket(sut.database.db);
    const { browser, ticket: held } = await holder(ticket);
    clock.set(dayAfter(ticket).getTime());
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rating: 0 }, 'rating', 'Choose a rating from 1 to 5 stars'],
      [{ rating: 6 }, 'rating', 'Choose a rating from 1 to 5 stars'],
      [{ rating: 3.5 }, 'rating', 'Choose a rating from 1 to 5 stars'],
      [{ text: 'Great!' }, 'text', 'Write at least 10 characters'],
      [{ text: 'x'.repeat(2001) }, 'text', 'The text can be at most 2,000 characters long'],
      [{ language: 'fr' }, 'language', 'This value is not valid'],
    ];
    for (const [fields, field, message] of cases) {
      const answer = await review(browser, held.code, fields);
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(answer.json().fields[field]).toBe(message);
    }
    expect((await list(ticket.id)).count).toBe(0);
    expect((await review(browser, held.code, { text: 'y'.repeat(2000) })).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes the review endpoints', async () => {
    const document = (await sut.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/api/app/ticket/review/create',
      '/api/app/ticket/review/mine',
      '/api/app/ticket/review/list',
      '/api/app/ticket/review/requests/off',
      '/api/console/reviews',
      '/api/console/review/answer',
      '/api/console/review/hide',
    ]) {
      expect(document.paths, path).toHaveProperty([path]);
    }
  });
});
