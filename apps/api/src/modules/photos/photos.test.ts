import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { MAX_PHOTO_STORAGE_BYTES, MAX_PHOTOS_PER_MEMBER } from '@sentiero/contract/photos';
import { finds, memberPhotoFiles, memberPhotos } from '@sentiero/db/schema';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageDecoding } from '../../platform/image-pipeline.ts';
import { type Browser, createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, joinPremium, memberId } from '../../test/factories.ts';

/*
 * Members' photos (issue 15, item 8) through the API, with real images made here: read by their
 * content, turned upright, stripped of the camera's data unless the member keeps it, the owner's
 * only, sent twice as one, and gone with the record or the account that held them.
 */

let sut: TestApp;
let member: Browser;
let other: Browser;

beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off' });
  [member, other] = await Promise.all([createMember(sut, 'Fotografa'), createMember(sut, 'Curioso')]);
  await joinPremium(member);
  await joinPremium(other);
});
afterAll(() => sut.close());

/** Where a phone wrote the position: 44°30' N, 9°45' E, a porcino spot in the Apennines. */
const CAMERA_EXIF = {
  IFD0: { Make: 'Sentiero Test Camera' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '44/1 30/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '9/1 45/1 0/1',
  },
};

/** A phone's photo: 4000×3000 as the sensor reads it, EXIF orientation 6 (held upright), GPS. */
const phonePhoto = () =>
  sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#7a5230' } })
    .jpeg({ quality: 90 })
    .withExif(CAMERA_EXIF)
    .withMetadata({ orientation: 6 })
    .toBuffer();

const smallPng = () =>
  sharp({
    create: { width: 640, height: 480, channels: 4, background: { r: 40, g: 120, b: 60, alpha: 0.5 } },
  })
    .png()
    .toBuffer();

/** Whether an EXIF block points to a GPS directory (tag 0x8825), in either byte order. */
function hasGpsDirectory(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const littleEndian = exif.subarray(6, 8).toString('latin1') === 'II';
  return exif.includes(Buffer.from(littleEndian ? [0x25, 0x88] : [0x88, 0x25]));
}

type Upload = { id?: string; content: Buffer | string; filename?: string; type?: string; keep?: boolean };

const uploadPhoto = (browser: Browser, { id = randomUUID(), content, filename, type, keep }: Upload) =>
  browser.postFiles(
    '/api/app/photo/upload?lng=en',
    { id, ...(keep === undefined ? {} : { keep_location: String(keep) }) },
    [{ field: 'file', filename: filename ?? 'IMG_0001.jpg', type: type ?? 'image/jpeg', content }],
  );

type PhotoAnswer = { id: string; v: string; width: number; height: number; location_kept: boolean };

async function stored(browser: Browser, upload: Upload): Promise<PhotoAnswer> {
  const response = await uploadPhoto(browser, upload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().photo;
}

const fileUrl = (photo: { id: string; v: string }, size: string, format: string) =>
  `/api/app/photo/file?id=${photo.id}&size=${size}&format=${format}&v=${photo.v}`;

async function served(browser: Browser, photo: PhotoAnswer, size: string, format: string) {
  const response = await browser.get(fileUrl(photo, size, format));
  expect(response.statusCode, response.body).toBe(200);
  return { response, metadata: await sharp(response.rawPayload).metadata() };
}

describe('who may upload', () => {
  it('asks a visitor to log in and refuses a member without Sentiero+', async () => {
    const content = await smallPng();
    expect((await uploadPhoto(createBrowser(sut), { content })).statusCode).toBe(401);
    const plain = await createMember(sut, 'Semplice');
    const refused = await uploadPhoto(plain, { content });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PREMIUM_REQUIRED');
  });
});

describe('what is stored of a photo', () => {
  it('turns it upright and keeps no camera data or position by default', async () => {
    const photo = await stored(member, { content: await phonePhoto() });
    expect(photo).toMatchObject({ width: 1600, height: 2133, location_kept: false });
    for (const [size, width] of [
      ['thumb', 320],
      ['large', 1600],
    ] as const) {
      for (const format of ['webp', 'jpeg']) {
        const { response, metadata } = await served(member, photo, size, format);
        expect(response.headers['content-type']).toBe(`image/${format}`);
        expect(metadata).toMatchObject({ format, width });
        expect(metadata.height).toBeGreaterThan(width);
        expect(metadata.exif).toBeUndefined();
        expect(metadata.orientation ?? 1).toBe(1);
      }
    }
  });

  it("keeps the camera's EXIF, position included, in the large JPEG only when the member asks", async () => {
    const photo = await stored(member, { content: await phonePhoto(), keep: true });
    expect(photo.location_kept).toBe(true);
    const large = await served(member, photo, 'large', 'jpeg');
    expect(hasGpsDirectory(large.metadata.exif)).toBe(true);
    // Upright already, so no viewer turns it a second time.
    expect(large.metadata.orientation ?? 1).toBe(1);
    for (const [size, format] of [
      ['large', 'webp'],
      ['thumb', 'webp'],
      ['thumb', 'jpeg'],
    ]) {
      expect((await served(member, photo, size as string, format as string)).metadata.exif).toBeUndefined();
    }
  });

  it('reads a photo by its content: a PNG named .jpg is a PNG, and a small one is not enlarged', async () => {
    const photo = await stored(member, {
      content: await smallPng(),
      filename: 'photo.jpg',
      type: 'image/jpeg',
    });
    expect(photo).toMatchObject({ width: 640, height: 480 });
    // The JPEG of a transparent PNG has a background, not black.
    const { metadata } = await served(member, photo, 'large', 'jpeg');
    expect(metadata).toMatchObject({ format: 'jpeg', channels: 3 });
  });

  it.each([
    ['a text file named .jpg', Buffer.from('These are not the pixels you are looking for.\n')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['a JPEG cut after its first bytes', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46])],
  ])('refuses %s with a 400 that says why, in the member’s language', async (_name, content) => {
    const refused = await uploadPhoto(member, { content });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().fields.file).toMatch(/not a photo/);
    const inItalian = await member.postFiles('/api/app/photo/upload?lng=it', { id: randomUUID() }, [
      { field: 'file', filename: 'foto.jpg', content },
    ]);
    expect(inItalian.json().fields.file).toMatch(/non è una foto/);
  });

  it('refuses an image with more pixels than a phone camera makes, before decoding it', async () => {
    // A PNG header announcing width × height pixels behind a few bytes.
    const announcing = (width: number, height: number) => {
      const header = Buffer.alloc(13);
      header.writeUInt32BE(width, 0);
      header.writeUInt32BE(height, 4);
      header.set([8, 2, 0, 0, 0], 8);
      return Buffer.concat([
        Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
        chunk('IHDR', header),
        chunk('IDAT', deflateSync(Buffer.alloc(60_001))),
        chunk('IEND', Buffer.alloc(0)),
      ]);
    };
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    // 400 megapixels (a decompression bomb), and 60 (a phone's 108 or 200 MP mode, scaled down).
    for (const [width, height] of [
      [20_000, 20_000],
      [10_000, 6_000],
    ] as const) {
      const refused = await uploadPhoto(member, {
        content: announcing(width, height),
        filename: 'huge.png',
        type: 'image/png',
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().fields.file).toBe('This image has too many pixels (more than 50 megapixels)');
    }
    // A 50 MP camera's full resolution passes the count (this one's pixels are then unreadable).
    const fifty = await uploadPhoto(member, { content: announcing(8160, 6144), filename: 'big.png' });
    expect(fifty.statusCode, fifty.body).toBe(400);
    expect(fifty.json().fields.file).not.toMatch(/too many pixels/);
  });

  it('decodes a few photos at a time and asks the rest to come back shortly (503, Retry-After)', async () => {
    // The queue's turns taken by held work of this test's own: two decoding, eight waiting.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const busy = Array.from({ length: 10 }, () => imageDecoding.run(() => held));
    try {
      const refused = await uploadPhoto(member, { content: await smallPng() });
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json().code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      release();
      await Promise.all(busy);
    }
    expect((await uploadPhoto(member, { content: await smallPng() })).statusCode).toBe(200);
  });

  it('refuses a file over 15 MB with a 413 that names it', async () => {
    const refused = await uploadPhoto(member, { content: Buffer.alloc(15 * 1024 * 1024 + 1, 0xff) });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().fields.file).toBe('The file is too large');
  });
});

describe("the member's limits", () => {
  it('refuses a photo past the number of photos, then past the space for them (409)', async () => {
    const crowded = await createMember(sut, 'Collezionista');
    await joinPremium(crowded);
    const userId = await memberId(crowded);
    const rows = Array.from({ length: MAX_PHOTOS_PER_MEMBER }, () => ({
      id: randomUUID(),
      userId,
      width: 1600,
      height: 1200,
      bytes: 1000,
      version: 'test',
    }));
    await sut.database.db.insert(memberPhotos).values(rows);
    const full = await uploadPhoto(crowded, { content: await smallPng() });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      code: 'PHOTO_LIMIT',
      fields: { file: expect.stringMatching(/2,000/) },
    });

    await sut.database.db.delete(memberPhotos).where(eq(memberPhotos.userId, userId));
    await sut.database.db
      .insert(memberPhotos)
      .values({ ...rows[0], id: randomUUID(), bytes: MAX_PHOTO_STORAGE_BYTES - 100 } as (typeof rows)[0]);
    const noRoom = await uploadPhoto(crowded, { content: await smallPng() });
    expect(noRoom.statusCode).toBe(409);
    expect(noRoom.json().fields.file).toMatch(/space/);
  });
});

describe('whose photo it is', () => {
  it('serves the owner only: another member, a visitor and a wrong version get 404', async () => {
    const photo = await stored(member, { content: await smallPng() });
    const url = fileUrl(photo, 'thumb', 'webp');
    const own = await member.get(url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const etag = own.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await member.get(url, { 'if-none-match': etag })).statusCode).toBe(304);

    for (const stranger of [other, createBrowser(sut)]) {
      const response = await stranger.get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect((await member.get(fileUrl({ ...photo, v: 'older' }, 'thumb', 'webp'))).statusCode).toBe(404);
  });

  it('takes the same photo sent twice as one, and never lets another member take its id', async () => {
    const id = randomUUID();
    const first = await stored(member, { id, content: await phonePhoto() });
    const again = await stored(member, { id, content: await phonePhoto() });
    expect(again).toEqual(first);
    const [rows] = await sut.database.db
      .select({ total: count() })
      .from(memberPhotos)
      .where(eq(memberPhotos.id, id));
    expect(rows?.total).toBe(1);
    const taken = await uploadPhoto(other, { id, content: await smallPng() });
    expect(taken.statusCode).toBe(404);
  });
});

const marker = (photoIds: string[], overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  latitude: 44.5,
  longitude: 9.75,
  species_code: 'boletus-edulis',
  found_on: '2026-09-19',
  photo_ids: photoIds.join(','),
  updated_at: new Date(Date.now() - 60_000).toISOString(),
  ...overrides,
});

const photoRows = (id: string) => sut.database.db.select().from(memberPhotos).where(eq(memberPhotos.id, id));

describe('photos of markers and notebook entries', () => {
  it('names photos on a marker and refuses another member’s photo as unknown', async () => {
    const mine = await stored(member, { content: await smallPng() });
    const theirs = await stored(other, { content: await smallPng() });
    const refused = await member.post('/api/app/find/save?lng=en', marker([mine.id, theirs.id]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('photo_ids');

    const spot = marker([mine.id]);
    const saved = await member.post('/api/app/find/save?lng=en', spot);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().find.photos).toEqual([{ id: mine.id, v: mine.v }]);
    const listed = (await member.get('/api/app/find/list?lng=en')).json().finds;
    expect(listed.find((find: { id: string }) => find.id === spot.id).photos).toEqual([
      { id: mine.id, v: mine.v },
    ]);
  });

  it('deletes a photo taken off a marker, and the photos of a deleted marker', async () => {
    const [kept, dropped] = [
      await stored(member, { content: await smallPng() }),
      await stored(member, { content: await smallPng() }),
    ];
    const spot = marker([kept.id, dropped.id]);
    expect((await member.post('/api/app/find/save?lng=en', spot)).statusCode).toBe(200);
    const edited = await member.post('/api/app/find/save?lng=en', {
      ...spot,
      photo_ids: kept.id,
      updated_at: new Date(Date.now() - 30_000).toISOString(),
    });
    expect(edited.json().find.photos).toEqual([{ id: kept.id, v: kept.v }]);
    expect(await photoRows(dropped.id)).toEqual([]);
    expect(await photoRows(kept.id)).toHaveLength(1);

    expect((await member.post('/api/app/find/delete?lng=en', { id: spot.id })).statusCode).toBe(200);
    expect(await photoRows(kept.id)).toEqual([]);
    const files = await sut.database.db
      .select({ total: count() })
      .from(memberPhotoFiles)
      .where(eq(memberPhotoFiles.photoId, kept.id));
    expect(files[0]?.total).toBe(0);
  });

  it('names photos on a notebook entry, deleted with the entry', async () => {
    const photo = await stored(member, { content: await smallPng() });
    const entry = {
      id: randomUUID(),
      day: '2026-09-19',
      species_code: 'boletus-edulis',
      weight_g: 700,
      photo_ids: [photo.id],
      updated_at: new Date(Date.now() - 60_000).toISOString(),
    };
    const saved = await member.post('/api/app/notebook/save?lng=en', entry);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().entry.photos).toEqual([{ id: photo.id, v: photo.v }]);
    const season = (await member.get('/api/app/notebook/list?lng=en&season=2026')).json();
    expect(season.entries.find((row: { id: string }) => row.id === entry.id).photos).toHaveLength(1);
    expect((await member.post('/api/app/notebook/delete?lng=en', { id: entry.id })).statusCode).toBe(200);
    expect(await photoRows(photo.id)).toEqual([]);
  });

  it('lists the photos in the personal-data download and erases them with the account', async () => {
    const leaving = await createMember(sut, 'Partente');
    await joinPremium(leaving);
    const userId = await memberId(leaving);
    const photo = await stored(leaving, { content: await smallPng() });
    const spot = marker([photo.id]);
    expect((await leaving.post('/api/app/find/save?lng=en', spot)).statusCode).toBe(200);
    // An upload no record names yet goes too.
    await stored(leaving, { content: await smallPng() });

    const download = (await leaving.get('/api/app/user/export?lng=en')).json();
    expect(download.photos).toHaveLength(2);
    expect(download.finds[0].photos).toEqual([{ id: photo.id, v: photo.v }]);

    const deleted = await leaving.post('/api/app/user/delete?lng=en', { password: 'Trota2026' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const db = sut.database.db;
    expect(await db.select().from(memberPhotos).where(eq(memberPhotos.userId, userId))).toEqual([]);
    expect(await db.select().from(finds).where(eq(finds.userId, userId))).toEqual([]);
  });
});
