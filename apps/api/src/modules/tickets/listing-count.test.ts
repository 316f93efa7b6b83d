import { TICKETS_PAGE_SIZE } from '@sentiero/contract/tickets';
import { seedSyntheticTickets } from '@sentiero/db/seed/synthetic';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { COUNT_AHEAD } from './listing-limits.ts';

let sut: TestApp;
const SYNTHETIC = COUNT_AHEAD + 150;

beforeAll(async () => {
  sut = await createTestApp();
  await seedSyntheticTickets(sut.database.db, SYNTHETIC);
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
    expect(deep.total_exact).toBe(true);
    expect(deep.total).toBeGreaterThan(SYNTHETIC);
    const last = await search(`lng=en&page=${deep.pages}`);
    expect(last.ticket_list.length).toBeGreaterThan(0);
    expect(last.total).toBe(deep.total);
  });

  it('counts word matches the same way, on the search documents', async () => {
    const matches = await search('q=rafting&lng=en');
    expect(matches.total_exact).toBe(true);
    expect(matches.total).toBeGreaterThan(0);
    expect(matches.total).toBeLessThan(COUNT_AHEAD);
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
