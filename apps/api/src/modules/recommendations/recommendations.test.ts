import type { RecommendationReason } from '@sentiero/contract/tickets';
import { activityTypes } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createRegion } from '../../test/catalogue-factories.ts';
import {
  createArea,
  createMember,
  createOrder,
  createTicket,
  memberId,
  type TestTicket,
  type TicketOverrides,
} from '../../test/factories.ts';

/*
 * A member's "for you" row over a catalogue this file writes in full (no demo catalogue), so the
 * row is exactly the listings below, in the order their scores put them (repo.ts' WEIGHTS): the
 * member's own signals, then popularity. All were listed on 1 November, so recency weighs the same
 * for each; the most popular listing (100,000) is one that must never show.
 */

type Card = { id: number; on_sale: boolean; activity: { slug: string }; reason: RecommendationReason };

let sut: TestApp;
let member: Browser;
/** What the member holds, used or must never be offered, and the row's listings, by what lifts them. */
const mine = {} as Record<
  | 'rafted'
  | 'kayakedLastMonth'
  | 'raftingNextDoor'
  | 'trekNextDoor'
  | 'trekInToscana'
  | 'inVeneto'
  | 'raftingElsewhere'
  | 'canyoningInLombardia'
  | 'popular'
  | 'lessPopular'
  | 'notYetOnSale'
  | 'inClosedArea',
  TestTicket
>;

// A Sunday evening in Italy; the public cache is on, as in production.
beforeAll(async () => {
  sut = await createTestApp(
    { PUBLIC_CACHE_SECONDS: '60' },
    { now: '2026-11-22T18:00:00Z', seed: 'reference' },
  );
  const db = sut.database.db;
  const activity = async (slug: string) =>
    (await db.select({ id: activityTypes.id }).from(activityTypes).where(eq(activityTypes.slug, slug)))[0]
      ?.id as number;
  const [rafting, trekking, kayak, canyoning] = await Promise.all(
    ['rafting', 'trekking', 'kayak', 'canyoning'].map(activity),
  );
  const areaIn = async (region: { id: number }) => (await createArea(db, { regionId: region.id })).id;
  const [piemonte, lombardia, toscana, veneto, elsewhere] = [
    await createRegion(db),
    await createRegion(db),
    await createRegion(db),
    await createRegion(db),
    await createRegion(db),
  ];
  const [inPiemonte, inLombardia, inToscana] = [
    await areaIn(piemonte),
    await areaIn(lombardia),
    await areaIn(toscana),
  ];
  const listing = (
    areaId: number,
    activityTypeId: number | undefined,
    popularity: number,
    more: TicketOverrides = {},
  ) =>
    createTicket(db, {
      areaId,
      activityTypeId,
      popularity,
      createdAt: new Date('2026-11-01T00:00:00Z'),
      ...more,
    });
  mine.rafted = await listing(inPiemonte, rafting, 0);
  mine.raftingNextDoor = await listing(inPiemonte, rafting, 0);
  mine.trekNextDoor = await listing(inPiemonte, trekking, 0);
  mine.kayakedLastMonth = await listing(inLombardia, kayak, 10);
  mine.canyoningInLombardia = await listing(await areaIn(lombardia), canyoning, 50);
  mine.trekInToscana = await listing(inToscana, trekking, 1000);
  mine.notYetOnSale = await listing(inToscana, trekking, 100_000, { saleFrom: '2026-11-23' });
  mine.inVeneto = await listing(await areaIn(veneto), canyoning, 20);
  const far = await areaIn(elsewhere);
  mine.raftingElsewhere = await listing(far, rafting, 100);
  mine.popular = await listing(far, canyoning, 5000);
  mine.lessPopular = await listing(far, canyoning, 500);
  const closed = await createArea(db, { available: false });
  mine.inClosedArea = await listing(closed.id, trekking, 100_000);

  member = await createMember(sut, 'Marta');
  const userId = await memberId(member);
  // Rafting in Piemonte next June, paid; kayak in Lombardia last month; a basket abandoned before paying.
  const { rafted, kayakedLastMonth, notYetOnSale } = mine;
  await createOrder(db, { userId, status: 'issued' }, [{ ticketId: rafted.id, startDate: rafted.date }]);
  await createOrder(db, { userId, status: 'issued' }, [
    { ticketId: kayakedLastMonth.id, startDate: '2026-10-18' },
  ]);
  await createOrder(db, { userId, status: 'failed' }, [
    { ticketId: notYetOnSale.id, startDate: '2027-06-01' },
  ]);
  const tagged = await member.post('/api/app/user/tag?lng=en', {
    activities: 'trekking',
    regions: String(veneto.id),
  });
  expect(tagged.statusCode, tagged.body).toBe(200);
});
afterAll(() => sut.close());

async function forYou(browser: Browser) {
  const response = await browser.get('/api/app/ticket/list/for-you?lng=en');
  return { response, cards: (response.json().ticket_list ?? []) as Card[] };
}

describe('app/ticket/list/for-you', () => {
  it('puts what the member likes and where they went first, each card with its reason', async () => {
    const { response, cards } = await forYou(member);
    expect(response.statusCode).toBe(200);
    expect(response.json().personal).toBe(true);
    expect(cards.map((card) => [card.id, card.reason])).toEqual([
      // Trekking, which they like, in the area they booked: 4 + 3.5 + 2 (its region).
      [mine.trekNextDoor.id, 'preferred-activity'],
      // The area, the activity and the region of a purchase (3.5 + 2.5 + 2), the more popular first.
      [mine.kayakedLastMonth.id, 'bought-area'],
      [mine.raftingNextDoor.id, 'bought-area'],
      // Trekking elsewhere (4), popular.
      [mine.trekInToscana.id, 'preferred-activity'],
      // In the region they like (3), then rafting elsewhere (2.5), then the region of a purchase (2).
      [mine.inVeneto.id, 'preferred-region'],
      [mine.raftingElsewhere.id, 'bought-activity'],
      [mine.canyoningInLombardia.id, 'bought-region'],
      // Nothing of theirs: popularity only.
      [mine.popular.id, 'popular'],
      [mine.lessPopular.id, 'popular'],
    ]);
    expect(cards.every((card) => card.on_sale)).toBe(true);
  });

  it('offers only tickets on sale today, in open areas, and none the member holds for a day ahead', async () => {
    const ids = (await forYou(member)).cards.map((card) => card.id);
    // The most popular of all, and the ticket of the member's next trip, are left out.
    expect(
      ids.filter((id) => [mine.notYetOnSale.id, mine.inClosedArea.id, mine.rafted.id].includes(id)),
    ).toEqual([]);
    // A ticket used last month may be offered again.
    expect(ids).toContain(mine.kayakedLastMonth.id);
  });

  it('keeps the answer private to the member, even with the public cache on', async () => {
    const { response, cards } = await forYou(member);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const stranger = await createMember(sut, 'Luca');
    const theirs = await forYou(stranger);
    expect(theirs.response.json().personal).toBe(false);
    expect(cards.map((card) => card.id)).toContain(mine.trekNextDoor.id);
    // A stranger gets the tickets on sale by popularity alone, the ones of equal popularity as listed.
    expect(theirs.cards.map((card) => [card.id, card.reason])).toEqual(
      [
        mine.popular,
        mine.trekInToscana,
        mine.lessPopular,
        mine.raftingElsewhere,
        mine.canyoningInLombardia,
        mine.inVeneto,
        mine.kayakedLastMonth,
        mine.rafted,
        mine.raftingNextDoor,
        mine.trekNextDoor,
      ].map((ticket) => [ticket.id, 'popular']),
    );
  });

  it('asks a visitor to log in', async () => {
    const response = await createBrowser(sut).get('/api/app/ticket/list/for-you?lng=en');
    expect(response.statusCode).toBe(401);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

describe('app/ticket/list/recommended, for a member', () => {
  it('answers the general rows a visitor gets, publicly cacheable', async () => {
    for (const url of [
      '/api/app/ticket/list/recommended?lng=en',
      '/api/app/v2/ticket/list/recommended?lng=en',
    ]) {
      const visitor = await createBrowser(sut).get(url);
      const ofMember = await member.get(url);
      expect(ofMember.statusCode).toBe(200);
      expect(ofMember.headers['cache-control']).toMatch(/^public/);
      expect(ofMember.json()).toEqual(visitor.json());
    }
  });
});
