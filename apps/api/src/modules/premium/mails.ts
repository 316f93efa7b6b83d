import type { Language } from '@sentiero/contract/languages';
import type { SubscriptionType } from '@sentiero/contract/premium';
import { formatAmount, formatDay, formatDayInSentence } from '../../platform/format.ts';
import type { Block, RenderedMail } from '../../platform/mail/content.ts';
import { renderMail } from '../../platform/mail/render.ts';
import { type MailTexts, mailTexts } from '../../platform/mail/texts.ts';

/*
 * The mails of a Sentiero+ membership, one per step of its life (lifecycle.ts). Dates are calendar
 * dates (`2026-05-08`) or ISO instants, read in the members' time zone (platform/format.ts).
 * What the member pays, when, and how to stop it is said in plain words in every mail that leads
 * to a charge (EU consumer practice on automatic renewals), with the link to do it.
 */

/** Why a membership ended: its renewal was never paid, or the member had canceled it. */
export type MembershipEndReason = 'payment_failed' | 'canceled';

/** The blocks every membership mail shares: the greeting before, the signature after. */
function membershipMail(
  language: Language,
  brand: string,
  compose: (t: MailTexts) => { subject: string; firstname: string; blocks: Block[] },
): RenderedMail {
  const t = mailTexts(language, brand);
  const { subject, firstname, blocks } = compose(t);
  return renderMail(
    {
      subject,
      blocks: [
        { type: 'paragraph', text: t.text('membership.greeting', { firstname }) },
        ...blocks,
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}

/** The free trial has started: what it unlocks, the first charge, and how to cancel before it. */
export function trialStartedMail(
  language: Language,
  v: {
    firstname: string;
    planType: SubscriptionType;
    priceCents: number;
    trialEndDate: string;
    firstChargeDate: string;
    manageUrl: string;
  },
  brand: string,
): RenderedMail {
  const values = {
    price: formatAmount(v.priceCents, language),
    trialEndDate: formatDayInSentence(v.trialEndDate, language),
    firstChargeDate: formatDayInSentence(v.firstChargeDate, language),
  };
  return membershipMail(language, brand, (t) => ({
    subject: t.text('trialStarted.subject'),
    firstname: v.firstname,
    blocks: [
      { type: 'paragraph', text: t.text('trialStarted.intro', values) },
      { type: 'list', items: t.list('membership.benefits') },
      { type: 'paragraph', text: t.text(`trialStarted.charge.${v.planType}`, values) },
      { type: 'paragraph', text: t.text('trialStarted.reminder') },
      { type: 'paragraph', text: t.text('trialStarted.cancel', values) },
      { type: 'button', label: t.text('membership.manageButton'), url: v.manageUrl },
    ],
  }));
}

/**
 * The reminder a few days before a charge the member did not make by hand: the end of the free
 * trial, or a yearly renewal. The price and the day are in the subject, and cancelling is one link.
 */
export function upcomingChargeMail(
  language: Language,
  v: {
    firstname: string;
    planType: SubscriptionType;
    priceCents: number;
    chargeDate: string;
    trialEnding: boolean;
    manageUrl: string;
  },
  brand: string,
): RenderedMail {
  const values = {
    price: formatAmount(v.priceCents, language),
    chargeDate: formatDayInSentence(v.chargeDate, language),
  };
  const occasion = v.trialEnding ? 'trial' : 'renewal';
  return membershipMail(language, brand, (t) => ({
    subject: t.text(`upcomingCharge.subject.${occasion}`, values),
    firstname: v.firstname,
    blocks: [
      { type: 'paragraph', text: t.text(`upcomingCharge.intro.${occasion}.${v.planType}`, values) },
      {
        type: 'fields',
        rows: [
          [t.text('membership.fields.plan'), t.text(`membership.plan.${v.planType}`)],
          [t.text('membership.fields.amount'), values.price],
          [t.text('membership.fields.date'), formatDay(v.chargeDate, language)],
        ],
      },
      { type: 'paragraph', text: t.text('upcomingCharge.keep') },
      { type: 'paragraph', text: t.text(`upcomingCharge.cancel.${occasion}`, values) },
      { type: 'button', label: t.text('membership.manageButton'), url: v.manageUrl },
    ],
  }));
}

/** A charge went through: the mail the receipt PDF (`receipt-pdf.ts`) is attached to. */
export function receiptMail(
  language: Language,
  v: {
    firstname: string;
    planType: SubscriptionType;
    amountCents: number;
    paidAt: string;
    periodStart: string;
    periodEnd: string;
    receiptNumber: string;
    /** What the member recognises the payment method by ("Visa •••• 4242"); null leaves it out. */
    paymentLabel: string | null;
    manageUrl: string;
  },
  brand: string,
): RenderedMail {
  return membershipMail(language, brand, (t) => ({
    subject: t.text('receipt.subject', { receiptNumber: v.receiptNumber }),
    firstname: v.firstname,
    blocks: [
      { type: 'paragraph', text: t.text('receipt.intro') },
      {
        type: 'fields',
        rows: [
          [t.text('membership.fields.receiptNumber'), v.receiptNumber],
          [t.text('membership.fields.paidAt'), formatDay(v.paidAt, language)],
          [t.text('membership.fields.plan'), t.text(`membership.plan.${v.planType}`)],
          [
            t.text('membership.fields.period'),
            `${formatDay(v.periodStart, language)} – ${formatDay(v.periodEnd, language)}`,
          ],
          [
            t.text('membership.fields.amount'),
            t.text('membership.vatIncluded', { amount: formatAmount(v.amountCents, language) }),
          ],
          ...(v.paymentLabel
            ? [[t.text('membership.fields.paymentMethod'), v.paymentLabel] as [string, string]]
            : []),
        ],
      },
      {
        type: 'paragraph',
        text: t.text('receipt.renews', { periodEnd: formatDayInSentence(v.periodEnd, language) }),
      },
      { type: 'button', label: t.text('membership.manageButton'), url: v.manageUrl },
    ],
  }));
}

/**
 * A charge failed: one mail per failed attempt. `attempt` counts from 1, the first charge of the
 * period; `nextRetryDate` is null after the last automatic try; `endsOn` is the day the membership
 * ends unless a payment goes through, which the benefits last until.
 */
export function paymentFailedMail(
  language: Language,
  v: {
    firstname: string;
    amountCents: number;
    attempt: number;
    nextRetryDate: string | null;
    endsOn: string;
    updatePaymentUrl: string;
  },
  brand: string,
): RenderedMail {
  const values = {
    amount: formatAmount(v.amountCents, language),
    endsOn: formatDayInSentence(v.endsOn, language),
  };
  const which = v.attempt <= 1 ? 'first' : 'again';
  return membershipMail(language, brand, (t) => ({
    subject: t.text(`paymentFailed.subject.${which}`),
    firstname: v.firstname,
    blocks: [
      { type: 'paragraph', text: t.text(`paymentFailed.intro.${which}`, values) },
      {
        type: 'paragraph',
        text: v.nextRetryDate
          ? t.text('paymentFailed.nextTry', { nextRetryDate: formatDayInSentence(v.nextRetryDate, language) })
          : t.text('paymentFailed.noNextTry'),
      },
      { type: 'paragraph', text: t.text('paymentFailed.action', values) },
      { type: 'button', label: t.text('paymentFailed.button'), url: v.updatePaymentUrl },
      {
        type: 'paragraph',
        text: t.text(`paymentFailed.stop.${v.nextRetryDate ? 'whileRetrying' : 'afterLastTry'}`, values),
      },
    ],
  }));
}

/** The membership has ended: why, that nothing more is charged, and the way back. */
export function membershipEndedMail(
  language: Language,
  v: { firstname: string; reason: MembershipEndReason; rejoinUrl: string },
  brand: string,
): RenderedMail {
  return membershipMail(language, brand, (t) => ({
    subject: t.text(`membershipEnded.subject.${v.reason}`),
    firstname: v.firstname,
    blocks: [
      { type: 'paragraph', text: t.text(`membershipEnded.intro.${v.reason}`) },
      { type: 'paragraph', text: t.text('membershipEnded.account') },
      { type: 'paragraph', text: t.text(`membershipEnded.rejoin.${v.reason}`) },
      { type: 'button', label: t.text('membershipEnded.button'), url: v.rejoinUrl },
    ],
  }));
}

/** The member canceled: the benefits last until `endsOn`, and the cancellation can be undone. */
export function cancelConfirmedMail(
  language: Language,
  v: { firstname: string; endsOn: string; undoUrl: string },
  brand: string,
): RenderedMail {
  const values = { endsOn: formatDayInSentence(v.endsOn, language) };
  return membershipMail(language, brand, (t) => ({
    subject: t.text('cancelConfirmed.subject'),
    firstname: v.firstname,
    blocks: [
      { type: 'paragraph', text: t.text('cancelConfirmed.intro') },
      { type: 'paragraph', text: t.text('cancelConfirmed.until', values) },
      { type: 'paragraph', text: t.text('cancelConfirmed.undo') },
      { type: 'button', label: t.text('cancelConfirmed.button'), url: v.undoUrl },
    ],
  }));
}

/** The member suspended the membership: no charge, no benefits, `daysLeft` kept for the resume. */
export function suspendedMail(
  language: Language,
  v: { firstname: string; daysLeft: number; resumeUrl: string },
  brand: string,
): RenderedMail {
  return membershipMail(language, brand, (t) => ({
    subject: t.text('suspended.subject'),
    firstname: v.firstname,
    blocks: [
      { type: 'paragraph', text: t.text('suspended.intro') },
      { type: 'paragraph', text: t.plural('suspended.daysLeft', v.daysLeft, { days: v.daysLeft }) },
      { type: 'paragraph', text: t.text('suspended.resume') },
      { type: 'button', label: t.text('suspended.button'), url: v.resumeUrl },
    ],
  }));
}
