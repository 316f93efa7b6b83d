import type { RecommendationReason } from '@sentiero/contract/tickets';
import { activityTypes, regions } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import {
  createArea,
  createMember,
  createOrder,
  createTicket,
  memberId,
  type TestTicket,
} from '../../test/factories.ts';

type Card = { id: number; on_sale: boolean; activity: { slug: string }; reason: RecommendationReason };

let sut: TestApp;
let member: Browser;
let rafted: TestTicket;
let raftingNextDoor: TestTicket;
let kayakedLastMonth: TestTicket;
let notYetOnSale: TestTicket;
let inClosedArea: TestTicket;

// A Sunday evening in Italy; the public cache is on, as in production.
beforeAll(async () => {
  sut = await createTestApp({ PUBLIC_CACHE_SECONDS: '60' }, { now: '2026-11-22T18:00:00Z' });
  const db = sut.database.db;
  const activity = async (slug: string) =>
    (await db.select({ id: activityTypes.id }).from(activityTypes).where(eq(activityTypes.slug, slug)))[0]
      ?.id as number;
  const region = async (slug: string) =>
    (await db.select({ id: regions.id }).from(regions).where(eq(regions.slug, slug)))[0]?.id as number;
  const [rafting, trek, kayak] = [
    await activity('rafting'),
    await activity('trekking'),
    await activity('kayak'),
  ];
  const piemonte = await createArea(db, { regionId: await region('piemonte') });
  const toscana = await createArea(db, { regionId: await region('toscana') });
  // Unpopular on purpose, except the ones that must never show: the member's signals lift them.
  rafted = await createTicket(db, { areaId: piemonte.id, activityTypeId: rafting, popularity: 0 });
  raftingNextDoor = await createTicket(db, { areaId: piemonte.id, activityTypeId: rafting, popularity: 0 });
  const lombardia = await createArea(db, { regionId: await region('lombardia') });
  kayakedLastMonth = await createTicket(db, { areaId: lombardia.id, activityTypeId: kayak, popularity: 0 });
  notYetOnSale = await createTicket(db, {
    areaId: toscana.id,
    activityTypeId: trek,
    saleFrom: '2026-11-23',
    popularity: 100_000,
  });
  const closed = await createArea(db, { available: false });
  inClosedArea = await createTicket(db, { areaId: closed.id, activityTypeId: trek, popularity: 100_000 });

  member = await createMember(sut, 'Marta');
  const userId = await memberId(member);
  // Rafting in Piemonte next June, paid; kayak last month; a basket abandoned before paying.
  await createOrder(db, { userId, status: 'issued' }, [{ ticketId: rafted.id, startDate: rafted.date }]);
  await createOrder(db, { userId, status: 'issued' }, [
    { ticketId: kayakedLastMonth.id, startDate: '2026-10-18' },
  ]);
  await createOrder(db, { userId, status: 'failed' }, [
    { ticketId: notYetOnSale.id, startDate: '2027-06-01' },
  ]);
  const tagged = await member.post('/api/app/user/tag?lng=en', { activities: 'trekking' });
  expect(tagged.statusCode).toBe(200);
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
    const ids = cards.map((card) => card.id);
    // Rafting in the Piemonte area they booked comes first, then (or beside it) treks, which they like.
    expect(ids[0] === raftingNextDoor.id || ids[1] === raftingNextDoor.id).toBe(true);
    expect(cards.find((card) => card.id === raftingNextDoor.id)?.reason).toBe('bought-area');
    const treks = cards.filter((card) => card.reason === 'preferred-activity');
    expect(treks.length).toBeGreaterThan(0);
    expect(treks.every((card) => card.activity.slug === 'trekking')).toBe(true);
    // Nothing merely popular before something of theirs.
    const reasons = cards.map((card) => card.reason);
    const firstPopular = reasons.indexOf('popular');
    if (firstPopular >= 0)
      expect(reasons.slice(firstPopular).every((reason) => reason === 'popular')).toBe(true);
    expect(cards.slice(0, 5).every((card) => card.reason !== 'popular')).toBe(true);
  });

  it('offers only tickets on sale today, in open areas', async () => {
    const { cards } = await forYou(member);
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((card) => card.on_sale)).toBe(true);
    const ids = cards.map((card) => card.id);
    expect(ids).not.toContain(notYetOnSale.id);
    expect(ids).not.toContain(inClosedArea.id);
  });

  it('never offers a ticket the member holds for a day ahead, but may offer one used before', async () => {
    const ids = (await forYou(member)).cards.map((card) => card.id);
    expect(ids).not.toContain(rafted.id);
    expect(ids).toContain(kayakedLastMonth.id);
  });

  it('keeps the answer private to the member, even with the public cache on', async () => {
    const { response, cards } = await forYou(member);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const stranger = await createMember(sut, 'Luca');
    const theirs = await forYou(stranger);
    expect(theirs.response.json().personal).toBe(false);
    expect(theirs.cards.every((card) => card.reason === 'popular')).toBe(true);
    expect(theirs.cards.map((card) => card.id)).not.toEqual(cards.map((card) => card.id));
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
