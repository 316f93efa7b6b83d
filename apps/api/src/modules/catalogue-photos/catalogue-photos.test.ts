import { crc32, deflateSync } from 'node:zlib';
import { CATALOGUE_PHOTO_WIDTHS } from '@sentiero/contract/catalogue-photo-files';
import type { CataloguePhoto } from '@sentiero/contract/catalogue-photos';
import { cataloguePhotoFiles } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createArea, createTicket } from '../../test/factories.ts';
import {
  addCataloguePhoto,
  listCataloguePhotos,
  removeCataloguePhoto,
  reorderCataloguePhotos,
} from './service.ts';

/*
 * Operators' photos of tickets and areas (issue 23, ADR 030), with real images made here: read by
 * their content, stripped of the camera's data, written at the storefront's widths as AVIF, WebP
 * and JPEG, carried by the ticket and area answers and served for a year under their version.
 */

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({ RATE_LIMITS: 'off' });
});
afterAll(() => sut.close());

const ctx = (lang: 'en' | 'de' | 'it' = 'en') => ({ db: sut.database.db, lang });
const OPERATOR = { staffId: 7 };
const ALT = { it: 'Il fiume Sesia', en: 'The Sesia river', de: 'Die Sesia' };

const photo = (width: number, height: number, format: 'png' | 'jpeg' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#3a7a5a' } })
    [format]()
    .toBuffer();

/** Where a camera wrote the position: 45°48' N, 8°10' E, on the Sesia. */
const cameraJpeg = () =>
  sharp({ create: { width: 1400, height: 900, channels: 3, background: '#5a6a7a' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Sentiero Test Camera' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '45/1 48/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '8/1 10/1 0/1',
      },
    })
    .toBuffer();

async function get(url: string, headers: Record<string, string> = {}) {
  return sut.app.inject({ method: 'GET', url, headers });
}

/** The refusal a service call ends in, as the error handler would answer it. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, 'the call should have been refused').toBeDefined();
  const { status, code, fields } = error as { status: number; code: string; fields?: Record<string, string> };
  return { status, code, fields };
}

const allFiles = (photo: CataloguePhoto) => [
  ...photo.sources.avif.map((file) => ({ ...file, format: 'avif' })),
  ...photo.sources.webp.map((file) => ({ ...file, format: 'webp' })),
  ...photo.sources.jpeg.map((file) => ({ ...file, format: 'jpeg' })),
];

describe('adding a photo', () => {
  it('reads the file by its content: a PNG sent as a .jpg is a photo, a text file named .jpg is refused', async () => {
    const ticket = await createTicket(sut.database.db);
    // The service is never told a name or a type: a PNG someone named `river.jpg` is read as a PNG.
    const png = await addCataloguePhoto(ctx(), {
      ticketId: ticket.id,
      file: await photo(800, 500),
      alt: ALT,
      uploadedBy: OPERATOR,
    });
    expect(png).toMatchObject({ width: 800, height: 500, alt: 'The Sesia river' });

    const text = Buffer.from('Not a photo, only a note someone saved as river.jpg\n');
    expect(
      await refusal(
        addCataloguePhoto(ctx(), { ticketId: ticket.id, file: text, alt: ALT, uploadedBy: OPERATOR }),
      ),
    ).toEqual({ status: 400, code: 'VALIDATION_FAILED', fields: { file: 'photoUnreadable' } });
  });

  it('refuses an image with more pixels than a camera makes, before decoding it', async () => {
    const ticket = await createTicket(sut.database.db);
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    // A PNG header announcing 20000 × 20000 pixels (400 megapixels) behind a few bytes.
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(60_001))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(
      await refusal(
        addCataloguePhoto(ctx(), { ticketId: ticket.id, file: bomb, alt: ALT, uploadedBy: null }),
      ),
    ).toEqual({ status: 400, code: 'VALIDATION_FAILED', fields: { file: 'photoTooManyPixels' } });
    expect(await listCataloguePhotos(ctx(), { ticketId: ticket.id })).toEqual([]);
  });

  it('asks for an alternative text, and refuses an unknown ticket as not found', async () => {
    const ticket = await createTicket(sut.database.db);
    const file = await photo(400, 300);
    expect(
      await refusal(
        addCataloguePhoto(ctx(), { ticketId: ticket.id, file, alt: { de: ' ' }, uploadedBy: null }),
      ),
    ).toMatchObject({ status: 400, fields: { alt: 'required' } });
    expect(
      await refusal(addCataloguePhoto(ctx(), { ticketId: 2_000_000_000, file, alt: ALT, uploadedBy: null })),
    ).toMatchObject({ status: 404 });
  });

  it("removes the camera's EXIF data and GPS position from every file", async () => {
    const ticket = await createTicket(sut.database.db);
    const original = await cameraJpeg();
    // The control: the upload itself does carry the camera's data.
    expect((await sharp(original).metadata()).exif).toBeInstanceOf(Buffer);
    expect(original.includes(Buffer.from('Sentiero Test Camera'))).toBe(true);
    const added = await addCataloguePhoto(ctx(), {
      ticketId: ticket.id,
      file: original,
      alt: ALT,
      uploadedBy: OPERATOR,
    });
    const files = await sut.database.db
      .select({
        format: cataloguePhotoFiles.format,
        width: cataloguePhotoFiles.width,
        body: cataloguePhotoFiles.body,
      })
      .from(cataloguePhotoFiles)
      .where(eq(cataloguePhotoFiles.photoId, added.id))
      .orderBy(cataloguePhotoFiles.format, cataloguePhotoFiles.width);
    // The 1400 px photo at the widths up to its own, in each format.
    const widths = [320, 640, 960, 1280, 1400];
    expect(files.map((file) => `${file.format} ${file.width}`)).toEqual(
      ['avif', 'jpeg', 'webp'].flatMap((format) => widths.map((width) => `${format} ${width}`)),
    );
    for (const file of files) {
      const metadata = await sharp(file.body).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(file.body.includes(Buffer.from('Sentiero Test Camera'))).toBe(false);
    }
  });

  it('writes AVIF, WebP and JPEG at each width the pages need, never wider than the photo', async () => {
    const ticket = await createTicket(sut.database.db);
    const wide = await addCataloguePhoto(ctx(), {
      ticketId: ticket.id,
      file: await photo(2400, 1500, 'jpeg'),
      alt: ALT,
      uploadedBy: OPERATOR,
    });
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      expect(wide.sources[format].map((file) => file.width)).toEqual([...CATALOGUE_PHOTO_WIDTHS]);
    }
    for (const file of allFiles(wide)) {
      const response = await get(file.url);
      expect(response.statusCode, file.url).toBe(200);
      expect(response.headers['content-type']).toBe(`image/${file.format}`);
      const metadata = await sharp(response.rawPayload).metadata();
      expect(metadata.format).toBe(file.format === 'avif' ? 'heif' : file.format);
      expect(metadata.width).toBe(file.width);
      expect(metadata.height).toBe(Math.round((file.width * 1500) / 2400));
    }

    // A photo 1000 px wide is written up to its own width, once, and never enlarged.
    const narrow = await addCataloguePhoto(ctx(), {
      ticketId: ticket.id,
      file: await photo(1000, 700),
      alt: ALT,
      uploadedBy: null,
    });
    expect(narrow.sources.webp.map((file) => file.width)).toEqual([320, 640, 960, 1000]);
    expect(narrow).toMatchObject({ width: 1000, height: 700 });
  });
});

describe('the storefront', () => {
  it("carries a ticket's photos in its answers, alt text in the request's language, and none for a ticket without", async () => {
    const area = await createArea(sut.database.db);
    const withPhotos = await createTicket(sut.database.db, { areaId: area.id });
    const without = await createTicket(sut.database.db, { areaId: area.id });
    const first = await addCataloguePhoto(ctx(), {
      ticketId: withPhotos.id,
      file: await photo(1300, 800),
      alt: ALT,
      uploadedBy: OPERATOR,
    });
    const second = await addCataloguePhoto(ctx(), {
      ticketId: withPhotos.id,
      file: await photo(700, 700),
      alt: { en: 'The put-in' },
      uploadedBy: OPERATOR,
    });

    const info = (await get(`/api/app/ticket/info?id=${withPhotos.id}&lng=de`)).json().ticket;
    expect(info.photo).toMatchObject({ id: first.id, width: 1300, height: 800, alt: 'Die Sesia' });
    // Every width up to the photo's, then the photo's own.
    expect(info.photo.sources.avif.map((file: { width: number }) => file.width)).toEqual([
      320, 640, 960, 1280, 1300,
    ]);
    expect(info.photo.src).toMatch(/w=640&format=jpeg/);
    // Alt text missing in German falls back to English.
    expect(info.photo_list.map((item: CataloguePhoto) => [item.id, item.alt])).toEqual([
      [first.id, 'Die Sesia'],
      [second.id, 'The put-in'],
    ]);

    const cards = (await get(`/api/app/ticket/area/list?id=${area.id}&lng=it`)).json().ticket_list;
    const card = (id: number) => cards.find((item: { id: number }) => item.id === id);
    expect(card(withPhotos.id).photo).toMatchObject({ id: first.id, alt: 'Il fiume Sesia' });
    expect(card(without.id).photo).toBeNull();
    const plain = (await get(`/api/app/ticket/info?id=${without.id}&lng=en`)).json().ticket;
    expect(plain).toMatchObject({ photo: null, photo_list: [] });

    // The operator's new order shows at once; a removed photo is gone from the answers and its files.
    await reorderCataloguePhotos(ctx(), {
      ticketId: withPhotos.id,
      photoIds: [second.id, first.id],
    });
    const reordered = (await get(`/api/app/ticket/info?id=${withPhotos.id}&lng=en`)).json().ticket;
    expect(reordered.photo.id).toBe(second.id);
    // Another ticket's photo is not this ticket's to remove.
    expect(
      await refusal(removeCataloguePhoto(ctx(), { ticketId: without.id, photoId: second.id })),
    ).toMatchObject({ status: 404 });
    await removeCataloguePhoto(ctx(), { ticketId: withPhotos.id, photoId: second.id });
    expect((await listCataloguePhotos(ctx(), { ticketId: withPhotos.id })).map((item) => item.id)).toEqual([
      first.id,
    ]);
    expect((await get(second.src)).statusCode).toBe(404);
  });

  it('refuses an order that does not name each of the photos once', async () => {
    const ticket = await createTicket(sut.database.db);
    const only = await addCataloguePhoto(ctx(), {
      ticketId: ticket.id,
      file: await photo(400, 300),
      alt: ALT,
      uploadedBy: null,
    });
    for (const photoIds of [[], [only.id, only.id], [only.id, only.id + 1000]]) {
      expect(await refusal(reorderCataloguePhotos(ctx(), { ticketId: ticket.id, photoIds }))).toMatchObject({
        status: 400,
        fields: { photo_ids: 'invalid' },
      });
    }
  });

  it("carries an area's photos on its card and its page", async () => {
    const area = await createArea(sut.database.db);
    const added = await addCataloguePhoto(ctx(), {
      areaId: area.id,
      file: await photo(1000, 600),
      alt: ALT,
      uploadedBy: OPERATOR,
    });
    const info = (await get(`/api/app/v2/area/info?id=${area.id}&lng=it`)).json().area;
    expect(info.photo).toMatchObject({ id: added.id, alt: 'Il fiume Sesia', width: 1000, height: 600 });
    expect(info.photo_list).toHaveLength(1);
    const list = (await get(`/api/app/v2/area/list?id_region=${area.regionId}&lng=en`)).json();
    const pages = Array.from({ length: list.pages }, (_, index) => index + 1);
    const cards = (
      await Promise.all(
        pages.map(
          async (page) =>
            (await get(`/api/app/v2/area/list?id_region=${area.regionId}&lng=en&page=${page}`)).json()
              .area_list,
        ),
      )
    ).flat();
    expect(cards.find((card: { id: number }) => card.id === area.id).photo).toMatchObject({ id: added.id });
  });

  it('serves a file for a year under its version, with an ETag, and refuses another version', async () => {
    const ticket = await createTicket(sut.database.db);
    const added = await addCataloguePhoto(ctx(), {
      ticketId: ticket.id,
      file: await photo(700, 400),
      alt: ALT,
      uploadedBy: null,
    });
    const url = added.sources.webp[0]?.url ?? '';
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toBeUndefined();
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(url.replace(/v=[^&]+/, 'v=000000000000'))).statusCode).toBe(404);
    expect((await get(url.replace(/w=\d+/, 'w=333'))).statusCode).toBe(404);
  });
});
