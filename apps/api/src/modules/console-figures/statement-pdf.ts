import type { ZStatement } from '@sentiero/contract/console-figures';
import type { Language } from '@sentiero/contract/languages';
import PDFDocument from 'pdfkit';
import type { z } from 'zod';
import { formatAmount, formatPercent } from '../../platform/format.ts';
import { translate } from '../../platform/i18n.ts';
import { findTicketFont, type PdfFonts, prepareFonts, type TicketFont } from '../../platform/ticket-pdf.ts';

type Statement = z.input<typeof ZStatement>;

/** The labels of the `statement` texts, in each language's `statement.json` beside the API. */
export const STATEMENT_PDF_LABELS = [
  'documentTitle',
  'operator',
  'vatNumber',
  'month',
  'ticket',
  'orders',
  'sales',
  'onSite',
  'refunds',
  'net',
  'commission',
  'owed',
  'owedByOperator',
  'rounding',
  'nothing',
] as const;
type Label = (typeof STATEMENT_PDF_LABELS)[number];

const MM = 72 / 25.4;
const MARGIN = 16 * MM;
const [INK, MUTED, ACCENT] = ['#1a1a1a', '#5f6368', '#2d6a4f'];

/** "2026-03" as "marzo 2026", "March 2026". */
export function monthName(month: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

function drawStatement(
  doc: PDFKit.PDFDocument,
  fonts: PdfFonts,
  statement: Statement,
  options: StatementPdfOptions,
) {
  const { language } = options;
  const label = (key: Label, values: Record<string, string> = {}) =>
    fonts.write(translate(language, 'statement', key, { values }));
  const money = (cents: number) => fonts.write(formatAmount(cents, language));
  const style = (font: string, size: number, color: string) => doc.font(font).fontSize(size).fillColor(color);
  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const width = right - left;

  style(fonts.bold, 20, ACCENT).text(fonts.write(options.brand), left, MARGIN, { width, lineBreak: false });
  style(fonts.bold, 16, INK).text(label('documentTitle'), left, MARGIN + 3, { width, align: 'right' });
  let y = MARGIN + 30;
  doc.moveTo(left, y).lineTo(right, y).lineWidth(1.5).strokeColor(ACCENT).stroke();
  y += 14;
  const facts: [string, string][] = [
    [label('operator'), fonts.write(statement.operator.name)],
    ...(statement.operator.vat_number
      ? [[label('vatNumber'), fonts.write(statement.operator.vat_number)] as [string, string]]
      : []),
    [label('month'), fonts.write(monthName(statement.month, language))],
    [label('commission'), fonts.write(formatPercent(statement.operator.commission_bps / 100, language))],
  ];
  for (const [name, value] of facts) {
    style(fonts.regular, 10, MUTED).text(name, left, y, { width: 120 });
    style(fonts.bold, 10, INK).text(value, left + 120, y, { width: width - 120 });
    y = doc.y + 4;
  }

  // The lines per ticket: name, orders and four amounts.
  const amountWidth = 72;
  const firstAmountX = right - amountWidth * 4;
  const columns = [firstAmountX, right - amountWidth * 3, right - amountWidth * 2, right - amountWidth];
  const ordersX = firstAmountX - 44;
  const nameWidth = ordersX - left - 8;
  const header = (top: number) => {
    style(fonts.regular, 8, MUTED).text(label('ticket'), left, top, { width: nameWidth });
    doc.text(label('orders'), ordersX, top, { width: 40, align: 'right' });
    [label('sales'), label('onSite'), label('refunds'), label('net')].forEach((text, index) => {
      doc.text(text, columns[index] ?? firstAmountX, top, { width: amountWidth, align: 'right' });
    });
    const bottom = doc.y + 3;
    doc.moveTo(left, bottom).lineTo(right, bottom).lineWidth(0.5).strokeColor(MUTED).stroke();
    return bottom + 5;
  };
  y = header(y + 16);
  if (statement.lines.length === 0) {
    style(fonts.regular, 10, MUTED).text(label('nothing'), left, y, { width });
    y = doc.y + 6;
  }
  for (const line of statement.lines) {
    if (y > doc.page.height - MARGIN - 140) {
      doc.addPage();
      y = header(MARGIN);
    }
    style(fonts.regular, 9, INK).text(fonts.write(line.label), left, y, { width: nameWidth });
    const nameEnd = doc.y;
    doc.text(String(line.orders), ordersX, y, { width: 40, align: 'right' });
    [line.sales_cents, line.on_site_cents, line.refunds_cents, line.net_cents].forEach((cents, index) => {
      doc.text(money(cents), columns[index] ?? firstAmountX, y, { width: amountWidth, align: 'right' });
    });
    y = Math.max(nameEnd, doc.y) + 4;
  }
  doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(MUTED).stroke();
  y += 12;

  const { totals } = statement;
  const total = (name: string, cents: number, bold = false) => {
    const size = bold ? 12 : 10;
    style(bold ? fonts.bold : fonts.regular, size, INK).text(name, right - 300, y, { width: 200 });
    doc.text(money(cents), right - 100, y, { width: 100, align: 'right' });
    y += size + 8;
  };
  total(label('sales'), totals.sales_cents);
  total(label('onSite'), totals.on_site_cents);
  total(label('refunds'), totals.refunds_cents);
  total(label('net'), totals.net_cents);
  total(label('commission'), totals.commission_cents);
  total(label(totals.owed_cents < 0 ? 'owedByOperator' : 'owed'), Math.abs(totals.owed_cents), true);
  style(fonts.regular, 8, MUTED).text(label('rounding'), left, y + 10, { width });
}

export type StatementPdfOptions = {
  language: Language;
  brand: string;
  /** Default: the installed font the tickets use; null forces Helvetica. */
  font?: TicketFont | null;
};

/** An operator's monthly statement as an A4 PDF, in the staff member's language. */
export async function statementPdf(statement: Statement, options: StatementPdfOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    lang: options.language,
    displayTitle: true,
    info: {
      Title: `${translate(options.language, 'statement', 'documentTitle')} ${statement.operator.name} ${statement.month}`,
      Author: options.brand,
      Creator: options.brand,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fonts = prepareFonts(doc, options.font === undefined ? findTicketFont() : options.font);
  doc.addPage();
  drawStatement(doc, fonts, statement, options);
  doc.end();
  return finished;
}
