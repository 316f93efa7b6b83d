import type { ServiceContext } from '../../platform/context.ts';
import { renderTicketPdf } from '../../platform/ticket-pdf.ts';
import type { TicketSigner } from '../../platform/ticket-signing.ts';
import { findMemberContact } from '../../repos/members.ts';
import { listOrderTickets, newShareToken, pdfLabels, toPdfTicket } from '../my-tickets/service.ts';
import { findSaleTicket } from '../tickets/service.ts';
import { ticketsReadyMail } from './mails.ts';
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

/** One signed ticket per order line; nothing is written yet. */
export function signTickets(
  signer: TicketSigner,
  lines: OrderLineRow[],
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
  settled?: { from: 'pending'; payment: { reference: string; paid: boolean } },
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
  return issueOrder(ctx.db, order.id, settled?.from ?? 'paid', signed, now, settled?.payment);
}

export type MailingContext = Pick<ServiceContext, 'db' | 'config' | 'mail' | 'origin'>;

/** SPEC section 8: 'purchase successful, ticket delivered by email' — the PDF goes with the mail. */
export async function mailTickets(ctx: MailingContext, order: OrderRow): Promise<void> {
  const buyer = await findMemberContact(ctx.db, order.userId);
  if (!buyer?.email) return;
  const rows = (await listOrderTickets({ db: ctx.db, lang: order.language }, order.code)).filter(
    (row) => row.status === 'active',
  );
  if (!rows.length) return;
  const pdf = await renderTicketPdf(rows.map(toPdfTicket), {
    language: order.language,
    brand: ctx.config.brand,
    texts: pdfLabels(order.language),
  });
  await ctx.mail.send({
    to: buyer.email,
    ...ticketsReadyMail(
      order.language,
      {
        firstname: buyer.firstName,
        orderCode: order.code,
        ticketsUrl: `${ctx.origin}/user/mytickets`,
        payOnSite: order.paymentMethod === 'cash',
      },
      ctx.config.brand,
    ),
    attachments: [
      {
        filename: `${ctx.config.brand.toLowerCase()}-${order.code}.pdf`,
        contentType: 'application/pdf',
        contentBase64: pdf.toString('base64'),
      },
    ],
  });
}
