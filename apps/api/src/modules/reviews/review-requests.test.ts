import { issuedTickets, mailboxMessages, ticketReviewRequests } from '@sentiero/db/schema';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Jobs, startJobs } from '../../platform/jobs.ts';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember, createTicket, MEMBER_PASSWORD, type TestTicket } from '../../test/factories.ts';
import { waitFor } from '../../test/server-process.ts';
import { REVIEW_REQUESTS_QUEUE } from './review-requests.ts';

const quiet = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;

// The tickets' day is 2027-06-01 (the factory's first day); the buyers buy a few days before.
const BOUGHT = new Date('2027-05-28T08:00:00Z');
const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
/** What sends the scheduled job to its queue from outside, as pg-boss's cron would. */
let sender: Jobs;
beforeAll(async () => {
  sut = await createTestApp({ PUBLIC_URL: 'https://www.sentiero.it' }, { clock: clocks });
  sender = await startJobs(sut.database, quiet, { work: false });
});
afterAll(async () => {
  await sender.stop();
  await sut.close();
});
beforeEach(() => {
  clock = clocks.use(createTestClock(BOUGHT.getTime()));
});

let serial = 0;
async function buy(browser: Browser, ticket: TestTicket, names: string[], day = ticket.date) {
  const bought = await browser.post('/api/app/v4/ticket/buy?lng=de', {
    id_ticket: ticket.id,
    guests: names.map((full_name) => ({ full_name, start_date: day, end_date: day })),
    payment_method: 'sandbox',
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    idempotency_key: `review-requests-${++serial}`,
  });
  expect(bought.statusCode, bought.body).toBe(200);
}

/** The review requests a buyer received (not their welcome or ticket mails): those with the way out of them. */
async function mailsTo(email: string) {
  return sut.database.db
    .select()
    .from(mailboxMessages)
    .where(
      and(eq(mailboxMessages.toAddress, email), like(mailboxMessages.text, '%/reviews/requests-off?token=%')),
    )
    .orderBy(mailboxMessages.id);
}

async function completedRuns(): Promise<number> {
  const { rows } = await sut.database.executeSql(
    "select count(*)::int as count from pgboss.job where name = $1 and state = 'completed'",
    [REVIEW_REQUESTS_QUEUE],
  );
  return (rows[0] as { count: number }).count;
}

/** Sends the daily job at the clock's time and waits for its run, and the mails it queued, to finish. */
async function runDailyJob(at: string) {
  clock.set(Date.parse(at));
  const before = await completedRuns();
  await sender.send(REVIEW_REQUESTS_QUEUE, {});
  await waitFor(async () => (await completedRuns()) > before, 'the review requests to run');
  // The mails leave through the mail queue: wait until it has none left to deliver.
  await waitFor(async () => {
    const { rows } = await sut.database.executeSql(
      "select count(*)::int as count from pgboss.job where name = 'mail-send' and state in ('created', 'retry', 'active')",
      [],
    );
    return (rows[0] as { count: number }).count === 0;
  }, 'the mails to be delivered');
}

describe('the review request mail', () => {
  it('asks the morning after the activity, once per ticket, in the buyer’s language, and stops after the one-click opt-out', async () => {
    const ticket = await createTicket(sut.database.db);
    const email = `reviews.${Date.now()}@example.de`;
    const buyer = await createMember(sut, 'Greta', {
      email,
      lng: 'de',
      country: 'DE',
      password: MEMBER_PASSWORD,
    });
    const other = `others.${Date.now()}@example.it`;
    const someoneElse = await createMember(sut, 'Marco', { email: other });
    await buy(buyer, ticket, ['Greta Huber', 'Jonas Huber']);
    await buy(someoneElse, ticket, ['Marco Conti']);
    // A later day of the same ticket: asked about only after its own day, if at all.
    await buy(buyer, ticket, ['Greta Huber'], '2027-06-05');

    await runDailyJob('2027-06-01T08:15:00Z');
    expect(await mailsTo(email)).toHaveLength(0);

    await runDailyJob('2027-06-02T08:15:00Z');
    const [mail, ...more] = await mailsTo(email);
    expect(more).toHaveLength(0);
    if (!mail) throw new Error('no request mail');
    expect(mail.subject).toMatch(/^Wie war Ticket test-ticket-.+\?$/);
    expect(mail.text).toContain('Bewertung schreiben');
    expect(mail.text).toContain('https://www.sentiero.it/user/mytickets?review=');
    expect(await mailsTo(other)).toHaveLength(1);
    // Both guests of the order are asked about, in that one mail.
    const [order] = await sut.database.db
      .select({ orderId: issuedTickets.orderId })
      .from(issuedTickets)
      .where(eq(issuedTickets.holderName, 'Jonas Huber'));
    const requested = await sut.database.db
      .select({ id: ticketReviewRequests.issuedTicketId })
      .from(ticketReviewRequests)
      .innerJoin(issuedTickets, eq(issuedTickets.id, ticketReviewRequests.issuedTicketId))
      .where(eq(issuedTickets.orderId, order?.orderId ?? 0));
    expect(requested).toHaveLength(2);

    // The next morning's run asks nobody again.
    await runDailyJob('2027-06-03T08:15:00Z');
    expect(await mailsTo(email)).toHaveLength(1);
    expect(await mailsTo(other)).toHaveLength(1);

    const token = /requests-off\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    if (!token) throw new Error('no opt-out link in the mail');
    const wrong = await createBrowser(sut).post('/api/app/ticket/review/requests/off?lng=de', {
      token: 'x'.repeat(32),
    });
    expect(wrong.statusCode).toBe(400);
    // The mail client's one-click, without an Origin and without logging in.
    const off = await sut.app.inject({
      method: 'POST',
      url: `/api/app/ticket/review/requests/off/one-click?token=${token}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ review_requests: 'off' });

    await runDailyJob('2027-06-06T08:15:00Z');
    expect(await mailsTo(email)).toHaveLength(1);
    expect(
      await sut.database.db.select().from(mailboxMessages).where(like(mailboxMessages.subject, 'Wie war%')),
    ).toHaveLength(1);
  }, 120_000);

  it('does not ask about a ticket already reviewed, nor one cancelled', async () => {
    const ticket = await createTicket(sut.database.db);
    const email = `reviewed.${Date.now()}@example.it`;
    const buyer = await createMember(sut, 'Paola', { email });
    await buy(buyer, ticket, ['Paola Neri', 'Ugo Neri']);
    const [paola, ugo] = (await buyer.get('/api/app/ticket/list'))
      .json()
      .purchase_list[0].tickets.sort((a: { holder: string }, b: { holder: string }) =>
        a.holder.localeCompare(b.holder),
      );
    await sut.database.db
      .update(issuedTickets)
      .set({ status: 'cancelled' })
      .where(eq(issuedTickets.code, ugo.code));
    clock.set(Date.parse('2027-06-01T23:00:00Z'));
    const reviewed = await buyer.post('/api/app/ticket/review/create?lng=it', {
      code: paola.code,
      rating: 5,
      text: 'Bellissima giornata, torneremo.',
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);

    await runDailyJob('2027-06-02T08:15:00Z');
    expect(await mailsTo(email)).toHaveLength(0);
  }, 60_000);
});
