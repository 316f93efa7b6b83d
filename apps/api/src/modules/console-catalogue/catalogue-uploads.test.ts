import { auditLog } from '@sentiero/db/schema';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBrowser, createTestApp, type TestApp } from '../../test/app.ts';
import { createClockSwitch, createTestClock, type TestClock } from '../../test/clock.ts';
import { createArea, createTicket } from '../../test/factories.ts';
import { createOperator, staffWith } from '../../test/staff-factories.ts';

/*
 * What operators upload from the console (issue 23): photos, through the pipeline of ADR 030, and
 * a rules document, which must be a PDF by its content. A file that is not what it says is a 400
 * with the field's message; nothing is stored.
 */

const clocks = createClockSwitch();
let sut: TestApp;
let clock: TestClock;

beforeAll(async () => {
  sut = await createTestApp({}, { clock: clocks });
});
afterAll(() => sut.close());
beforeEach(() => {
  clock = clocks.use(createTestClock(Date.parse('2026-11-23T08:00:00Z')));
});

const db = () => sut.database.db;

async function managedTicket(status: 'draft' | 'published' = 'published') {
  const operator = await createOperator(db());
  const area = await createArea(db(), { operatorId: operator.id });
  const ticket = await createTicket(db(), { areaId: area.id, status });
  const manager = await staffWith(sut, clock, 'manager', operator.id);
  return { operator, area, ticket, manager };
}

const photo = () =>
  sharp({ create: { width: 800, height: 500, channels: 3, background: '#3a7a5a' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Artist: 'Camera owner' } } })
    .toBuffer();

/** The smallest document PDF readers open: a header, one empty page, and the end-of-file marker. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

describe('photos', () => {
  it('refuses a file that is not an image, whatever its name, and stores nothing', async () => {
    const { ticket, manager } = await managedTicket();
    const response = await manager.postFiles(
      `/api/console/catalogue/photo/upload?lng=en`,
      { ticket_id: String(ticket.id) },
      [{ field: 'file', filename: 'boat.jpg', type: 'image/jpeg', content: 'not a photo at all' }],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.file).toBe(
      'This file is not a photo we can read: send a JPEG, PNG, WebP or AVIF image',
    );
    const photos = (await manager.get(`/api/console/catalogue/photos?lng=en&ticket_id=${ticket.id}`)).json();
    expect(photos.photos).toEqual([]);
  });

  it('stores a photo the event page shows, audited, and removes it again', async () => {
    const { ticket, manager } = await managedTicket();
    const uploaded = await manager.postFiles(
      `/api/console/catalogue/photo/upload?lng=en`,
      { ticket_id: String(ticket.id), alt_en: 'Canoes on the lake' },
      [{ field: 'file', filename: 'IMG_0001.JPG', type: 'image/jpeg', content: await photo() }],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const stored = uploaded.json().photo;
    expect(stored).toMatchObject({ width: 800, height: 500, alt: 'Canoes on the lake' });

    const visitor = createBrowser(sut);
    const info = (await visitor.get(`/api/app/ticket/info?lng=en&id=${ticket.id}`)).json().ticket;
    expect(info.photo.id).toBe(stored.id);
    const file = await visitor.get(stored.sources.jpeg[0].url);
    expect(file.statusCode).toBe(200);
    // Its metadata (the camera owner's name here) is gone.
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();

    const lines = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'ticket'), eq(auditLog.targetId, String(ticket.id))));
    expect(lines.map((line) => line.action)).toEqual(['photo.add']);

    const removed = await manager.post('/api/console/catalogue/photo/delete?lng=en', {
      ticket_id: ticket.id,
      photo_id: stored.id,
    });
    expect(removed.statusCode).toBe(200);
    expect((await visitor.get(`/api/app/ticket/info?lng=en&id=${ticket.id}`)).json().ticket.photo).toBeNull();
  });

  it("cannot be added to another operator's ticket", async () => {
    const { manager } = await managedTicket();
    const other = await managedTicket();
    const response = await manager.postFiles(
      `/api/console/catalogue/photo/upload?lng=en`,
      { ticket_id: String(other.ticket.id) },
      [{ field: 'file', filename: 'a.jpg', type: 'image/jpeg', content: await photo() }],
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('rules documents', () => {
  it('refuses a file that is not a PDF by its content', async () => {
    const { ticket, manager } = await managedTicket();
    const response = await manager.postFiles(
      `/api/console/catalogue/rules/upload?lng=en`,
      { ticket_id: String(ticket.id) },
      [{ field: 'file', filename: 'rules.pdf', type: 'application/pdf', content: '<html>Rules</html>' }],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.file).toBe('This file is not a PDF document');
  });

  it('serves a PDF from a URL that names its version, once the ticket is published', async () => {
    const { ticket, manager } = await managedTicket('draft');
    const uploaded = await manager.postFiles(
      `/api/console/catalogue/rules/upload?lng=en`,
      { ticket_id: String(ticket.id) },
      [{ field: 'file', filename: 'Regolamento.pdf', type: 'application/pdf', content: PDF }],
    );
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url } = uploaded.json();
    expect(url).toMatch(
      new RegExp(`^/api/app/catalogue/rules-document\\?ticket_id=${ticket.id}&v=[0-9a-f]{16}$`),
    );
    const visitor = createBrowser(sut);
    // A draft's document is not public yet.
    expect((await visitor.get(url)).statusCode).toBe(404);

    await manager.post('/api/console/catalogue/ticket/status?lng=en', { id: ticket.id, status: 'published' });
    const file = await visitor.get(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await visitor.get(url.replace(/v=\w+/, 'v=0000000000000000'))).statusCode).toBe(404);
    const info = (await visitor.get(`/api/app/ticket/info?lng=en&id=${ticket.id}`)).json().ticket;
    expect(info.downloads.rules_document).toBe(url);
  });
});
