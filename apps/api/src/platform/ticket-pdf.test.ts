import { type TicketPayload, verifyTicketCode } from '@sentiero/contract/ticket-code';
import { judgeTicket, readTicketCode } from '@sentiero/contract/ticket-verdict';
import jsQRModule from 'jsqr';
import * as mupdf from 'mupdf';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  findTicketFont,
  renderTicketPdf,
  type TicketForPdf,
  type TicketPdfLabel,
  ticketQrSymbol,
} from './ticket-pdf.ts';
import { loadTicketSigner } from './ticket-signing.ts';

const texts = {
  documentTitle: 'Tickets',
  area: 'Area',
  location: 'Location',
  category: 'Category',
  validFrom: 'Valid from',
  validUntil: 'Valid until',
  holder: 'Holder',
  maxUsage: 'Maximum uses',
  unlimited: 'Unlimited',
  price: 'Price',
  listPrice: 'List price',
  promotionDiscount: 'Promotion discount',
  couponDiscount: 'Coupon discount',
  paid: 'Paid',
  payOnSite: 'To pay on site',
  meetingPoint: 'Meeting point',
  cancellation: 'Cancellation policy',
  rules: 'Rules in short',
  code: 'Ticket code',
  verifyNote: 'Show this code to the ranger: it can be checked without a network.',
} satisfies Record<TicketPdfLabel, string>;

// jsqr is CommonJS with an `exports.default`: under NodeNext the default import is the whole module.
const jsQR = jsQRModule.default;

const signer = loadTicketSigner();
const publicKeys = { [signer.keyId]: new Uint8Array(Buffer.from(signer.publicKeyRaw, 'base64url')) };

/** A price paid in full, with no discount. */
function full(cents: number): TicketForPdf['price'] {
  return { listCents: cents, promotionCents: 0, couponCents: 0, couponCode: null, paidCents: cents };
}

function makeTicket(fields: Omit<TicketPayload, 'key_id'>, extra: Partial<TicketForPdf> = {}): TicketForPdf {
  return {
    code: fields.code,
    signedCode: signer.sign(fields),
    title: fields.title,
    areaName: fields.area_name,
    location: 'Garessio, Piemonte, Italia',
    category: 'Mushroom picking',
    validFrom: fields.valid_from,
    validUntil: fields.valid_until,
    holderName: fields.holder,
    maxUsage: fields.max_usage,
    price: full(1250),
    currency: 'EUR',
    paymentMethod: 'sandbox',
    rules: 'Up to 3 kg per person per day. Only with a basket. Closed on Tuesdays and Thursdays.',
    meetingPoint: null,
    cancellation: 'Free cancellation until the day before the activity: everything you paid comes back.',
    issuedAt: new Date(fields.issued_at * 1000),
    ...extra,
  };
}

const mushroomPermit = makeTicket({
  code: 'FUNGHI7Q2M',
  area_id: 42,
  area_name: 'Alta Valle Tanaro',
  title: 'Mushroom permit — 3 days',
  valid_from: '2026-09-12',
  valid_until: '2026-09-14',
  holder: 'Žiga Šinkovec',
  max_usage: null,
  issued_at: 1_789_000_000,
});
const rafting = makeTicket(
  {
    code: 'RAFT9PLQ2Z',
    area_id: 7,
    area_name: 'Soča',
    title: 'Rafting on the Soča, half day',
    valid_from: '2026-07-04',
    valid_until: '2026-07-04',
    holder: 'Nicolò Čarman',
    max_usage: 1,
    issued_at: 1_780_000_000,
  },
  {
    location: 'Bovec, Slovenija',
    category: 'Rafting',
    paymentMethod: 'cash',
    price: full(4500),
    meetingPoint: 'Camp Vodenca car park, 9:00. Bring a swimsuit and a towel.',
  },
);

function openPdf(pdf: Buffer) {
  return mupdf.Document.openDocument(pdf, 'application/pdf');
}

// Intl puts no-break spaces in prices and dates; what a reader sees is a space.
function pageText(page: mupdf.Page): string {
  return page.toStructuredText('preserve-whitespace').asText().replace(/\s+/gu, ' ');
}

// jsQR wants RGBA; an opaque RGB render keeps the page white instead of transparent black.
function readQrCode(page: mupdf.Page): string | null {
  const pixmap = page.toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false);
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const components = pixmap.getNumberOfComponents();
  const rgb = pixmap.getPixels();
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const from = row * stride + col * components;
      const to = (row * width + col) * 4;
      rgba[to] = rgb[from] ?? 0;
      rgba[to + 1] = rgb[from + 1] ?? 0;
      rgba[to + 2] = rgb[from + 2] ?? 0;
      rgba[to + 3] = 255;
    }
  }
  return jsQR(rgba, width, height)?.data ?? null;
}

describe('ticket PDF', () => {
  it('prints one page per ticket whose QR code a ranger verifies offline', async () => {
    const pdf = await renderTicketPdf([mushroomPermit, rafting], {
      language: 'en',
      brand: 'Sentiero',
      texts,
    });
    const document = openPdf(pdf);
    expect(document.countPages()).toBe(2);

    const expected = [mushroomPermit, rafting];
    for (const [index, ticket] of expected.entries()) {
      const page = document.loadPage(index);
      const scanned = readQrCode(page);
      expect(scanned).toBe(ticket.signedCode);
      const verification = await verifyTicketCode(scanned ?? '', publicKeys);
      expect(verification).toMatchObject({
        valid: true,
        payload: { code: ticket.code, holder: ticket.holderName, valid_until: ticket.validUntil },
      });
    }

    const first = pageText(document.loadPage(0));
    expect(first).toContain('Žiga Šinkovec');
    expect(first).toContain('September 12, 2026');
    expect(first).toContain('September 14, 2026');
    expect(first).toContain('FUNGHI7Q2M');
    expect(first).toContain('Alta Valle Tanaro');
    expect(first).toContain('Unlimited');
    expect(first).toContain('€12.50');
    expect(first).toContain('Up to 3 kg per person per day');
    expect(first).not.toContain('To pay on site');

    const second = pageText(document.loadPage(1));
    expect(second).toContain('Nicolò Čarman');
    expect(second).toContain('July 4, 2026');
    expect(second).toContain('RAFT9PLQ2Z');
    expect(second).toContain('Soča');
    expect(second).toContain('To pay on site');
    expect(second).toContain('Camp Vodenca car park');
    expect(second).toContain('€45.00');
  });

  it('draws a compact code at QR version 8 or less, level M, which scans and gets a valid verdict', async () => {
    const claims = {
      code: 'TK7Q2M9XWDH',
      ticketId: 4321,
      areaId: 42,
      validFrom: '2026-09-12',
      validUntil: '2026-09-14',
      initials: 'ZS',
      guests: 1,
      maxUses: null,
    };
    // The largest claims a ticket can have: ids at their limit, a year's validity, three initials.
    const largest = {
      ...claims,
      ticketId: 0xffff_ffff,
      areaId: 0xffff_ffff,
      validUntil: '2027-09-12',
      initials: 'MLR',
      maxUses: 0xffff,
    };
    for (const text of [signer.signCompact(claims), signer.signCompact(largest)]) {
      const symbol = ticketQrSymbol(text);
      expect(symbol.version).toBeLessThanOrEqual(8);
      expect(symbol.errorCorrectionLevel).toBe(
        QRCode.create('x', { errorCorrectionLevel: 'M' }).errorCorrectionLevel,
      );
      expect(symbol.segments.map((segment) => segment.mode.id)).toEqual(['Alphanumeric']);
    }
    // The first format, for comparison: what tickets issued before it carry.
    expect(ticketQrSymbol(mushroomPermit.signedCode).version).toBeGreaterThan(8);

    const qrCode = signer.signCompact(claims);
    const pdf = await renderTicketPdf([{ ...mushroomPermit, code: claims.code, signedCode: qrCode }], {
      language: 'en',
      brand: 'Sentiero',
      texts,
    });
    const scanned = readQrCode(openPdf(pdf).loadPage(0)) ?? '';
    expect(scanned).toBe(qrCode);
    const verdict = await judgeTicket({
      scanned: readTicketCode(scanned),
      publicKeys,
      now: new Date('2026-09-13T08:00:00Z'),
    });
    expect(verdict).toMatchObject({
      valid: true,
      ticket: { format: 'ST2', code: claims.code, holder: 'ZS', areaId: 42 },
    });
  });

  it('prints what was paid and every discount, not the list price alone', async () => {
    // 22,00 € list price, 10% off with a coupon: the holder paid 19,80 €.
    const withCoupon = {
      ...mushroomPermit,
      price: {
        listCents: 2200,
        promotionCents: 0,
        couponCents: 220,
        couponCode: 'AUTUNNO10',
        paidCents: 1980,
      },
    };
    const italian = {
      ...texts,
      listPrice: 'Prezzo di listino',
      couponDiscount: 'Sconto coupon',
      paid: 'Pagato',
    };
    const text = pageText(
      openPdf(
        await renderTicketPdf([withCoupon], { language: 'it', brand: 'Sentiero', texts: italian }),
      ).loadPage(0),
    );
    expect(text).toContain('Pagato 19,80 €');
    expect(text).toContain('Prezzo di listino 22,00 €');
    expect(text).toContain('Sconto coupon −2,20 € (AUTUNNO10)');
    expect(text).not.toContain('Promotion discount');

    const promoted = { ...rafting, price: { ...full(4500), listCents: 5000, promotionCents: 500 } };
    const onSite = pageText(
      openPdf(await renderTicketPdf([promoted], { language: 'en', brand: 'Sentiero', texts })).loadPage(0),
    );
    expect(onSite).toContain('List price €50.00');
    expect(onSite).toContain('Promotion discount −€5.00');
    expect(onSite).toContain('Price €45.00 To pay on site');
    expect(onSite).not.toContain('Paid');
  });

  it('prints every letter, č, š and ž too, in each of several PDFs made one after another', async () => {
    // The font is parsed once per process: a PDF must not inherit what the one before it used. (The
    // Z that Ž is drawn from, once taken into a PDF, told later ones' readers it stood for nothing.)
    const zala = makeTicket(
      {
        code: 'KAJAK4ZQ7P',
        area_id: 9,
        area_name: 'Zgornja Savinjska',
        title: 'Kayak on the Savinja',
        valid_from: '2026-08-01',
        valid_until: '2026-08-01',
        holder: 'Zala Zupan',
        max_usage: 1,
        issued_at: 1_781_000_000,
      },
      { location: 'Luče, Slovenija' },
    );
    const made: string[] = [];
    for (const [ticket, language] of [
      [mushroomPermit, 'sl'],
      [rafting, 'it'],
      [zala, 'de'],
    ] as const) {
      const pdf = await renderTicketPdf([ticket], { language, brand: 'Sentiero', texts });
      made.push(pageText(openPdf(pdf).loadPage(0)));
    }
    expect(made[0]).toContain('Žiga Šinkovec');
    expect(made[1]).toContain('Nicolò Čarman');
    expect(made[1]).toContain('Sentiero');
    expect(made[1]).toContain('Soča');
    expect(made[2]).toContain('Zala Zupan');
    expect(made[2]).toContain('Zgornja Savinjska');
    expect(made[2]).toContain('Luče, Slovenija');
  });

  it('finds an installed TrueType font for č, š and ž', () => {
    expect(findTicketFont()).not.toBeNull();
  });

  it('writes dates, prices and labels in the language asked for', async () => {
    const slovenian = { ...texts, holder: 'Imetnik', payOnSite: 'Plačilo na kraju samem' };
    const pdf = await renderTicketPdf([rafting], { language: 'sl', brand: 'Sentiero', texts: slovenian });
    const text = pageText(openPdf(pdf).loadPage(0));
    expect(text).toContain('4. julij 2026');
    expect(text).toContain('45,00 €');
    expect(text).toContain('Plačilo na kraju samem');
  });

  it('falls back to Helvetica without a TrueType font, keeping what WinAnsi can print', async () => {
    const pdf = await renderTicketPdf([mushroomPermit, rafting], {
      language: 'it',
      brand: 'Sentiero',
      texts,
      font: null,
    });
    const document = openPdf(pdf);
    expect(pageText(document.loadPage(0))).toContain('Žiga Šinkovec');
    expect(pageText(document.loadPage(0))).toContain('12 settembre 2026');
    expect(pageText(document.loadPage(1))).toContain('Nicolò Carman');
    expect(readQrCode(document.loadPage(1))).toBe(rafting.signedCode);
  });

  it('names the document after the ticket and the brand', async () => {
    const single = openPdf(await renderTicketPdf([rafting], { language: 'en', brand: 'Sentiero', texts }));
    expect(single.getMetaData('info:Title')).toBe('Rafting on the Soča, half day – RAFT9PLQ2Z');
    expect(single.getMetaData('info:Author')).toBe('Sentiero');
    const order = openPdf(
      await renderTicketPdf([mushroomPermit, rafting], { language: 'en', brand: 'Sentiero', texts }),
    );
    expect(order.getMetaData('info:Title')).toBe('Tickets – FUNGHI7Q2M, RAFT9PLQ2Z');
  });

  it('gives the same bytes when the same tickets are downloaded again', async () => {
    const options = { language: 'de', brand: 'Sentiero', texts } as const;
    const once = await renderTicketPdf([mushroomPermit, rafting], options);
    const again = await renderTicketPdf([mushroomPermit, rafting], options);
    expect(again.equals(once)).toBe(true);
  });

  it("keeps very long rules and titles on the ticket's own page", async () => {
    const wordy = {
      ...rafting,
      title: 'Rafting on the Soča with a guide, wetsuit, helmet and a photo package included '.repeat(4),
      rules: 'Up to 3 kg per person per day; only with a wicker basket; no rakes. '.repeat(200),
      meetingPoint: 'At the bridge. '.repeat(40),
    };
    const document = openPdf(
      await renderTicketPdf([wordy, mushroomPermit], { language: 'en', brand: 'Sentiero', texts }),
    );
    expect(document.countPages()).toBe(2);
    expect(pageText(document.loadPage(0))).toContain(texts.verifyNote);
    expect(readQrCode(document.loadPage(0))).toBe(rafting.signedCode);
  });

  it('refuses to make a PDF without tickets', async () => {
    await expect(renderTicketPdf([], { language: 'en', brand: 'Sentiero', texts })).rejects.toThrow();
  });
});
