import { issuedTickets } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember, createTicket, createTicketHolder } from '../../test/factories.ts';

const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

/** A member with one ticket for a plain ticket's day of the test's own, bought today. */
async function ticketOwner(): Promise<{ browser: Browser; code: string }> {
  const ticket = await createTicket(sut.database.db);
  const { browser, ticket: issued } = await createTicketHolder(sut, ticket);
  return { browser, code: issued.code };
}

async function shareLink(browser: Browser, code: string): Promise<string> {
  const response = await browser.post('/api/app/ticket/share?lng=en', { code });
  expect(response.statusCode).toBe(200);
  return response.json().url.split('/').pop();
}

const openShared = (token: string) => createBrowser(sut).get(`/api/app/ticket/shared?token=${token}&lng=en`);

describe('revoking a share link', () => {
  it('stops the link the owner gave out; sharing again makes a new one', async () => {
    const { browser, code } = await ticketOwner();
    const token = await shareLink(browser, code);
    expect((await openShared(token)).statusCode).toBe(200);

    const revoked = await browser.post('/api/app/ticket/share/revoke?lng=en', { code });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ ok: true });
    expect((await openShared(token)).statusCode).toBe(404);

    const again = await shareLink(browser, code);
    expect(again).not.toBe(token);
    expect((await openShared(again)).json().ticket.code).toBe(code);
  });

  it("answers another member's ticket like no ticket at all, and asks a visitor to log in", async () => {
    const { browser, code } = await ticketOwner();
    const token = await shareLink(browser, code);
    const stranger = await createMember(sut, 'Marko');
    expect((await stranger.post('/api/app/ticket/share/revoke', { code })).statusCode).toBe(404);
    expect((await createBrowser(sut).post('/api/app/ticket/share/revoke', { code })).statusCode).toBe(401);
    expect((await openShared(token)).statusCode).toBe(200);
  });
});

describe('a share link of an expired ticket', () => {
  it("stops working once the ticket's last day is over in the area's time zone", async () => {
    const { browser, code } = await ticketOwner();
    const token = await shareLink(browser, code);
    // A permit for tomorrow only, so that the member's session outlives it.
    await sut.database.db
      .update(issuedTickets)
      .set({ validFrom: '2026-11-24', validUntil: '2026-11-24' })
      .where(eq(issuedTickets.code, code));
    // 23:30 on its day in the area (every area is on Central European time, UTC+1 in November).
    clock.set(Date.parse('2026-11-24T22:30:00Z'));
    expect((await openShared(token)).statusCode).toBe(200);
    // 00:30 the next day there, while it is still the 24th in UTC: over.
    clock.set(Date.parse('2026-11-24T23:30:00Z'));
    const expired = await openShared(token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().code).toBe('NOT_FOUND');
    // Nor can the owner hand out a new link to it.
    const reshared = await browser.post('/api/app/ticket/share?lng=en', { code });
    expect(reshared.statusCode).toBe(409);
    expect(reshared.json()).toMatchObject({ code: 'TICKET_EXPIRED', message: 'This ticket has expired' });
  });
});
