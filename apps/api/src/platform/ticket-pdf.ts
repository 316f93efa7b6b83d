import { existsSync } from 'node:fs';
import type { Language } from '@sentiero/contract/languages';
import { ticketQrMode } from '@sentiero/contract/ticket-code-compact';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatAmount, formatDay } from './format.ts';
import { fontForDocument } from './ticket-pdf-fonts.ts';

/** The texts `options.texts` must hold, translated into the PDF's language. */
export const TICKET_PDF_LABELS = [
  'documentTitle',
  'area',
  'location',
  'category',
  'validFrom',
  'validUntil',
  'holder',
  'maxUsage',
  'unlimited',
  'price',
  'listPrice',
  'promotionDiscount',
  'couponDiscount',
  'paid',
  'payOnSite',
  'meetingPoint',
  'cancellation',
  'rules',
  'code',
  'verifyNote',
] as const;
export type TicketPdfLabel = (typeof TICKET_PDF_LABELS)[number];

export type TicketForPdf = {
  code: string;
  /** What the QR code carries: the compact `ST2.…` code (ADR 044), or an older ticket's `ST1.…`. */
  signedCode: string;
  title: string;
  areaName: string;
  location: string;
  category: string;
  validFrom: string;
  validUntil: string;
  holderName: string;
  maxUsage: number | null;
  /** What the holder paid for this ticket (or pays on site), and what came off its list price. */
  price: TicketPrice;
  currency: string;
  /** The order's payment provider; `cash` means the holder still pays on site. */
  paymentMethod: string;
  rules: string | null;
  meetingPoint: string | null;
  /** The order's cancellation rule in words, in the PDF's language (ADR 045). */
  cancellation: string | null;
  issuedAt: Date;
};

export type TicketPrice = {
  listCents: number;
  /** The ticket's own reduced price at the time of purchase. */
  promotionCents: number;
  /** This ticket's share of the order's coupon discount. */
  couponCents: number;
  couponCode: string | null;
  paidCents: number;
};

/** TrueType files with Latin Extended-A (č, š, ž, đ), which Helvetica's WinAnsi lacks. */
export type TicketFont = { regular: string; bold: string };

export type TicketPdfOptions = {
  language: Language;
  brand: string;
  texts: Record<string, string>;
  /** Default: the first installed font of `TICKET_FONT_CANDIDATES`; null forces Helvetica. */
  font?: TicketFont | null;
};

// No npm package in the tree ships a text font, so these come from the OS (Debian: fonts-dejavu-core,
// fonts-liberation, fonts-freefont-ttf, fonts-noto-core).
const systemFont = (folder: string, regular: string, bold: string): TicketFont => ({
  regular: `/usr/share/fonts/truetype/${folder}/${regular}.ttf`,
  bold: `/usr/share/fonts/truetype/${folder}/${bold}.ttf`,
});
export const TICKET_FONT_CANDIDATES: TicketFont[] = [
  systemFont('dejavu', 'DejaVuSans', 'DejaVuSans-Bold'),
  systemFont('liberation', 'LiberationSans-Regular', 'LiberationSans-Bold'),
  systemFont('freefont', 'FreeSans', 'FreeSansBold'),
  systemFont('noto', 'NotoSans-Regular', 'NotoSans-Bold'),
];

let installedFont: TicketFont | null | undefined;
export function findTicketFont(): TicketFont | null {
  installedFont ??=
    TICKET_FONT_CANDIDATES.find((font) => existsSync(font.regular) && existsSync(font.bold)) ?? null;
  return installedFont;
}

const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ\u2018\u2019\u201c\u201d•–—˜™š›œžŸ');
const BASE_LETTERS: Record<string, string> = { đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', ı: 'i', '−': '-' };
const fitsWinAnsi = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return (
    char === '\n' ||
    (code >= 0x20 && code < 0x7f) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRAS.has(char)
  );
};

// Helvetica can only print WinAnsi: "Čarman" as "Carman" reads better than a blank or a box.
function toWinAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    if (fitsWinAnsi(char)) out += char;
    else if (/\s/u.test(char)) out += ' ';
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every(fitsWinAnsi) ? base : (BASE_LETTERS[char] ?? '?');
    }
  }
  return out;
}

/** The document's two fonts, and how a text is written so that they can print it. */
export type PdfFonts = { regular: string; bold: string; write: (text: string) => string };

/** Registers `font` in `doc` (Helvetica when null): shared by every PDF the server makes. */
export function prepareFonts(doc: PDFKit.PDFDocument, font: TicketFont | null): PdfFonts {
  if (!font) return { regular: 'Helvetica', bold: 'Helvetica-Bold', write: toWinAnsi };
  doc.registerFont('ticket-regular', fontForDocument(font.regular));
  doc.registerFont('ticket-bold', fontForDocument(font.bold));
  return { regular: 'ticket-regular', bold: 'ticket-bold', write: (text) => text };
}

const MM = 72 / 25.4;
const MARGIN = 18 * MM;
// 70 mm gives a compact code's symbol (version 6 or 7, ADR 044) modules of about 1.4 mm, and an
// older ticket's ~400-character code about 0.9 mm: easy for a phone at arm's length.
const QR_SIZE = 70 * MM;
const QR_QUIET_MODULES = 4;
const [INK, MUTED, ACCENT, WARNING] = ['#1a1a1a', '#5f6368', '#2d6a4f', '#9a3412'];
/** The ticket code's font: fixed width, so 0 and O, 1 and I keep apart. */
const CODE_FONT = 'Courier-Bold';

/**
 * The QR symbol of a ticket's code at level M, in the one segment `ticketQrMode` names:
 * qrcode's search for the cheapest mix of modes took a third of the QR code's time and chose the
 * same size of symbol.
 */
export function ticketQrSymbol(text: string) {
  const segment =
    ticketQrMode(text) === 'alphanumeric'
      ? { data: text, mode: 'alphanumeric' as const }
      : { data: Buffer.from(text), mode: 'byte' as const };
  return QRCode.create([segment], { errorCorrectionLevel: 'M' });
}

function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = ticketQrSymbol(text);
  const unit = size / (modules.size + 2 * QR_QUIET_MODULES);
  const origin = QR_QUIET_MODULES * unit;
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.data[row * modules.size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.data[row * modules.size + col]) col++;
      // Rows overlap by a hair: abutting edges leave faint seams once antialiased.
      doc.rect(x + origin + start * unit, y + origin + row * unit, (col - start) * unit, unit + 0.1);
    }
  }
  doc.fill('#000000');
}

type Context = Omit<TicketPdfOptions, 'font'> & { fonts: PdfFonts };

const style = (doc: PDFKit.PDFDocument, font: string, size: number, color: string) =>
  doc.font(font).fontSize(size).fillColor(color);

function labelOf(context: Context, key: TicketPdfLabel): string {
  // A missing translation shows its key rather than failing a customer's download.
  return context.fonts.write(context.texts[key] ?? key);
}

/**
 * What was paid, never only the list price: with a discount, the list price, each discount and
 * the amount paid; a ticket paid on site shows its price above the "to pay on site" warning.
 */
function priceDetails(ticket: TicketForPdf, format: (cents: number) => string): [TicketPdfLabel, string][] {
  const { listCents, promotionCents, couponCents, couponCode, paidCents } = ticket.price;
  const rows: [TicketPdfLabel, string][] = [];
  if (promotionCents > 0 || couponCents > 0) rows.push(['listPrice', format(listCents)]);
  if (promotionCents > 0) rows.push(['promotionDiscount', `−${format(promotionCents)}`]);
  if (couponCents > 0) {
    rows.push(['couponDiscount', `−${format(couponCents)}${couponCode ? ` (${couponCode})` : ''}`]);
  }
  rows.push([ticket.paymentMethod === 'cash' ? 'price' : 'paid', format(paidCents)]);
  return rows;
}

function drawTicket(doc: PDFKit.PDFDocument, ticket: TicketForPdf, context: Context): void {
  const { fonts, language } = context;
  const write = fonts.write;
  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;
  const footerY = doc.page.height - MARGIN - 20;

  style(doc, fonts.bold, 22, ACCENT).text(write(context.brand), left, MARGIN, { width, lineBreak: false });
  const ruleY = MARGIN + 32;
  doc.moveTo(left, ruleY).lineTo(right, ruleY).lineWidth(1.5).strokeColor(ACCENT).stroke();
  const titleBox = { width, height: 46, ellipsis: true };
  style(doc, fonts.bold, 18, INK).text(write(ticket.title), left, ruleY + 14, titleBox);

  const top = doc.y + 16;
  const qrX = right - QR_SIZE;
  drawQrCode(doc, ticket.signedCode, qrX, top, QR_SIZE);
  const underQr = { width: QR_SIZE, align: 'center' } as const;
  style(doc, fonts.regular, 9, MUTED).text(labelOf(context, 'code'), qrX, top + QR_SIZE + 6, underQr);
  style(doc, CODE_FONT, 15, INK).text(ticket.code, qrX, doc.y + 2, underQr);
  const qrBottom = doc.y;

  const details: [TicketPdfLabel, string][] = [
    ['area', ticket.areaName],
    ['location', ticket.location],
    ['category', ticket.category],
    ['validFrom', formatDay(ticket.validFrom, language)],
    ['validUntil', formatDay(ticket.validUntil, language)],
    ['holder', ticket.holderName],
    ['maxUsage', ticket.maxUsage === null ? (context.texts.unlimited ?? 'unlimited') : `${ticket.maxUsage}`],
    ...priceDetails(ticket, (cents) => formatAmount(cents, language, ticket.currency)),
  ];
  const detailsWidth = qrX - left - 24;
  let y = top;
  for (const [key, value] of details) {
    style(doc, fonts.regular, 9, MUTED).text(labelOf(context, key), left, y, { width: detailsWidth });
    style(doc, fonts.bold, key === 'holder' ? 15 : 12, INK);
    doc.text(write(value), left, doc.y + 1, { width: detailsWidth, height: 32, ellipsis: true });
    y = doc.y + 7;
  }
  if (ticket.paymentMethod === 'cash') {
    style(doc, fonts.bold, 12, WARNING).text(labelOf(context, 'payOnSite'), left, y, { width: detailsWidth });
    y = doc.y + 7;
  }

  y = Math.max(y, qrBottom) + 14;
  const sections: [TicketPdfLabel, string | null, number][] = [
    ['meetingPoint', ticket.meetingPoint, 44],
    ['cancellation', ticket.cancellation, 72],
    ['rules', ticket.rules, Number.POSITIVE_INFINITY],
  ];
  for (const [key, text, maxHeight] of sections) {
    if (!text) continue;
    const room = Math.min(maxHeight, footerY - 16 - y - 14);
    if (room < 12) break;
    style(doc, fonts.bold, 11, ACCENT).text(labelOf(context, key), left, y, { width });
    style(doc, fonts.regular, 10, INK).text(write(text), left, doc.y + 2, {
      width,
      height: room,
      ellipsis: true,
    });
    y = doc.y + 12;
  }

  style(doc, fonts.regular, 8, MUTED);
  doc.text(labelOf(context, 'verifyNote'), left, footerY, { width, align: 'center', lineBreak: false });
}

/** One A4 page per ticket, so a single ticket and a whole order come from the same call. */
export async function renderTicketPdf(tickets: TicketForPdf[], options: TicketPdfOptions): Promise<Buffer> {
  const [first] = tickets;
  if (!first) throw new Error('A ticket PDF needs at least one ticket');
  const title =
    tickets.length === 1
      ? `${first.title} – ${first.code}`
      : `${options.texts.documentTitle ?? 'documentTitle'} – ${tickets.map((ticket) => ticket.code).join(', ')}`;
  // The creation date is the first ticket's issue time, not "now": downloading the same tickets
  // again gives the same bytes (and the same document id, which pdfkit derives from the metadata).
  const createdAt = new Date(Math.min(...tickets.map((ticket) => ticket.issuedAt.getTime())));
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    lang: options.language,
    displayTitle: true,
    info: { Title: title, Author: options.brand, Creator: options.brand, CreationDate: createdAt },
    // A font every ticket uses: pdfkit would otherwise load Helvetica's metrics for each PDF.
    font: CODE_FONT,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Nothing awaits from here to doc.end(): the fonts shared across documents serve this one alone.
  const fonts = prepareFonts(doc, options.font === undefined ? findTicketFont() : options.font);
  const context: Context = { language: options.language, brand: options.brand, texts: options.texts, fonts };
  for (const ticket of tickets) {
    doc.addPage();
    drawTicket(doc, ticket, context);
  }
  doc.end();
  return finished;
}
