import { addCalendarDays } from '@sentiero/contract/durations';
import { ticketDayOverrides, waitlistEntries, waitlistOffers } from '@sentiero/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { type Browser, createTestApp, type TestApp, waitForMail } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import {
  createMember,
  createTicket,
  MEMBER_PASSWORD,
  type TestTicket,
  unique,
} from '../../test/factories.ts';
import { buyFor, guestsOf, PAYING_CARD, placesTaken } from '../../test/refund-kit.ts';
import { lapseOffer, offerFreedPlaces } from './offers.ts';

/** Ten days before the test tickets' first day (2027-06-01), mid-morning in Rome. */
const START = new Date('2027-05-22T08:00:00Z');
const clocks = createClockSwitch();
let clock: TestClock;
let sut: TestApp;
const HOLD_MINUTES = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: '/nonexistent' }).payments
  .waitlistHoldMinutes;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(async () => {
  await sut.close();
});
beforeEach(() => {
  clock = clocks.use(createTestClock(START.getTime()));
});

const deps = () => ({ db: sut.database.db, clock, holdMinutes: HOLD_MINUTES });

type Member = { browser: Browser; email: string };

async function member(name: string, lng = 'en'): Promise<Member> {
  const email = `${unique(name.toLowerCase())}@example.it`;
  return { browser: await createMember(sut, name, { email, lng }), email };
}

/** A one-day ticket with `capacity` places a day, all of them bought by one buyer. */
async function soldOutDay(capacity: number, guests = capacity) {
  clock.set(START.getTime());
  const ticket = await createTicket(sut.database.db, { dailyCapacity: capacity });
  const buyer = await member('Bruno');
  const names = ['Anna Rossi', 'Luca Rossi', 'Sara Rossi', 'Marco Rossi', 'Elena Rossi'].slice(0, guests);
  const order = await buyFor(buyer.browser, ticket, names);
  return { ticket, buyer, order };
}

const join = (who: Member, ticket: TestTicket, party: number, day = ticket.date) =>
  who.browser.post('/api/app/ticket/waitlist/join?lng=en', { id_ticket: ticket.id, day, party });

async function joined(who: Member, ticket: TestTicket, party: number) {
  const response = await join(who, ticket, party);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entry as { id: number; position: number };
}

const mine = async (who: Member) =>
  (await who.browser.get('/api/app/ticket/waitlist/mine?lng=en')).json().entries;

/** Cancels the order's last `count` guests through the buyer's own cancellation (free until the day before). */
async function cancelGuests(buyer: Member, code: string, count: number) {
  const lines = await guestsOf(sut, code);
  const response = await buyer.browser.post('/api/app/ticket/cancel?lng=en', {
    order: code,
    guests: lines
      .slice(-count)
      .map((line) => line.id)
      .join(','),
    password: MEMBER_PASSWORD,
    idempotency_key: unique('cancel'),
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The day's offers once `count` exist: the queue's worker makes them after the release. */
async function waitForOffers(ticket: TestTicket, count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await sut.database.db
      .select()
      .from(waitlistOffers)
      .where(eq(waitlistOffers.ticketId, ticket.id))
      .orderBy(asc(waitlistOffers.id));
    if (rows.length >= count) return rows;
    if (Date.now() > deadline) throw new Error(`${rows.length} offers after 15 s, not ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function entryStates(ticket: TestTicket) {
  const rows = await sut.database.db
    .select({ id: waitlistEntries.id, state: waitlistEntries.state })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.ticketId, ticket.id))
    .orderBy(asc(waitlistEntries.id));
  return rows.map((row) => row.state);
}

/** Lets the queue's runs queued so far finish: nothing more should come of them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000));

const buy = (who: Member, ticket: TestTicket, guests: string[], offer?: string) =>
  who.browser.post('/api/app/v4/ticket/buy?lng=en', {
    id_ticket: ticket.id,
    guests: guests.map((full_name) => ({ full_name, start_date: ticket.date, end_date: ticket.date })),
    payment_method: 'sandbox',
    card: PAYING_CARD,
    idempotency_key: unique('waitlist-buy'),
    ...(offer ? { waitlist_offer: offer } : {}),
  });

describe('joining and leaving a day’s waiting list', () => {
  it('gives each member their place in the queue, and moves the others up when one leaves', async () => {
    const { ticket } = await soldOutDay(2);
    const [anna, luca, sara] = [await member('Anna'), await member('Luca'), await member('Sara')];
    expect((await joined(anna, ticket, 2)).position).toBe(1);
    expect((await joined(luca, ticket, 1)).position).toBe(2);
    const saraEntry = await joined(sara, ticket, 3);
    expect(saraEntry.position).toBe(3);

    const annaEntry = (await mine(anna))[0];
    expect(annaEntry).toMatchObject({ id_ticket: ticket.id, day: ticket.date, party: 2, state: 'waiting' });
    const left = await anna.browser.post('/api/app/ticket/waitlist/leave?lng=en', { id: annaEntry.id });
    expect(left.statusCode, left.body).toBe(200);
    expect((await mine(anna))[0]).toMatchObject({ state: 'left', position: null });
    expect((await mine(luca))[0].position).toBe(1);
    expect((await mine(sara))[0].position).toBe(2);
    // Another member's entry is not theirs to leave.
    const refused = await luca.browser.post('/api/app/ticket/waitlist/leave?lng=en', { id: saraEntry.id });
    expect(refused.statusCode).toBe(404);
  });

  it('refuses a second entry, a party over ten, and a day that still has places for the party', async () => {
    const { ticket } = await soldOutDay(3, 2);
    const anna = await member('Anna');
    const placesLeft = await join(anna, ticket, 1);
    expect(placesLeft.statusCode).toBe(409);
    expect(placesLeft.json()).toMatchObject({ code: 'WAITLIST_PLACES_LEFT' });
    await joined(anna, ticket, 2);
    const again = await join(anna, ticket, 2);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('WAITLIST_ALREADY_JOINED');
    const tooMany = await join(await member('Luca'), ticket, 11);
    expect(tooMany.statusCode).toBe(400);
    const closedDay = await join(await member('Sara'), ticket, 1, addCalendarDays(ticket.date, -30));
    expect(closedDay.statusCode).toBe(400);
  });
});

describe('places that come back go to the queue', () => {
  it('offers a cancelled place to the first party that fits, passing over a party too large, then the next after a lapse', async () => {
    const { ticket, buyer, order } = await soldOutDay(3);
    const [anna, luca, sara] = [await member('Anna'), await member('Luca', 'de'), await member('Sara')];
    await joined(anna, ticket, 2);
    await joined(luca, ticket, 1);
    await joined(sara, ticket, 1);

    await cancelGuests(buyer, order.code, 1);
    const [first] = await waitForOffers(ticket, 1);
    expect(first).toMatchObject({ places: 1, state: 'open' });
    expect(await entryStates(ticket)).toEqual(['waiting', 'offered', 'waiting']);
    // Held: the freed place is not on sale to anyone else.
    expect(await placesTaken(sut, ticket)).toBe(3);
    const refused = await buy(await member('Ugo'), ticket, ['Ugo Neri']);
    expect(refused.statusCode).toBe(409);
    expect(first?.expiresAt.getTime()).toBe(clock.ms() + HOLD_MINUTES * 60_000);

    // Told once, in German, with the link that holds the places.
    const [mail] = await waitForMail(sut, luca.email, 2).then((mails) =>
      mails.filter((one) => one.subject.includes('Plätze frei')),
    );
    expect(mail?.text).toContain(`/waitlist/offer?token=${first?.token}`);
    expect((await mine(luca))[0]).toMatchObject({
      state: 'offered',
      offer: { token: first?.token, places: 1 },
    });

    // Not yet: the hold runs its full time.
    clock.set(clock.ms() + (HOLD_MINUTES - 1) * 60_000);
    await expect(lapseOffer(deps(), first?.id ?? 0)).rejects.toThrow(/held until/);
    clock.set(clock.ms() + 60_000);
    expect(await lapseOffer(deps(), first?.id ?? 0)).toBe(true);
    const [, second] = await waitForOffers(ticket, 2);
    expect(second).toMatchObject({ places: 1, state: 'open' });
    expect(await entryStates(ticket)).toEqual(['waiting', 'lapsed', 'offered']);
    expect(await placesTaken(sut, ticket)).toBe(3);
  });

  it('gives declined places to the next in the queue', async () => {
    const { ticket, buyer, order } = await soldOutDay(2);
    const [anna, luca] = [await member('Anna'), await member('Luca')];
    await joined(anna, ticket, 1);
    await joined(luca, ticket, 1);
    await cancelGuests(buyer, order.code, 1);
    const [offer] = await waitForOffers(ticket, 1);
    const seen = await anna.browser.get(`/api/app/ticket/waitlist/offer?token=${offer?.token}&lng=en`);
    expect(seen.json()).toMatchObject({ offer: { places: 1, state: 'open' }, entry: { day: ticket.date } });
    // Someone else's link shows nothing.
    expect((await luca.browser.get(`/api/app/ticket/waitlist/offer?token=${offer?.token}`)).statusCode).toBe(
      404,
    );

    const declined = await anna.browser.post('/api/app/ticket/waitlist/decline?lng=en', {
      token: offer?.token,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const [, next] = await waitForOffers(ticket, 2);
    expect(next?.userId).not.toBe(offer?.userId);
    expect(await entryStates(ticket)).toEqual(['declined', 'offered']);
    const twice = await anna.browser.post('/api/app/ticket/waitlist/decline?lng=en', { token: offer?.token });
    expect(twice.statusCode).toBe(409);
  });

  it('never offers a member the places they cancelled themselves', async () => {
    const { ticket, buyer, order } = await soldOutDay(2);
    const luca = await member('Luca');
    await joined(buyer, ticket, 1);
    await joined(luca, ticket, 1);
    await cancelGuests(buyer, order.code, 1);
    const offers = await waitForOffers(ticket, 1);
    await settle();
    expect(offers).toHaveLength(1);
    expect(await entryStates(ticket)).toEqual(['waiting', 'offered']);
  });

  it('offers places when the operator raises the day’s capacity', async () => {
    const { ticket } = await soldOutDay(2);
    await joined(await member('Anna'), ticket, 2);
    await sut.database.db
      .insert(ticketDayOverrides)
      .values({ ticketId: ticket.id, day: ticket.date, capacity: 4, reason: 'a second boat' });
    const [offer] = await waitForOffers(ticket, 1);
    expect(offer).toMatchObject({ places: 2 });
    expect(await placesTaken(sut, ticket)).toBe(4);
  });
});

describe('a member who deletes their account', () => {
  it('leaves every list, and places held for them go to the next in the queue', async () => {
    const { ticket, buyer, order } = await soldOutDay(2);
    const [anna, luca] = [await member('Anna'), await member('Luca')];
    await joined(anna, ticket, 1);
    await joined(luca, ticket, 1);
    await cancelGuests(buyer, order.code, 1);
    await waitForOffers(ticket, 1);
    const deleted = await anna.browser.post('/api/app/user/delete?lng=en', { password: MEMBER_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [first, next] = await waitForOffers(ticket, 2);
    expect(first?.state).toBe('declined');
    expect(next?.state).toBe('open');
    expect(await entryStates(ticket)).toEqual(['left', 'offered']);
  });
});

describe('the hold and the activity’s start', () => {
  it('holds places no later than two hours before the day begins, and offers none after that', async () => {
    const { ticket, buyer, order } = await soldOutDay(2);
    const anna = await member('Anna');
    await joined(anna, ticket, 1);
    // The day begins at midnight in Rome (22:00 UTC the evening before, in summer time).
    const dayStarts = new Date(`${addCalendarDays(ticket.date, -1)}T22:00:00Z`);
    clock.set(dayStarts.getTime() - 3 * 3_600_000);
    await cancelGuests(buyer, order.code, 1);
    const [offer] = await waitForOffers(ticket, 1);
    expect(offer?.expiresAt.toISOString()).toBe(new Date(dayStarts.getTime() - 2 * 3_600_000).toISOString());

    clock.set(dayStarts.getTime() - 2 * 3_600_000);
    expect(await lapseOffer(deps(), offer?.id ?? 0)).toBe(true);
    const tooLate = await join(await member('Luca'), ticket, 1);
    expect(tooLate.statusCode).toBe(400);
    expect(await offerFreedPlaces(deps(), { ticketId: ticket.id, day: ticket.date })).toEqual([]);
  });
});

describe('running the offer job', () => {
  it('offers once when several runs for the same release go at once', async () => {
    const { ticket } = await soldOutDay(2);
    await joined(await member('Anna'), ticket, 1);
    await joined(await member('Luca'), ticket, 1);
    await joined(await member('Sara'), ticket, 1);
    // One place more: the database queues a run, and two more are started here beside it.
    await sut.database.db
      .insert(ticketDayOverrides)
      .values({ ticketId: ticket.id, day: ticket.date, capacity: 3, reason: 'one more guide' });
    const day = { ticketId: ticket.id, day: ticket.date };
    const runs = await Promise.all([offerFreedPlaces(deps(), day), offerFreedPlaces(deps(), day)]);
    await settle();
    expect(runs.flat().length).toBeLessThanOrEqual(1);
    expect(await waitForOffers(ticket, 1)).toHaveLength(1);
    expect(await entryStates(ticket)).toEqual(['offered', 'waiting', 'waiting']);
    expect(await placesTaken(sut, ticket)).toBe(3);
  });
});

describe('accepting an offer', () => {
  it('buys the held places through the normal purchase, and nobody else can take them', async () => {
    const { ticket, buyer, order } = await soldOutDay(2);
    const [anna, ugo] = [await member('Anna'), await member('Ugo')];
    await joined(anna, ticket, 1);
    await cancelGuests(buyer, order.code, 1);
    const [offer] = await waitForOffers(ticket, 1);

    const other = await buy(ugo, ticket, ['Ugo Neri']);
    expect(other.statusCode).toBe(409);
    // The link is the member's own: another buyer cannot use it.
    const stolen = await buy(ugo, ticket, ['Ugo Neri'], offer?.token);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().code).toBe('WAITLIST_OFFER_GONE');

    const bought = await buy(anna, ticket, ['Anna Bianchi'], offer?.token);
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().order.status).toBe('issued');
    expect(await placesTaken(sut, ticket)).toBe(2);
    expect(await entryStates(ticket)).toEqual(['bought']);
    const [accepted] = await sut.database.db
      .select()
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.id, offer?.id ?? 0)));
    expect(accepted).toMatchObject({ state: 'accepted' });
    expect(accepted?.orderId).not.toBeNull();
    // Used once: the same link buys nothing more.
    const again = await buy(anna, ticket, ['Anna Bianchi'], offer?.token);
    expect(again.statusCode).toBe(409);
  });

  it('refuses an offer past its hold', async () => {
    const { ticket, buyer, order } = await soldOutDay(2);
    const anna = await member('Anna');
    await joined(anna, ticket, 1);
    await cancelGuests(buyer, order.code, 1);
    const [offer] = await waitForOffers(ticket, 1);
    clock.set(clock.ms() + HOLD_MINUTES * 60_000);
    const late = await buy(anna, ticket, ['Anna Bianchi'], offer?.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('WAITLIST_OFFER_GONE');
  });
});
