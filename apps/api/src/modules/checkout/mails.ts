import type { Language } from '@sentiero/contract/languages';
import type { RenderedMail } from '../../platform/mail/content.ts';
import { renderMail } from '../../platform/mail/render.ts';
import { mailTexts } from '../../platform/mail/texts.ts';

/** The job queue of the tickets' mails (`{ orderId }`): the API queues, workers render and send. */
export const TICKET_MAIL_QUEUE = 'tickets-mail';

/** The mail the order's tickets travel with, as a PDF attached by the sender. */
export function ticketsReadyMail(
  language: Language,
  v: {
    firstname: string;
    orderCode: string;
    ticketsUrl: string;
    payOnSite: boolean;
    /** The order's cancellation rule in words (ADR 045). */
    cancellation?: string[];
    /** The guests were moved to this day (formatted): the mail says so and that the old codes are void. */
    movedTo?: string;
  },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const values = { firstname: v.firstname, orderCode: v.orderCode, day: v.movedTo ?? '' };
  const moved = v.movedTo !== undefined;
  return renderMail(
    {
      subject: t.text(moved ? 'ticketsMoved.subject' : 'ticketsReady.subject', values),
      blocks: [
        { type: 'paragraph', text: t.text('ticketsReady.greeting', values) },
        { type: 'paragraph', text: t.text(moved ? 'ticketsMoved.intro' : 'ticketsReady.intro', values) },
        ...(v.payOnSite
          ? [{ type: 'paragraph' as const, text: t.text('ticketsReady.payOnSite', values) }]
          : []),
        { type: 'button', label: t.text('ticketsReady.button'), url: v.ticketsUrl },
        { type: 'paragraph', text: t.text('ticketsReady.offline', values) },
        ...(v.cancellation?.length
          ? [
              { type: 'paragraph' as const, text: t.text('ticketsReady.cancellation', values) },
              { type: 'list' as const, items: v.cancellation },
            ]
          : []),
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}

/** A calendar day as a mail writes it, in the mail's language ("sabato 5 giugno 2027"). */
export function formatDay(language: Language, day: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** A cancelled day's mail (ADR 049): the reason, and two one-click links, refund or another day. */
export function dayCancelledMail(
  language: Language,
  v: {
    firstname: string;
    orderCode: string;
    title: string;
    day: string;
    reason: string;
    amountCents: number;
    refundUrl: string;
    moveUrl: string;
    lapseAt: Date;
    timeZone: string;
  },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const values = {
    firstname: v.firstname,
    orderCode: v.orderCode,
    title: v.title,
    day: formatDay(language, v.day),
    reason: v.reason,
    amount: new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(
      v.amountCents / 100,
    ),
    lapse: new Intl.DateTimeFormat(language, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: v.timeZone,
    }).format(v.lapseAt),
  };
  return renderMail(
    {
      subject: t.text('dayCancelled.subject', values),
      blocks: [
        { type: 'paragraph', text: t.text('dayCancelled.greeting', values) },
        { type: 'paragraph', text: t.text('dayCancelled.intro', values) },
        { type: 'paragraph', text: t.text('dayCancelled.reason', values) },
        { type: 'paragraph', text: t.text('dayCancelled.choose', values) },
        { type: 'button', label: t.text('dayCancelled.refund', values), url: v.refundUrl },
        { type: 'button', label: t.text('dayCancelled.move', values), url: v.moveUrl },
        { type: 'paragraph', text: t.text('dayCancelled.lapse', values) },
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}
