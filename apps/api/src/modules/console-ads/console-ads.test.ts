import { PERMISSIONS, STAFF_ROLES, type StaffRole } from '@sentiero/contract/access';
import { adImages, ads, auditLog } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createMember, joinPremium } from '../../test/factories.ts';
import { createOperator, createStaff, signInStaff } from '../../test/staff-factories.ts';

/*
 * The console's advertisements (issue 23, item 4; ADR 038): Sentiero's admins write them, with an
 * uploaded picture checked by its content; the storefront's slot shows them in their languages,
 * within their dates, and never to a member of Sentiero+.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
  // The seed's ads would share the slots: only this file's run.
  await sut.database.db.update(ads).set({ active: false });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

async function staffOf(role: StaffRole): Promise<Browser> {
  const everywhere = role === 'admin' || role === 'support';
  const operator = everywhere ? null : await createOperator(sut.database.db);
  const staff = await createStaff(sut.database.db, { role, operatorId: operator?.id ?? null });
  return signInStaff(sut, staff, clock);
}

const AD = {
  kind: 'partner',
  placements: 'blog,growth',
  languages: 'it,en',
  texts: JSON.stringify({
    it: { title: 'Guide in Val di Sole', text: 'Escursioni guidate ogni sabato.', cta: 'Prenota' },
    en: { title: 'Guides in the Sole valley', text: 'Guided walks every Saturday.', cta: 'Book' },
    de: { title: 'Nicht gezeigt', text: 'Deutsch ist nicht gewählt.', cta: 'Nein' },
  }),
  url: 'https://guides.example/sole',
  weight: '2',
  active_from: '2026-11-01T00:00:00Z',
  active_until: '2026-12-31T00:00:00Z',
};

const slotTitles = async (browser: Browser, placement: string, lng: string) => {
  const response = await browser.get(`/api/app/ad/list?placement=${placement}&lng=${lng}`);
  expect(response.statusCode).toBe(200);
  return (response.json().ads as { title: string }[]).map((ad) => ad.title);
};

describe('who may manage advertisements', () => {
  it.each(STAFF_ROLES)('gives a %s what the permission table gives it', async (role) => {
    const browser = await staffOf(role);
    const allowed = (PERMISSIONS['ads.manage'].heldBy as readonly string[]).includes(role);
    const listed = await browser.get('/api/console/ads?lng=en');
    expect(listed.statusCode, role).toBe(allowed ? 200 : 403);
    const created = await browser.post('/api/console/ad/create?lng=en', { ...AD, active_until: '' });
    expect(created.statusCode, `${role}: ${created.body}`).toBe(allowed ? 200 : 403);
    if (allowed)
      await browser.post('/api/console/ad/active?lng=en', { id: created.json().ad.id, active: false });
  });
});

describe('an advertisement made in the console', () => {
  it('is shown in its languages, placements and dates, never to a Sentiero+ member, and audited', async () => {
    const admin = await staffOf('admin');
    const created = await admin.post('/api/console/ad/create?lng=en', AD);
    expect(created.statusCode, created.body).toBe(200);
    const ad = created.json().ad;
    expect(ad).toMatchObject({
      kind: 'partner',
      placements: ['blog', 'growth'],
      languages: ['it', 'en'],
      url: 'https://guides.example/sole',
      weight: 2,
      active: true,
      image: null,
    });
    // A text of a language not shown is not kept.
    expect(Object.keys(ad.texts).sort()).toEqual(['en', 'it']);

    const visitor = createBrowser(sut);
    expect(await slotTitles(visitor, 'blog', 'it')).toEqual(['Guide in Val di Sole']);
    expect(await slotTitles(visitor, 'growth', 'en')).toEqual(['Guides in the Sole valley']);
    expect(await slotTitles(visitor, 'blog', 'de')).toEqual([]);
    expect(await slotTitles(visitor, 'home', 'en')).toEqual([]);

    const member = await createMember(sut, 'Nives');
    expect(await slotTitles(member, 'blog', 'en')).toEqual(['Guides in the Sole valley']);
    await joinPremium(member);
    expect(await slotTitles(member, 'blog', 'en')).toEqual([]);
    expect(await slotTitles(member, 'growth', 'it')).toEqual([]);

    clocks.use(createTestClock(Date.parse('2027-01-02T08:00:00Z')));
    expect(await slotTitles(visitor, 'blog', 'en')).toEqual([]);
    clocks.use(clock);

    const changed = await admin.post('/api/console/ad/update?lng=en', {
      ...AD,
      id: ad.id,
      placements: 'home',
      languages: 'en',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await slotTitles(visitor, 'home', 'en')).toEqual(['Guides in the Sole valley']);
    expect(await slotTitles(visitor, 'blog', 'it')).toEqual([]);
    await admin.post('/api/console/ad/active?lng=en', { id: ad.id, active: 'false' });
    expect(await slotTitles(visitor, 'home', 'en')).toEqual([]);

    const lines = await sut.database.db.select().from(auditLog).where(eq(auditLog.targetId, ad.id));
    expect(lines.map((line) => line.action)).toEqual(['ad.create', 'ad.update', 'ad.deactivate']);
    expect(lines[1]?.changes).toMatchObject({ placements: [['blog', 'growth'], ['home']] });
  });

  it('refuses a missing text, an unsafe link and a period that ends before it starts', async () => {
    const admin = await staffOf('admin');
    const cases: [Record<string, unknown>, string][] = [
      [{ languages: 'it,en,sl' }, 'texts.sl.title'],
      [{ url: 'javascript:alert(1)' }, 'url'],
      [{ url: '//evil.example' }, 'url'],
      [{ url: 'http://partner.example' }, 'url'],
      [{ placements: '' }, 'placements'],
      [{ placements: 'checkout' }, 'placements.0'],
      [{ active_until: '2026-10-01T00:00:00Z' }, 'active_until'],
    ];
    for (const [change, field] of cases) {
      const response = await admin.post('/api/console/ad/create?lng=en', { ...AD, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(Object.keys(response.json().fields ?? {}), JSON.stringify(change)).toContain(field);
    }
  });

  it('takes a picture read by its content, stored without metadata and served for a year', async () => {
    const admin = await staffOf('admin');
    const ad = (await admin.post('/api/console/ad/create?lng=en', { ...AD, placements: 'event' })).json().ad;
    const photo = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 120, b: 60 } },
    })
      .withMetadata({ exif: { IFD0: { Artist: 'Someone private' } } })
      .jpeg()
      .toBuffer();

    const notImage = await admin.postFiles('/api/console/ad/image?lng=en', { id: ad.id }, [
      { field: 'file', filename: 'photo.jpg', type: 'image/jpeg', content: '<svg onload="alert(1)"/>' },
    ]);
    expect(notImage.statusCode).toBe(400);
    expect(Object.keys(notImage.json().fields)).toEqual(['file']);

    const uploaded = await admin.postFiles('/api/console/ad/image?lng=en', { id: ad.id }, [
      { field: 'file', filename: 'whatever.bin', content: photo },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const image: string = uploaded.json().ad.image;
    expect(image).toMatch(/^\/api\/app\/ad\/image\?id=ad-[0-9a-f]+&v=[0-9a-f]+$/);

    const file = await createBrowser(sut).get(image);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(file.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 240, height: 160 });
    expect(metadata.exif).toBeUndefined();
    expect((await createBrowser(sut).get(`${image}x`)).statusCode).toBe(404);

    const slot = (await createBrowser(sut).get('/api/app/ad/list?placement=event&lng=en')).json();
    expect(slot.ads[0].image).toBe(image);
    const [stored] = await sut.database.db.select().from(adImages).where(eq(adImages.adId, ad.id));
    expect(stored?.width).toBe(240);
  });
});
