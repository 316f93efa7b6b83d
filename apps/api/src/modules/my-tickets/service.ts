import { randomBytes } from 'node:crypto';
import { calendarDateIn } from '@sentiero/contract/durations';
import type { Language } from '@sentiero/contract/languages';
import { type IssuedTicket, MY_TICKETS_PAGE_SIZE, type ticketList } from '@sentiero/contract/my-tickets';
import { PAGES } from '@sentiero/contract/pages';
import { pageCount } from '@sentiero/contract/paging';
import type { z } from 'zod';
import { requireAccess } from '../../platform/access.ts';
import { describeCancellation } from '../../platform/cancellation-texts.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import {
  renderTicketPdf,
  TICKET_PDF_LABELS,
  type TicketForPdf,
  type TicketPdfLabel,
  type TicketPrice,
} from '../../platform/ticket-pdf.ts';
import {
  findMemberTickets,
  findOrderTickets,
  findShareToken,
  findTicketByCode,
  findTicketByShareToken,
  findTicketsToMail,
  type IssuedTicketRow,
  replaceShareToken,
} from './repo.ts';

export function toIssuedTicket(row: IssuedTicketRow): IssuedTicket {
  return {
    code: row.code,
    order_code: row.orderCode,
    title: row.title,
    area: row.areaName,
    category_id: row.categoryId,
    holder: row.holder,
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    max_usage: row.maxUsage,
    uses: row.uses,
    status: row.status,
    pay_on_site: row.paymentMethod === 'cash',
    signed_code: row.signedCode,
    qr_code: row.qrCode ?? row.signedCode,
    download_url: `/api/app/ticket/download?code=${encodeURIComponent(row.code)}`,
  };
}

/** SPEC section 3: tickets grouped by purchase date, newest first; confirmation keeps the newest group. */
export async function listMemberTickets(ctx: ServiceContext, input: z.output<typeof ticketList.input>) {
  const { id: userId } = await requireAccess(ctx, 'member');
  const { rows, total } = await findMemberTickets(
    ctx.db,
    ctx.lang,
    { userId, categoryId: input.id_category },
    MY_TICKETS_PAGE_SIZE,
    (input.page - 1) * MY_TICKETS_PAGE_SIZE,
  );
  const groups = new Map<string, IssuedTicket[]>();
  for (const row of rows) {
    const day = calendarDateIn(row.timeZone, row.orderCreatedAt);
    groups.set(day, [...(groups.get(day) ?? []), toIssuedTicket(row)]);
  }
  const purchases = [...groups].map(([date, tickets]) => ({ date_purchase: date, tickets }));
  return {
    purchase_list: input.source === 'confirmation' ? purchases.slice(0, 1) : purchases,
    page: input.page,
    pages: pageCount(total, MY_TICKETS_PAGE_SIZE),
    total,
  };
}

const pdfLabelsByLanguage = new Map<Language, Readonly<Record<TicketPdfLabel, string>>>();

/**
 * The PDF's labels in `language`, each falling back along the chain on its own. Looked up once
 * per language (the texts are read at start-up), not for every ticket mail.
 */
export function pdfLabels(language: Language): Readonly<Record<TicketPdfLabel, string>> {
  let labels = pdfLabelsByLanguage.get(language);
  if (!labels) {
    labels = Object.freeze(
      Object.fromEntries(TICKET_PDF_LABELS.map((label) => [label, translate(language, 'ticket', label)])),
    ) as Record<TicketPdfLabel, string>;
    pdfLabelsByLanguage.set(language, labels);
  }
  return labels;
}

/**
 * What one guest's ticket cost: an order's lines are all of one ticket at one price, so the list
 * price is the subtotal's share, and the coupon, taken off the order as a whole, is split over the
 * guests a cent at a time so that the tickets add up to the order's total.
 */
export function findTicketPrice(
  row: Pick<
    IssuedTicketRow,
    | 'unitPriceCents'
    | 'orderSubtotalCents'
    | 'couponCode'
    | 'couponDiscountCents'
    | 'orderLineCount'
    | 'orderLinePosition'
  >,
): TicketPrice {
  const lines = Math.max(1, row.orderLineCount);
  const listCents = Math.max(row.unitPriceCents, Math.round(row.orderSubtotalCents / lines));
  const share = (position: number) => Math.floor((row.couponDiscountCents * position) / lines);
  const couponCents = share(row.orderLinePosition + 1) - share(row.orderLinePosition);
  return {
    listCents,
    promotionCents: listCents - row.unitPriceCents,
    couponCents,
    couponCode: couponCents > 0 ? row.couponCode : null,
    paidCents: row.unitPriceCents - couponCents,
  };
}

export function toPdfTicket(row: IssuedTicketRow, language: Language): TicketForPdf {
  return {
    code: row.code,
    signedCode: row.qrCode ?? row.signedCode,
    title: row.title,
    areaName: row.areaName,
    location: `${row.areaName}, ${row.regionName}`,
    category: row.categoryName,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    holderName: row.holder,
    maxUsage: row.maxUsage,
    price: findTicketPrice(row),
    currency: 'EUR',
    paymentMethod: row.paymentMethod,
    rules: row.rules,
    meetingPoint: row.meetingPoint,
    cancellation: describeCancellation(language, row.cancellationRule).join(' '),
    issuedAt: row.issuedAt,
  };
}

/**
 * A paid order's active tickets in the order's language, with its buyer, for the mail that
 * delivers them. No member check: the caller is the system acting on a paid order, never a route.
 */
export function listTicketsToMail(ctx: Pick<ServiceContext, 'db'>, orderId: number) {
  return findTicketsToMail(ctx.db, orderId);
}

/** One ticket (`code`) or a whole order (`order`), as a PDF in the member's language. */
export async function downloadTickets(ctx: ServiceContext, query: { code?: string; order?: string }) {
  const { id: userId } = await requireAccess(ctx, 'member');
  const unsafeRows = query.code
    ? [await findTicketByCode(ctx.db, ctx.lang, query.code)].filter((row) => row !== undefined)
    : query.order
      ? await findOrderTickets(ctx.db, ctx.lang, query.order)
      : [];
  // Another member's tickets answer like no tickets at all.
  const rows = unsafeRows.filter((row) => row.userId === userId && row.status === 'active');
  if (!rows.length) throw notFound();
  const pdf = await renderTicketPdf(
    rows.map((row) => toPdfTicket(row, ctx.lang)),
    {
      language: ctx.lang,
      brand: ctx.config.brand,
      texts: pdfLabels(ctx.lang),
    },
  );
  const name = query.code ?? query.order ?? 'tickets';
  return { pdf, filename: `${ctx.config.brand.toLowerCase()}-${name}.pdf` };
}

/** A share link's secret: 144 random bits, so links cannot be guessed. */
export function newShareToken(): string {
  return randomBytes(18).toString('base64url');
}

/** Whether a ticket's last valid day is over: validity dates are calendar days in the area's time zone. */
function hasExpired(ctx: ServiceContext, row: IssuedTicketRow): boolean {
  return calendarDateIn(row.timeZone, ctx.clock.now()) > row.validUntil;
}

/** The member's own ticket; another member's answers like no ticket at all. */
async function requireOwnTicket(ctx: ServiceContext, code: string): Promise<IssuedTicketRow> {
  const { id: userId } = await requireAccess(ctx, 'member');
  const unsafeRow = await findTicketByCode(ctx.db, ctx.lang, code);
  if (!unsafeRow || unsafeRow.userId !== userId) throw notFound();
  return unsafeRow;
}

export async function shareTicket(ctx: ServiceContext, code: string) {
  const row = await requireOwnTicket(ctx, code);
  // The link would stop working as soon as it was opened.
  if (hasExpired(ctx, row)) throw new AppError('TICKET_EXPIRED', 409);
  const token = await findShareToken(ctx.db, row.id);
  // The row was read above: only a ticket deleted since has no token.
  if (!token) throw notFound();
  return { url: `${ctx.origin}${PAGES.sharedTicket.path({ token })}` };
}

/**
 * The owner takes back every link to a ticket: its token is replaced, so the links given out so
 * far answer like no ticket at all, and sharing it again makes a new link.
 */
export async function revokeTicketShare(ctx: ServiceContext, code: string) {
  const row = await requireOwnTicket(ctx, code);
  await replaceShareToken(ctx.db, row.id, newShareToken());
  return { ok: true as const };
}

/** A shared ticket shows until its owner revokes the link or its last valid day is over. */
export async function showSharedTicket(ctx: ServiceContext, token: string) {
  const row = await findTicketByShareToken(ctx.db, ctx.lang, token);
  if (!row || hasExpired(ctx, row)) throw notFound();
  return { ticket: toIssuedTicket(row) };
}
