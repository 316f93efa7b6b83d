import { issuedTickets } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember, createTicket, type TestTicket } from '../../test/factories.ts';
import { enrolDevice, type TestDevice } from '../../test/ranger-devices.ts';
import { createOperator, createStaff, defaultOperatorId } from '../../test/staff-factories.ts';

const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
/** A plain daily ticket of each test's own: the places one test buys are not another's. */
let plain: TestTicket;
beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(async () => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
  plain = await createTicket(sut.database.db);
});

let serial = 0;
function member(): Promise<Browser> {
  return createMember(sut, 'Tina', { password: 'Soca2026river', country: 'SI' });
}

async function buyTwo(browser: Browser) {
  const { id, date } = plain;
  const response = await browser.post('/api/app/v4/ticket/buy?lng=en', {
    id_ticket: id,
    guests: [
      { full_name: 'Tina Kos', start_date: date, end_date: date },
      { full_name: 'Žiga Kos', start_date: date, end_date: date },
    ],
    payment_method: 'sandbox',
    card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
    idempotency_key: `my-tickets-${++serial}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().order.code as string;
}

describe('app/ticket/list', () => {
  it("lists a member's tickets grouped by purchase date, filtered by category", async () => {
    const browser = await member();
    const orderCode = await buyTwo(browser);
    const { categoryId } = plain;
    const list = (await browser.get('/api/app/ticket/list?lng=en')).json();
    expect(list.purchase_list).toHaveLength(1);
    expect(list.purchase_list[0].date_purchase).toBe('2026-11-23');
    expect(list.purchase_list[0].tickets.map((ticket: { holder: string }) => ticket.holder).sort()).toEqual([
      'Tina Kos',
      'Žiga Kos',
    ]);
    expect(list.purchase_list[0].tickets[0]).toMatchObject({ order_code: orderCode, status: 'active' });
    const other = categoryId === 16 ? 17 : 16;
    expect((await browser.get(`/api/app/ticket/list?id_category=${other}`)).json().purchase_list).toEqual([]);
    expect((await createBrowser(sut).get('/api/app/ticket/list')).statusCode).toBe(401);
  });
});

describe('app/ticket/download and app/ticket/share', () => {
  it('gives the owner a PDF of the order and nobody else', async () => {
    const browser = await member();
    const orderCode = await buyTwo(browser);
    const pdf = await browser.get(`/api/app/ticket/download?order=${orderCode}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await member();
    expect((await stranger.get(`/api/app/ticket/download?order=${orderCode}`)).statusCode).toBe(404);
  });

  it('shares one ticket by a read-only link that works without logging in', async () => {
    const browser = await member();
    await buyTwo(browser);
    const [ticket] = (await browser.get('/api/app/ticket/list')).json().purchase_list[0].tickets;
    const shared = await browser.post('/api/app/ticket/share', { code: ticket.code });
    const token = shared.json().url.split('/').pop();
    const seen = await createBrowser(sut).get(`/api/app/ticket/shared?token=${token}`);
    expect(seen.json().ticket).toMatchObject({ code: ticket.code, holder: ticket.holder });
    const stranger = await member();
    expect((await stranger.post('/api/app/ticket/share', { code: ticket.code })).statusCode).toBe(404);
  });
});

describe('ranger/redeem', () => {
  // A ticket code alone is what a ranger types when the QR will not scan.
  const redeem = (code: string, device = ours) =>
    device.request('POST', '/api/ranger/redeem?lng=en', { code, typed: !code.startsWith('ST1.') });
  let ours: TestDevice;
  let theirs: TestDevice;

  it("records uses on the valid day only, up to the maximum, for the area operator's rangers only", async () => {
    const { db } = sut.database;
    ours = await enrolDevice(
      sut,
      await createStaff(db, { role: 'ranger', operatorId: await defaultOperatorId(db) }),
      clock,
    );
    const elsewhere = await createOperator(db);
    theirs = await enrolDevice(
      sut,
      await createStaff(db, { role: 'ranger', operatorId: elsewhere.id }),
      clock,
    );
    const browser = await member();
    await buyTwo(browser);
    const [ticket] = (await browser.get('/api/app/ticket/list')).json().purchase_list[0].tickets;
    expect((await redeem(ticket.signed_code, theirs)).statusCode).toBe(403);
    const early = await redeem(ticket.code);
    expect(early.json()).toMatchObject({
      code: 'TICKET_NOT_VALID_TODAY',
      message: 'This ticket is not valid today',
    });

    clock.set(Date.parse(`${ticket.valid_from}T09:00:00Z`));
    // A two-entry permit, whatever the seed says of this one.
    await sut.database.db
      .update(issuedTickets)
      .set({ maxUsage: 2 })
      .where(eq(issuedTickets.code, ticket.code));
    const first = await redeem(ticket.signed_code);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ticket: { uses: 1 }, uses_left: 1 });
    expect((await redeem(ticket.code)).json().uses_left).toBe(0);
    const over = await redeem(ticket.code);
    expect(over.json()).toMatchObject({ code: 'TICKET_USED_UP', message: 'This ticket has no uses left' });
  });
});
