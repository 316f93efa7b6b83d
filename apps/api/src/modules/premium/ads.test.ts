import { ads } from '@sentiero/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, joinPremium } from '../../test/factories.ts';

const NOW = '2026-11-22T18:00:00Z';
const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.parse(NOW) + days * DAY_MS);

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({}, { now: NOW });
  // The seed's ads would share the slot: only this file's ads run.
  await sut.database.db.update(ads).set({ active: false });
  const ad = (id: string, row: Partial<typeof ads.$inferInsert>) => ({
    id,
    kind: 'partner' as const,
    placements: ['blog'],
    texts: {
      en: { title: `${id} in English`, text: 'Guided walks', cta: 'Book' },
      sl: { title: `${id} po slovensko`, text: 'Vodeni izleti', cta: 'Rezerviraj' },
    },
    url: 'https://partner.example/walks',
    ...row,
  });
  await sut.database.db
    .insert(ads)
    .values([
      ad('running', { activeFrom: daysFromNow(-1), activeUntil: daysFromNow(1) }),
      ad('switched-off', { active: false }),
      ad('ended', { activeUntil: daysFromNow(-1) }),
      ad('not-yet', { activeFrom: daysFromNow(1) }),
      ad('elsewhere', { placements: ['home'] }),
    ]);
});
afterAll(() => sut.close());

const titlesOf = async (browser: ReturnType<typeof createBrowser>, lng: string) => {
  const response = await browser.get(`/api/app/ad/list?placement=blog&lng=${lng}`);
  expect(response.statusCode).toBe(200);
  return (response.json().ads as { title: string }[]).map((ad) => ad.title);
};

describe('the ads of a slot', () => {
  it('shows only an ad that is switched on, for this slot and within its dates, in the language asked', async () => {
    const visitor = createBrowser(sut);
    for (let draw = 0; draw < 5; draw++)
      expect(await titlesOf(visitor, 'sl')).toEqual(['running po slovensko']);
  });

  it('falls back to English when the operator wrote none in the language asked', async () => {
    expect(await titlesOf(createBrowser(sut), 'de')).toEqual(['running in English']);
  });

  it('shows a Sentiero+ member none', async () => {
    const member = await createMember(sut, 'Nives');
    expect(await titlesOf(member, 'en')).toEqual(['running in English']);
    await joinPremium(member);
    expect(await titlesOf(member, 'en')).toEqual([]);
  });
});
