import type { TestApp } from './app.ts';

export type PlainTicket = { id: number; date: string; categoryId: number; capacity: number };

/**
 * A seeded DAILY ticket anybody may buy (no minimum age, no fishing card, not residents-only,
 * not free, with places per day) and its first open day in summer 2027: what checkout tests buy.
 */
export async function findPlainDailyTicket(sut: TestApp): Promise<PlainTicket> {
  const get = async (url: string) => (await sut.app.inject({ method: 'GET', url })).json();
  const { pages } = await get('/api/app/v2/search?lng=en&page=1');
  for (let page = 1; page <= pages; page++) {
    for (const card of (await get(`/api/app/v2/search?lng=en&page=${page}`)).ticket_list) {
      const info = (await get(`/api/app/ticket/info?id=${card.id}`)).ticket;
      if (info.duration_type !== 'DAILY' || info.min_age > 0 || info.requires_fishing_card) continue;
      if (info.residents_only || info.price_cents === 0 || info.daily_capacity === null) continue;
      const { days } = await get(`/api/app/ticket/calendar?id=${info.id}&from=2027-06-01&days=60`);
      const open = days.find((day: { open: boolean }) => day.open);
      if (open)
        return { id: info.id, date: open.date, categoryId: info.category_id, capacity: info.daily_capacity };
    }
  }
  throw new Error('the seed has no plain daily ticket open in summer 2027');
}
