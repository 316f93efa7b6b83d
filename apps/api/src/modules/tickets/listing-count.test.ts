import { TICKETS_PAGE_SIZE } from '@sentiero/contract/tickets';
import { activityTypes, tickets } from '@sentiero/db/schema';
import { seedSyntheticTickets } from '@sentiero/db/seed/synthetic';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createArea } from '../../test/factories.ts';
import { COUNT_AHEAD } from './listing-limits.ts';

let sut: TestApp;
const SYNTHETIC = COUNT_AHEAD + 150;
/** How many of the generated tickets are rafting: the ones a search for the word finds. */
let rafting: number;

// No demo catalogue: the generated tickets, spread over two areas of the test's own, are all there is.
beforeAll(async () => {
  sut = await createTestApp({}, { seed: 'reference' });
  const { db } = sut.database;
  await createArea(db);
  await createArea(db);
  await seedSyntheticTickets(db, SYNTHETIC);
  rafting = await db.$count(
    tickets,
    eq(
      tickets.activityTypeId,
      db.select({ id: activityTypes.id }).from(activityTypes).where(eq(activityTypes.slug, 'rafting')),
    ),
  );
}, 120_000);
afterAll(() => sut.close());

async function search(query: string) {
  const response = await sut.app.inject({ method: 'GET', url: `/api/app/v2/search?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    ticket_list: { id: number }[];
    page: number;
    pages: number;
    total: number;
    total_exact: boolean;
  };
}

describe('counting a large listing', () => {
  it('counts up to a thousand tickets past the page and says the total is not exact', async () => {
    const first = await search('lng=en');
    expect(first).toMatchObject({
      total: COUNT_AHEAD,
      total_exact: false,
      pages: Math.ceil(COUNT_AHEAD / TICKETS_PAGE_SIZE),
    });
    expect(first.ticket_list).toHaveLength(TICKETS_PAGE_SIZE);
  });

  it('counts further as the visitor pages on, and exactly near the end', async () => {
    const deep = await search('lng=en&page=80');
    expect(deep).toMatchObject({ total: SYNTHETIC, total_exact: true });
    const pages = Math.ceil(SYNTHETIC / TICKETS_PAGE_SIZE);
    expect(deep.pages).toBe(pages);
    const last = await search(`lng=en&page=${pages}`);
    expect(last.ticket_list).toHaveLength(SYNTHETIC - (pages - 1) * TICKETS_PAGE_SIZE);
    expect(last.total).toBe(SYNTHETIC);
  });

  it('counts word matches the same way, on the search documents', async () => {
    const matches = await search('q=rafting&lng=en');
    // Rafting's share of the generated tickets: several pages, fewer than a count reaches.
    expect(rafting).toBeGreaterThan(2 * TICKETS_PAGE_SIZE);
    expect(rafting).toBeLessThan(COUNT_AHEAD);
    expect(matches).toMatchObject({ total: rafting, total_exact: true });
  });

  it('gives every ticket once over the pages of a word search', async () => {
    const first = await search('q=rafting&lng=en&order=price_asc');
    const ids = new Set<number>();
    for (let page = 1; page <= first.pages; page += 1) {
      for (const card of (await search(`q=rafting&lng=en&order=price_asc&page=${page}`)).ticket_list)
        ids.add(card.id);
    }
    expect(ids.size).toBe(first.total);
  });
});
