import { DURATION_TYPES } from '@sentiero/contract/durations';
import { seedTickets } from '@sentiero/db/seed/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/*
 * The demo catalogue itself (the seed a fresh installation starts with): that it loads and the
 * API lists it. Other tests write their own listings and do not read it.
 */

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(() => sut.close());

type Card = { id: number; slug: string; duration_type: string };

async function get(url: string) {
  const response = await sut.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Every page of the search without a filter: the whole catalogue, on sale today or not. */
async function wholeCatalogue(): Promise<{ total: number; cards: Card[] }> {
  const first = await get('/api/app/v2/search?order=date&lng=en&page=1');
  const cards: Card[] = [...first.ticket_list];
  for (let page = 2; page <= first.pages; page++)
    cards.push(...(await get(`/api/app/v2/search?order=date&lng=en&page=${page}`)).ticket_list);
  return { total: first.total, cards };
}

describe('the demo catalogue (seed)', () => {
  it('lists each of its tickets once, in all fifteen duration types', async () => {
    const { total, cards } = await wholeCatalogue();
    expect(total).toBe(seedTickets.length);
    expect(cards.map((card) => card.slug).sort()).toEqual(seedTickets.map((ticket) => ticket.slug).sort());
    expect(new Set(cards.map((card) => card.duration_type))).toEqual(new Set(DURATION_TYPES));
    for (const ticket of seedTickets) {
      const card = cards.find((listed) => listed.slug === ticket.slug);
      expect(card?.duration_type, ticket.slug).toBe(ticket.durationType);
    }
  });
});
