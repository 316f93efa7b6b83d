import { GUIDE_SPECIES_SECTION } from '@sentiero/contract/guides';
import { LANGUAGES } from '@sentiero/contract/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, joinPremium } from '../../test/factories.ts';
import { FORAGING_SAFETY } from './content/common.ts';
import { GUIDE_SOURCES } from './content/index.ts';
import type { GuideSource } from './content/types.ts';
import { findGuideProblems, loadGuideLibrary } from './library.ts';

let sut: TestApp;
let plusMember: Browser;
beforeAll(async () => {
  sut = await createTestApp();
  plusMember = await createMember(sut, 'Lucia');
  await joinPremium(plusMember);
});
afterAll(() => sut.close());

const porcini = GUIDE_SOURCES.find((source) => source.outline.slug === 'porcini') as GuideSource;
const lockedText = (source: GuideSource, language: (typeof LANGUAGES)[number]) => {
  const text = source.texts[language];
  const locked = source.outline.sections.slice(source.outline.sampleSections);
  return [
    ...locked.map((id) => text.sections[id]?.body ?? ''),
    ...Object.values(text.species).map((species) => species.description),
  ];
};

describe('app/guide/list', () => {
  it('lists every guide in the request language, each a Sentiero+ guide with its reading time, cacheable by anyone', async () => {
    const response = await sut.app.inject({ method: 'GET', url: '/api/app/guide/list?lng=de' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/^public/);
    const { guide_list } = response.json();
    expect(guide_list.map((guide: { slug: string }) => guide.slug)).toEqual(
      GUIDE_SOURCES.map((source) => source.outline.slug),
    );
    expect(guide_list.find((guide: { slug: string }) => guide.slug === 'porcini')).toMatchObject({
      title: porcini.texts.de.title,
      category: 'foraging',
      premium: true,
    });
    for (const guide of guide_list) expect(guide.reading_minutes).toBeGreaterThanOrEqual(2);
  });
});

describe('app/guide/info', () => {
  it('gives a visitor the free sample, the locked contents and the safety warning, never the rest', async () => {
    const response = await createBrowser(sut).get('/api/app/guide/info?slug=porcini&lng=it');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { guide } = response.json();
    expect(guide).toMatchObject({ slug: 'porcini', full: false, species: [], safety: FORAGING_SAFETY.it });
    expect(guide.sections.map((section: { id: string }) => section.id)).toEqual(['recognise']);
    expect(guide.toc.map((entry: { id: string; locked: boolean }) => [entry.id, entry.locked])).toEqual([
      ['recognise', false],
      [GUIDE_SPECIES_SECTION, true],
      ['look-alikes', true],
      ['where-when', true],
      ['picking', true],
      ['kitchen', true],
    ]);
    for (const text of lockedText(porcini, 'it')) expect(response.body).not.toContain(text.slice(0, 60));
  });

  it('gives a member without Sentiero+ the same sample as a visitor', async () => {
    const member = await createMember(sut, 'Marco');
    const asMember = await member.get('/api/app/guide/info?slug=porcini&lng=en');
    const asVisitor = await createBrowser(sut).get('/api/app/guide/info?slug=porcini&lng=en');
    expect(asMember.statusCode).toBe(200);
    expect(asMember.json()).toEqual(asVisitor.json());
    expect(asMember.json().guide.full).toBe(false);
    for (const text of lockedText(porcini, 'en')) expect(asMember.body).not.toContain(text.slice(0, 60));
  });

  it('gives a Sentiero+ member the whole guide: every section, the species and their look-alikes', async () => {
    const response = await plusMember.get('/api/app/guide/info?slug=porcini&lng=sl');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { guide } = response.json();
    expect(guide.full).toBe(true);
    expect(guide.toc.every((entry: { locked: boolean }) => !entry.locked)).toBe(true);
    expect(guide.sections.map((section: { id: string }) => section.id)).toEqual(porcini.outline.sections);
    expect(guide.species_after).toBe('recognise');
    const edulis = guide.species.find((species: { latin: string }) => species.latin === 'Boletus edulis');
    expect(edulis).toMatchObject({ name: porcini.outline.species[0]?.names.sl, rating: 'edible' });
    expect(edulis.names).toEqual(porcini.outline.species[0]?.names);
    expect(edulis.look_alikes).toContainEqual(
      expect.objectContaining({
        latin: 'Rubroboletus satanas',
        rating: 'toxic',
        how_to_tell: expect.any(String),
      }),
    );
    for (const text of lockedText(porcini, 'sl')) expect(response.body).toContain(text.slice(0, 60));
  });

  it('answers an unknown guide with 404 and a malformed slug with 400', async () => {
    const unknown = await createBrowser(sut).get('/api/app/guide/info?slug=truffles&lng=en');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
    expect((await plusMember.get('/api/app/guide/info?slug=truffles&lng=en')).statusCode).toBe(404);
    expect((await createBrowser(sut).get('/api/app/guide/info?slug=..%2Fetc&lng=en')).statusCode).toBe(400);
  });
});

describe('the guides as written', () => {
  it('has six to eight guides, fishing and foraging', () => {
    expect(GUIDE_SOURCES.length).toBeGreaterThanOrEqual(6);
    expect(GUIDE_SOURCES.length).toBeLessThanOrEqual(8);
    const categories = new Set(GUIDE_SOURCES.map((source) => source.outline.category));
    expect(categories).toEqual(new Set(['fishing', 'foraging']));
  });

  it.each(GUIDE_SOURCES.map((source) => [source.outline.slug, source] as const))(
    'has %s in all five languages with the same sections, species and look-alikes',
    (_slug, source) => {
      expect(findGuideProblems(source)).toEqual([]);
      for (const language of LANGUAGES) {
        const text = source.texts[language];
        expect(Object.keys(text.sections)).toEqual(source.outline.sections);
        expect(Object.keys(text.species).sort()).toEqual(
          source.outline.species.map((species) => species.id).sort(),
        );
      }
    },
  );

  it('puts the safety warning on every foraging guide, in every language: the inspectorate, 112, a poison centre', async () => {
    const foraging = GUIDE_SOURCES.filter((source) => source.outline.category === 'foraging');
    expect(foraging.map((source) => source.outline.slug).sort()).toEqual([
      'chanterelles',
      'death-cap',
      'foraging-rules',
      'porcini',
      'woods-safety',
    ]);
    for (const language of LANGUAGES) {
      const warning = FORAGING_SAFETY[language].points.join(' ');
      expect(warning).toContain('Ispettorato Micologico');
      expect(warning).toContain('112');
      expect(warning).toContain('Tox Info Suisse');
    }
    for (const source of foraging) {
      const { guide } = (
        await createBrowser(sut).get(`/api/app/guide/info?slug=${source.outline.slug}&lng=es`)
      ).json();
      expect(guide.safety).toEqual(FORAGING_SAFETY.es);
    }
  });

  it('refuses to serve a guide whose translation lost a section or a species', () => {
    const { kitchen: _left, ...sectionsWithoutKitchen } = porcini.texts.de.sections;
    const broken: GuideSource = {
      ...porcini,
      texts: {
        ...porcini.texts,
        de: { ...porcini.texts.de, sections: sectionsWithoutKitchen },
        es: { ...porcini.texts.es, species: {} },
      },
    };
    expect(() => loadGuideLibrary([broken])).toThrow(
      /porcini: es: has species[\s\S]*porcini: de: has sections/,
    );
  });
});
