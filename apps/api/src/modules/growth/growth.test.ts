import { GROWTH_LEVELS, OPEN_GROWTH_DAYS } from '@sentiero/contract/growth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(() => sut.close());

type Row = { slug: string; country: string; region: { id: number }; days: { date: string; level: string }[] };

async function get(url: string) {
  const response = await sut.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() };
}

describe('app/area/list/level', () => {
  it('gives the latest growth levels of every foraging area, newest day first', async () => {
    const { status, body } = await get('/api/app/area/list/level?lng=it');
    expect(status).toBe(200);
    expect(body.level_list).toEqual([...GROWTH_LEVELS]);
    expect(body.full_table).toBe(false);
    const slugs = body.area_list.map((row: Row) => row.slug);
    expect(slugs).toContain('val-taro');
    expect(slugs).not.toContain('santuario-pelagos');
    for (const row of body.area_list as Row[]) {
      expect(row.days).toHaveLength(OPEN_GROWTH_DAYS);
      const dates = row.days.map((day) => day.date);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const day of row.days) expect(GROWTH_LEVELS).toContain(day.level);
    }
  });

  it('filters by country and by region', async () => {
    const slovenia = await get('/api/app/area/list/level?country=si&lng=sl');
    expect(slovenia.body.area_list.length).toBeGreaterThan(0);
    expect(slovenia.body.area_list.every((row: Row) => row.country === 'SI')).toBe(true);
    const regionId = slovenia.body.area_list[0].region.id;
    const region = await get(`/api/app/area/list/level?id_region=${regionId}&lng=sl`);
    expect(region.body.area_list.every((row: Row) => row.region.id === regionId)).toBe(true);
  });

  it('refuses an unknown country with a clear message', async () => {
    const { status, body } = await get('/api/app/area/list/level?country=FR&lng=en');
    expect(status).toBe(400);
    expect(body.fields).toEqual({ country: 'This value is not valid' });
  });
});
