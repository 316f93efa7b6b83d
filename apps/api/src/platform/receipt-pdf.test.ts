import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { API_LOCALES_DIR } from './config.ts';
import {
  RECEIPT_PDF_LABELS,
  type ReceiptPdfOptions,
  receiptAttachment,
  receiptPdf,
  splitVat,
} from './receipt-pdf.ts';

// Not the placeholders of config.ts: the receipt must print what it is given.
const SELLER = {
  name: 'Boschi Alti S.r.l.',
  address: 'Via dei Castagni 12\n12075 Garessio (CN), Italia',
  taxNumber: 'IT09876543210',
  registerNumber: 'REA CN-314159',
};

const RECEIPT: ReceiptPdfOptions = {
  language: 'it',
  brand: 'Sentiero',
  seller: SELLER,
  buyer: { name: 'Žiga Šinkovec', email: 'ziga.sinkovec@example.com' },
  receiptNumber: 'SP-2026-000123',
  paidAt: '2026-05-08T08:00:00Z',
  planType: 'yearly',
  periodStart: '2026-05-08',
  periodEnd: '2027-05-08',
  amountCents: 2490,
  paymentLabel: 'Visa •••• 4242',
};

// Intl puts no-break spaces in prices and dates; what a reader sees is a space.
async function textOf(options: ReceiptPdfOptions): Promise<string> {
  const document = mupdf.Document.openDocument(await receiptPdf(options), 'application/pdf');
  expect(document.countPages()).toBe(1);
  return document.loadPage(0).toStructuredText('preserve-whitespace').asText().replace(/\s+/gu, ' ');
}

describe('the receipt of a Sentiero+ charge', () => {
  it('splits the VAT out of what was paid, to the cent, so that the parts add up to it', () => {
    // Worked out by hand: 24.90 / 1.22 = 20.4098…, 2.99 / 1.22 = 2.4508…, 0.01 / 1.22 = 0.0082….
    expect(splitVat(2490)).toEqual({ netCents: 2041, vatCents: 449 });
    expect(splitVat(299)).toEqual({ netCents: 245, vatCents: 54 });
    expect(splitVat(1)).toEqual({ netCents: 1, vatCents: 0 });
    expect(splitVat(2490, 10)).toEqual({ netCents: 2264, vatCents: 226 });
    expect(splitVat(0)).toEqual({ netCents: 0, vatCents: 0 });
    for (let gross = 0; gross <= 10_000; gross++) {
      const { netCents, vatCents } = splitVat(gross);
      expect(netCents + vatCents).toBe(gross);
      // The net is the one whole cent closest to gross / 1.22.
      expect(Math.abs(netCents * 1.22 - gross)).toBeLessThanOrEqual(0.61);
    }
    expect(() => splitVat(24.9)).toThrow(RangeError);
    expect(() => splitVat(-1)).toThrow(RangeError);
  });

  it('prints the seller, the buyer, the number, the date, the period and the payment, in Italian', async () => {
    const text = await textOf(RECEIPT);
    expect(text).toContain('Ricevuta');
    expect(text).toContain('Boschi Alti S.r.l.');
    expect(text).toContain('Via dei Castagni 12');
    expect(text).toContain('12075 Garessio (CN), Italia');
    expect(text).toContain('P.IVA IT09876543210');
    expect(text).toContain('REA CN-314159');
    expect(text).toContain('Žiga Šinkovec');
    expect(text).toContain('ziga.sinkovec@example.com');
    expect(text).toContain('Ricevuta n. SP-2026-000123');
    expect(text).toContain('Data 8 maggio 2026');
    expect(text).toContain('Abbonamento annuale Sentiero+, 8 maggio 2026 – 8 maggio 2027');
    expect(text).toContain('Metodo di pagamento Visa •••• 4242');
    expect(text).toContain('Pagato');
    expect(text).not.toContain('Sentiero S.r.l.');
    expect(text).not.toMatch(/\b(Receipt|Paid|Total|VAT|Seller|Customer)\b/);
  });

  it.each([
    [2490, 'Imponibile 20,41 €', 'IVA 22% 4,49 €', 'Totale 24,90 €'],
    [299, 'Imponibile 2,45 €', 'IVA 22% 0,54 €', 'Totale 2,99 €'],
    [1, 'Imponibile 0,01 €', 'IVA 22% 0,00 €', 'Totale 0,01 €'],
  ])('shows the VAT included in %i cents, split into net and VAT', async (amountCents, net, vat, total) => {
    const text = await textOf({
      ...RECEIPT,
      amountCents,
      planType: amountCents === 2490 ? 'yearly' : 'monthly',
    });
    expect(text).toContain(net);
    expect(text).toContain(vat);
    expect(text).toContain(total);
    expect(text).toContain('IVA inclusa');
  });

  it('uses the VAT rate it is given', async () => {
    const text = await textOf({ ...RECEIPT, vatPercent: 10 });
    expect(text).toContain('Imponibile 22,64 €');
    expect(text).toContain('IVA 10% 2,26 €');
    expect(text).not.toContain('22%');
  });

  it.each([
    ['en', ['Receipt', 'Sentiero+ yearly membership', 'May 8, 2026 – May 8, 2027', 'VAT 22% €4.49', 'Paid']],
    ['de', ['Quittung', 'Jahresmitgliedschaft bei Sentiero+', '8. Mai 2026', 'MwSt. 22 % 4,49 €', 'Bezahlt']],
    ['es', ['Recibo', 'Suscripción anual a Sentiero+', '8 de mayo de 2026', 'IVA 22 % 4,49 €', 'Pagado']],
    ['sl', ['Potrdilo o plačilu', 'Letno članstvo Sentiero+', '8. maj 2026', 'DDV 22 % 4,49 €', 'Plačano']],
  ] as const)('writes the labels, dates and amounts in %s', async (language, expected) => {
    const text = await textOf({ ...RECEIPT, language });
    for (const part of expected) expect(text).toContain(part);
  });

  it('names a monthly membership as such', async () => {
    const text = await textOf({ ...RECEIPT, planType: 'monthly', periodEnd: '2026-06-08', amountCents: 299 });
    expect(text).toContain('Abbonamento mensile Sentiero+, 8 maggio 2026 – 8 giugno 2026');
  });

  it('leaves out the address and the payment method when there are none', async () => {
    const text = await textOf({ ...RECEIPT, seller: { ...SELLER, address: null }, paymentLabel: null });
    expect(text).not.toContain('Castagni');
    expect(text).not.toContain('Metodo di pagamento');
    expect(text).toContain('P.IVA IT09876543210');
    expect(text).toContain('Totale 24,90 €');
  });

  it('prints č, š and ž with Helvetica too, as far as WinAnsi can', async () => {
    const text = await textOf({
      ...RECEIPT,
      font: null,
      buyer: { name: 'Nicolò Čarman', email: 'n@example.com' },
    });
    expect(text).toContain('Nicolò Carman');
    expect(text).toContain('Totale 24,90 €');
  });

  it('gives the same bytes when the same receipt is made again, titled with its number', async () => {
    const once = await receiptPdf(RECEIPT);
    expect((await receiptPdf(RECEIPT)).equals(once)).toBe(true);
    const document = mupdf.Document.openDocument(once, 'application/pdf');
    expect(document.getMetaData('info:Title')).toBe('Ricevuta SP-2026-000123');
    expect(document.getMetaData('info:Author')).toBe('Sentiero');
  });

  it('attaches to a mail as a PDF named in the member language', async () => {
    const attachment = await receiptAttachment({ ...RECEIPT, language: 'de', receiptNumber: 'SP/2026/7' });
    expect(attachment.filename).toBe('sentiero-quittung-SP-2026-7.pdf');
    expect(attachment.contentType).toBe('application/pdf');
    const pdf = Buffer.from(attachment.contentBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(mupdf.Document.openDocument(pdf, 'application/pdf').countPages()).toBe(1);
  });

  it.each(LANGUAGES)('finds every label of the receipt in the %s texts', (language: Language) => {
    const texts = JSON.parse(readFileSync(join(API_LOCALES_DIR, language, 'receipt.json'), 'utf8'));
    expect(Object.keys(texts).sort()).toEqual([...RECEIPT_PDF_LABELS].sort());
    if (language !== 'en') {
      const english = JSON.parse(readFileSync(join(API_LOCALES_DIR, 'en', 'receipt.json'), 'utf8'));
      // Amount, Date, Total are the same word in some languages; a whole copied file is not.
      const copied = RECEIPT_PDF_LABELS.filter((label) => texts[label] === english[label]);
      expect(copied.length, copied.join(', ')).toBeLessThanOrEqual(3);
    }
  });
});
