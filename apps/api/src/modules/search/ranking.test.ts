import { LANGUAGES } from '@sentiero/contract/languages';
import { TICKETS_PAGE_SIZE } from '@sentiero/contract/tickets';
import { executeRows } from '@sentiero/db/client';
import { tickets } from '@sentiero/db/schema';
import { rebuildSearchIndex } from '@sentiero/db/search-index';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createArea, createTicket, inEveryLanguage } from '../../test/factories.ts';
import { RELEVANCE_CANDIDATES } from '../tickets/index.ts';

/*
 * How a word search ranks and counts when more listings match than it reads (ADR 013): the most
 * popular first, the top tier of each language's documents read first.
 */

let sut: TestApp;
// No demo catalogue: the matches are the listings written below and no others.
beforeAll(async () => {
  sut = await createTestApp({}, { seed: 'reference' });
});
afterAll(() => sut.close());

type Card = { title: string };

async function search(query: string) {
  const response = await sut.app.inject({ method: 'GET', url: `/api/app/v2/search?${query}` });
  return { status: response.statusCode, body: response.json() };
}

describe('a word that matches more listings than are ranked', () => {
  it('ranks the most popular matches, the better matches of equal popularity first, and counts as far as it ranked', async () => {
    const { db } = sut.database;
    const area = await createArea(db);
    const template = await createTicket(db, { areaId: area.id });
    const many = RELEVANCE_CANDIDATES + 100;
    // Every title has the word; one ticket among the most popular has it twice more, in its
    // description, and the least popular one has it as often but is never a candidate.
    await db.insert(tickets).values(
      Array.from({ length: many }, (_, index) => ({
        ...template.row,
        id: undefined,
        slug: `quokka-${index}`,
        title: inEveryLanguage(`Quokka walk ${index}`),
        description: inEveryLanguage(index === 7 || index === 0 ? 'Quokka, quokka.' : 'A walk.'),
        popularity: index === 7 ? 1000 + many - 8 : 1000 + index,
      })),
    );
    await db.transaction((tx) => rebuildSearchIndex(tx));

    const { body } = await search('q=quokka&lng=en');
    // Bounded work per request: the matches past those ranked are not read to count them.
    expect(body).toMatchObject({ total: RELEVANCE_CANDIDATES, total_exact: false });
    const titles = (body.ticket_list as Card[]).map((card) => card.title);
    expect(titles[0]).toBe('Quokka walk 7');
    expect(titles.slice(1, 4)).toEqual([
      `Quokka walk ${many - 1}`,
      `Quokka walk ${many - 2}`,
      `Quokka walk ${many - 3}`,
    ]);
    expect(titles).not.toContain('Quokka walk 0');
    const lastPage = Math.ceil(many / TICKETS_PAGE_SIZE);
    const deep = await search(`q=quokka&lng=en&page=${lastPage}`);
    expect(deep.body).toMatchObject({ total: many, total_exact: true });
    // Past the ranked ones, matches follow by popularity: the last page holds the least popular.
    const lastTitles = (deep.body.ticket_list as Card[]).map((card) => card.title);
    expect(lastTitles.slice(-3)).toEqual(['Quokka walk 2', 'Quokka walk 1', 'Quokka walk 0']);
    // Page by page, every match shows once: no page reorders the ones before it.
    const seen: string[] = [];
    for (let page = 1; page <= lastPage; page++) {
      const { body: onPage } = await search(`q=quokka&lng=en&page=${page}`);
      seen.push(...(onPage.ticket_list as Card[]).map((card) => card.title));
    }
    expect(seen).toHaveLength(many);
    expect(new Set(seen).size).toBe(many);
    expect(seen[0]).toBe('Quokka walk 7');
  });
});

describe('a word search over more listings than the top tier holds', () => {
  const TOP_TIER = 250;
  const WOMBATS = 300;

  beforeAll(async () => {
    const { db } = sut.database;
    const area = await createArea(db);
    const template = await createTicket(db, { areaId: area.id });
    // The wombats are the most popular listings of all; the one numbat is the least popular.
    await db.insert(tickets).values([
      ...Array.from({ length: WOMBATS }, (_, index) => ({
        ...template.row,
        id: undefined,
        slug: `wombat-${index}`,
        title: inEveryLanguage(`Wombat watch ${index}`),
        popularity: 100_000 + index,
      })),
      {
        ...template.row,
        id: undefined,
        slug: 'numbat-walk',
        title: inEveryLanguage('Numbat walk'),
        popularity: 0,
      },
    ]);
    await db.transaction((tx) => rebuildSearchIndex(tx, { topTier: TOP_TIER }));
  });

  afterAll(() => sut.database.db.transaction((tx) => rebuildSearchIndex(tx)));

  it('puts the most popular documents of each language in the top tier', async () => {
    const rows = await executeRows<{ language: string; tier: number; least: number }>(
      sut.database.db,
      sql`select language, count(*)::int as tier, min(popularity)::int as least
        from ticket_search where top_tier group by language order by language`,
    );
    expect(rows).toEqual(
      [...LANGUAGES]
        .sort()
        .map((language) => ({ language, tier: TOP_TIER, least: 100_000 + WOMBATS - TOP_TIER })),
    );
  });

  it('ranks a common word among the most popular listings', async () => {
    const { body } = await search('q=wombat&lng=en');
    expect(body).toMatchObject({ total: RELEVANCE_CANDIDATES, total_exact: false });
    expect((body.ticket_list as Card[]).map((card) => card.title).slice(0, 3)).toEqual([
      `Wombat watch ${WOMBATS - 1}`,
      `Wombat watch ${WOMBATS - 2}`,
      `Wombat watch ${WOMBATS - 3}`,
    ]);
  });

  it('finds a word that only listings outside the top tier hold', async () => {
    const { body } = await search('q=numbat&lng=de');
    expect(body).toMatchObject({ total: 1, total_exact: true });
    expect(body.ticket_list[0].title).toBe('Numbat walk');
  });

  it('reads on past the top tier as the visitor pages on', async () => {
    const pages = Math.ceil(WOMBATS / TICKETS_PAGE_SIZE);
    const last = await search(`q=wombat&lng=en&page=${pages}`);
    expect(last.body).toMatchObject({ total: WOMBATS, total_exact: true });
    expect(last.body.ticket_list).toHaveLength(WOMBATS - (pages - 1) * TICKETS_PAGE_SIZE);
  });
});
