import type { Language } from '@sentiero/contract/languages';
import type { RenderedMail } from '../../platform/mail/content.ts';
import { renderMail } from '../../platform/mail/render.ts';
import { mailTexts } from '../../platform/mail/texts.ts';
import type { ApplicationRow } from './repo.ts';

type Applicant = Pick<ApplicationRow, 'contactName' | 'businessName' | 'reference' | 'plan' | 'vatNumber'>;

/** The applicant's receipt: what was sent, and that staff will answer. */
export function applicationReceivedMail(
  language: Language,
  application: Applicant & { amount: string | null },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const values = { contactName: application.contactName, businessName: application.businessName };
  return renderMail(
    {
      subject: t.text('workWithUs.received.subject', values),
      blocks: [
        { type: 'paragraph', text: t.text('workWithUs.received.greeting', values) },
        { type: 'paragraph', text: t.text('workWithUs.received.intro', values) },
        {
          type: 'fields',
          rows: [
            [t.text('workWithUs.reference'), application.reference],
            [t.text('workWithUs.business'), application.businessName],
            [t.text('workWithUs.vatNumber'), application.vatNumber],
            [
              t.text('workWithUs.plan'),
              application.amount
                ? t.text('workWithUs.plans.featuredPaid', { amount: application.amount })
                : t.text(`workWithUs.plans.${application.plan}`),
            ],
          ],
        },
        { type: 'paragraph', text: t.text('workWithUs.received.next', values) },
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}

/**
 * Staff said no: the reason, in the applicant's language, and for a paid featured listing what
 * comes back, where to, and when to look for it.
 */
export function applicationRejectedMail(
  language: Language,
  application: Applicant & { reason: string; refund: { amount: string; toPaypal: boolean } | null },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const values = { contactName: application.contactName, businessName: application.businessName };
  return renderMail(
    {
      subject: t.text('workWithUs.rejected.subject', values),
      blocks: [
        { type: 'paragraph', text: t.text('workWithUs.received.greeting', values) },
        { type: 'paragraph', text: t.text('workWithUs.rejected.intro', values) },
        { type: 'quote', text: application.reason },
        ...(application.refund
          ? [
              {
                type: 'paragraph' as const,
                text: t.text(
                  application.refund.toPaypal
                    ? 'workWithUs.rejected.refundPaypal'
                    : 'workWithUs.rejected.refundCard',
                  { amount: application.refund.amount },
                ),
              },
            ]
          : []),
        { type: 'paragraph', text: t.text('workWithUs.rejected.next', values) },
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}
