import { PAGES } from '@sentiero/contract/pages';
import { holderInitials } from '@sentiero/contract/ticket-code-compact';
import { describeCancellation } from '../../platform/cancellation-texts.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { renderTicketPdf } from '../../platform/ticket-pdf.ts';
import type { TicketSigner } from '../../platform/ticket-signing.ts';
import { listTicketsToMail, newShareToken, pdfLabels, toPdfTicket } from '../my-tickets/index.ts';
import { findSaleTicket } from '../tickets/index.ts';
import { formatDay, ticketsReadyMail } from './mails.ts';
import {
  findOrderLines,
  issueOrder,
  type NewIssuedTicket,
  newPublicCode,
  type OrderLineRow,
  type OrderRow,
} from './repo.ts';

/** What a ticket's signed code says about the activity: read in the order's language. */
export type TicketToSign = { areaId: number; areaName: string; title: string; maxUsage: number | null };

/**
 * One signed ticket per order line; nothing is written yet. Its QR code carries the compact code
 * (ADR 044); the first-format code is signed too while the redeem path still reads only it.
 */
export function signTickets(
  signer: TicketSigner,
  lines: Pick<OrderLineRow, 'id' | 'ticketId' | 'guestName' | 'startDate' | 'endDate'>[],
  ticketsById: Map<number, TicketToSign>,
  now: Date,
): NewIssuedTicket[] {
  return lines.map((line) => {
    const ticket = ticketsById.get(line.ticketId);
    if (!ticket) throw new Error(`ticket ${line.ticketId} of order line ${line.id} is gone`);
    const code = newPublicCode('T').replaceAll('-', '');
    return {
      code,
      orderLineId: line.id,
      ticketId: line.ticketId,
      holderName: line.guestName,
      validFrom: line.startDate,
      validUntil: line.endDate,
      maxUsage: ticket.maxUsage,
      signedCode: signer.sign({
        code,
        area_id: ticket.areaId,
        area_name: ticket.areaName,
        title: ticket.title,
        valid_from: line.startDate,
        valid_until: line.endDate,
        holder: line.guestName,
        max_usage: ticket.maxUsage,
        issued_at: Math.floor(now.getTime() / 1000),
      }),
      qrCode: signer.signCompact({
        code,
        ticketId: line.ticketId,
        areaId: ticket.areaId,
        validFrom: line.startDate,
        validUntil: line.endDate,
        initials: holderInitials(line.guestName),
        guests: 1,
        maxUses: ticket.maxUsage,
      }),
      shareToken: newShareToken(),
    };
  });
}

/**
 * Issues one signed ticket per guest of a paid order and marks it issued, in one statement.
 * Safe to run twice: the recovery job calls it for paid orders a crash left without tickets.
 * A pending order settled outside the buy (cash or free, after a crash) comes with its payment.
 */
export async function issueTickets(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  signer: TicketSigner,
  order: OrderRow,
  settled?: { from: 'pending' | 'paid'; payment: { reference: string; paid: boolean } },
  /** The tickets' mail queue, when the same statement should queue their mail. */
  mailQueue?: string,
): Promise<OrderRow | undefined> {
  const lines = await findOrderLines(ctx.db, order.id);
  const ticketsById = new Map<number, TicketToSign>();
  // An order's lines are usually all of one ticket: read it once, not once per guest.
  for (const ticketId of new Set(lines.map((line) => line.ticketId))) {
    const ticket = await findSaleTicket({ db: ctx.db, lang: order.language }, ticketId);
    if (ticket) ticketsById.set(ticketId, ticket);
  }
  const now = ctx.clock.now();
  const signed = signTickets(signer, lines, ticketsById, now);
  return issueOrder(ctx.db, order.id, settled?.from ?? 'paid', signed, now, settled?.payment, mailQueue);
}

export type MailingContext = Pick<ServiceContext, 'db' | 'config' | 'mail' | 'origin'>;

/** SPEC section 8: 'purchase successful, ticket delivered by email' — the PDF goes with the mail. */
export async function mailTickets(
  ctx: MailingContext,
  orderId: number,
  /** The guests' new first day, when they were moved (ADR 049). */
  movedTo?: string,
): Promise<void> {
  const rows = await listTicketsToMail(ctx, orderId);
  const [first] = rows;
  if (!first?.buyerEmail) return;
  const language = first.orderLanguage;
  const pdf = await renderTicketPdf(
    rows.map((row) => toPdfTicket(row, language)),
    {
      language,
      brand: ctx.config.brand,
      texts: pdfLabels(language),
    },
  );
  // The mail leaves from this job, retried as a whole if the mail server does not take it.
  await ctx.mail.deliver({
    to: first.buyerEmail,
    ...ticketsReadyMail(
      language,
      {
        firstname: first.buyerFirstName,
        orderCode: first.orderCode,
        ticketsUrl: `${ctx.origin}${PAGES.myTickets.path()}`,
        payOnSite: first.paymentMethod === 'cash',
        cancellation: describeCancellation(language, first.cancellationRule),
        ...(movedTo && { movedTo: formatDay(language, movedTo) }),
      },
      ctx.config.brand,
    ),
    attachments: [
      {
        filename: `${ctx.config.brand.toLowerCase()}-${first.orderCode}.pdf`,
        contentType: 'application/pdf',
        contentBase64: pdf.toString('base64'),
      },
    ],
  });
}
