import type { Language } from '@sentiero/contract/languages';
import type { SubscriptionType } from '@sentiero/contract/premium';
import PDFDocument from 'pdfkit';
import { formatAmount, formatDay, formatPercent } from './format.ts';
import { translate } from './i18n.ts';
import type { OutgoingMail } from './mail.ts';
import { findTicketFont, type PdfFonts, prepareFonts, type TicketFont } from './ticket-pdf.ts';

/** Italy's standard VAT rate (DPR 633/1972, art. 16), which the membership's prices include. */
export const ITALIAN_VAT_PERCENT = 22;

/** The labels of the `receipt` texts, in each language's `receipt.json`. */
export const RECEIPT_PDF_LABELS = [
  'documentTitle',
  'number',
  'date',
  'seller',
  'customer',
  'taxNumber',
  'registerNumber',
  'description',
  'amount',
  'itemYearly',
  'itemMonthly',
  'net',
  'vat',
  'total',
  'vatIncluded',
  'paymentMethod',
  'paid',
  'fileName',
] as const;
export type ReceiptPdfLabel = (typeof RECEIPT_PDF_LABELS)[number];

/** Who sells: the operator's company as configured (`config.company`), never written here. */
export type ReceiptSeller = {
  name: string;
  /** Street, town and country, one line each; left out when not configured. */
  address?: string | null;
  /** The VAT number (P.IVA). */
  taxNumber: string;
  /** The company register entry (REA). */
  registerNumber: string;
};

export type ReceiptPdfOptions = {
  language: Language;
  brand: string;
  seller: ReceiptSeller;
  buyer: { name: string; email: string };
  receiptNumber: string;
  /** When the charge went through (ISO instant): the receipt's date. */
  paidAt: string;
  planType: SubscriptionType;
  /** The paid period: calendar dates or ISO instants. */
  periodStart: string;
  periodEnd: string;
  /** What was paid, VAT included. */
  amountCents: number;
  /** In percent; default `ITALIAN_VAT_PERCENT`. */
  vatPercent?: number;
  /** "Visa •••• 4242", a PayPal address; null leaves the line out. */
  paymentLabel: string | null;
  /** Default: the installed font the tickets use; null forces Helvetica. */
  font?: TicketFont | null;
};

/**
 * A price with VAT included, split into its net amount and its VAT: the net is the gross divided by
 * 1 + rate, rounded to the cent, and the VAT is the rest, so the two always add up to what was paid.
 */
export function splitVat(
  grossCents: number,
  vatPercent: number = ITALIAN_VAT_PERCENT,
): { netCents: number; vatCents: number } {
  if (!Number.isSafeInteger(grossCents) || grossCents < 0) {
    throw new RangeError(`Not an amount in cents: ${grossCents}`);
  }
  if (!(vatPercent >= 0)) throw new RangeError(`Not a VAT rate: ${vatPercent}`);
  const netCents = Math.round((grossCents * 100) / (100 + vatPercent));
  return { netCents, vatCents: grossCents - netCents };
}

function receiptText(language: Language, key: ReceiptPdfLabel, values: Record<string, string> = {}): string {
  return translate(language, 'receipt', key, { values });
}

const MM = 72 / 25.4;
const MARGIN = 18 * MM;
const [INK, MUTED, ACCENT] = ['#1a1a1a', '#5f6368', '#2d6a4f'];

type Draw = {
  doc: PDFKit.PDFDocument;
  fonts: PdfFonts;
  label: (key: ReceiptPdfLabel, values?: Record<string, string>) => string;
};

const style = (doc: PDFKit.PDFDocument, font: string, size: number, color: string) =>
  doc.font(font).fontSize(size).fillColor(color);

/** A labelled block of lines (the seller, the customer) at `x`, answering where it ends. */
function drawParty(draw: Draw, x: number, y: number, width: number, label: string, lines: string[]): number {
  const { doc, fonts } = draw;
  style(doc, fonts.regular, 9, MUTED).text(fonts.write(label), x, y, { width });
  const [first = '', ...rest] = lines;
  style(doc, fonts.bold, 11, INK).text(fonts.write(first), x, doc.y + 2, { width });
  for (const line of rest)
    style(doc, fonts.regular, 10, INK).text(fonts.write(line), x, doc.y + 1, { width });
  return doc.y;
}

/** One row of the totals: its label on the left of the column, its amount on the right. */
function drawTotal(draw: Draw, y: number, label: string, amount: string, bold = false): number {
  const { doc, fonts } = draw;
  const right = doc.page.width - MARGIN;
  const columnX = right - 220;
  const font = bold ? fonts.bold : fonts.regular;
  const size = bold ? 13 : 10;
  style(doc, font, size, INK).text(fonts.write(label), columnX, y, { width: 130 });
  doc.text(fonts.write(amount), columnX + 130, y, { width: 90, align: 'right' });
  return y + size + 8;
}

function drawReceipt(draw: Draw, options: ReceiptPdfOptions): void {
  const { doc, fonts, label } = draw;
  const { language } = options;
  const write = fonts.write;
  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;
  const money = (cents: number) => formatAmount(cents, language);

  style(doc, fonts.bold, 22, ACCENT).text(write(options.brand), left, MARGIN, { width, lineBreak: false });
  style(doc, fonts.bold, 18, INK).text(label('documentTitle'), left, MARGIN + 3, { width, align: 'right' });
  const ruleY = MARGIN + 32;
  doc.moveTo(left, ruleY).lineTo(right, ruleY).lineWidth(1.5).strokeColor(ACCENT).stroke();

  const { seller, buyer } = options;
  const sellerLines = [
    seller.name,
    ...(seller.address ? seller.address.split(/\r?\n/).filter(Boolean) : []),
    `${label('taxNumber')} ${seller.taxNumber}`,
    `${label('registerNumber')} ${seller.registerNumber}`,
  ];
  const half = (width - 24) / 2;
  const top = ruleY + 18;
  const sellerEnd = drawParty(draw, left, top, half, label('seller'), sellerLines);
  const buyerEnd = drawParty(draw, left + half + 24, top, half, label('customer'), [buyer.name, buyer.email]);

  let y = Math.max(sellerEnd, buyerEnd) + 20;
  for (const [key, value] of [
    ['number', options.receiptNumber],
    ['date', formatDay(options.paidAt, language)],
  ] as const) {
    style(doc, fonts.regular, 10, MUTED).text(label(key), left, y, { width: 130 });
    style(doc, fonts.bold, 10, INK).text(write(value), left + 130, y, { width: width - 130 });
    y = doc.y + 4;
  }

  y += 18;
  const amountWidth = 110;
  style(doc, fonts.regular, 9, MUTED).text(label('description'), left, y, { width: width - amountWidth });
  doc.text(label('amount'), right - amountWidth, y, { width: amountWidth, align: 'right' });
  y = doc.y + 4;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(MUTED).stroke();
  y += 8;
  const item = label(options.planType === 'yearly' ? 'itemYearly' : 'itemMonthly', { brand: options.brand });
  const period = `${formatDay(options.periodStart, language)} – ${formatDay(options.periodEnd, language)}`;
  style(doc, fonts.regular, 11, INK).text(`${item}, ${write(period)}`, left, y, {
    width: width - amountWidth - 12,
  });
  const itemEnd = doc.y;
  doc.text(write(money(options.amountCents)), right - amountWidth, y, { width: amountWidth, align: 'right' });
  y = Math.max(itemEnd, doc.y) + 8;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(MUTED).stroke();

  const vatPercent = options.vatPercent ?? ITALIAN_VAT_PERCENT;
  const { netCents, vatCents } = splitVat(options.amountCents, vatPercent);
  y += 12;
  y = drawTotal(draw, y, label('net'), money(netCents));
  y = drawTotal(draw, y, label('vat', { rate: formatPercent(vatPercent, language) }), money(vatCents));
  y = drawTotal(draw, y + 4, label('total'), money(options.amountCents), true);
  style(doc, fonts.regular, 9, MUTED).text(label('vatIncluded'), right - 220, y, {
    width: 220,
    align: 'right',
  });

  y = doc.y + 28;
  if (options.paymentLabel) {
    style(doc, fonts.regular, 10, MUTED).text(label('paymentMethod'), left, y, { width: 130 });
    style(doc, fonts.bold, 10, INK).text(write(options.paymentLabel), left + 130, y, { width: width - 130 });
    y = doc.y + 10;
  }
  style(doc, fonts.bold, 16, ACCENT).text(label('paid'), left, y, { width, lineBreak: false });
}

/** The receipt of one membership charge, on one A4 page, in the member's language. */
export async function receiptPdf(options: ReceiptPdfOptions): Promise<Buffer> {
  const { language, brand } = options;
  const title = `${receiptText(language, 'documentTitle')} ${options.receiptNumber}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    lang: language,
    displayTitle: true,
    // The payment's time, not "now": the same receipt made again gives the same bytes.
    info: { Title: title, Author: brand, Creator: brand, CreationDate: new Date(options.paidAt) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Nothing awaits from here to doc.end(): the fonts shared across documents serve this one alone.
  const fonts = prepareFonts(doc, options.font === undefined ? findTicketFont() : options.font);
  const label = (key: ReceiptPdfLabel, values: Record<string, string> = {}) =>
    fonts.write(receiptText(language, key, values));
  doc.addPage();
  drawReceipt({ doc, fonts, label }, options);
  doc.end();
  return finished;
}

export type MailAttachment = NonNullable<OutgoingMail['attachments']>[number];

/** The receipt as the receipt mail carries it: `sentiero-ricevuta-2026-000123.pdf`. */
export async function receiptAttachment(options: ReceiptPdfOptions): Promise<MailAttachment> {
  const pdf = await receiptPdf(options);
  const fileSafe = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const name = [options.brand.toLowerCase(), receiptText(options.language, 'fileName'), options.receiptNumber]
    .map(fileSafe)
    .filter(Boolean)
    .join('-');
  return { filename: `${name}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') };
}
