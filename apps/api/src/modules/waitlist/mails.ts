import type { AlertPushPayload } from '@sentiero/contract/alerts';
import type { Language } from '@sentiero/contract/languages';
import { formatDay } from '../../platform/format.ts';
import type { RenderedMail } from '../../platform/mail/content.ts';
import { renderMail } from '../../platform/mail/render.ts';
import { mailTexts } from '../../platform/mail/texts.ts';

export type OfferFacts = {
  firstname: string;
  ticket: string;
  day: string;
  places: number;
  expiresAt: Date;
  /** The area's time zone: the hold's end is written as the clock there reads it. */
  timeZone: string;
  url: string;
};

function until(language: Language, facts: Pick<OfferFacts, 'expiresAt' | 'timeZone'>): string {
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: facts.timeZone,
  }).format(facts.expiresAt);
}

/** The member's mail when places are held for them from a waiting list, in their language. */
export function waitlistOfferMail(language: Language, facts: OfferFacts, brand: string): RenderedMail {
  const t = mailTexts(language, brand);
  const values = { firstname: facts.firstname, ticket: facts.ticket, day: formatDay(facts.day, language) };
  return renderMail(
    {
      subject: t.text('waitlistOffer.subject', values),
      blocks: [
        { type: 'paragraph', text: t.text('waitlistOffer.greeting', values) },
        { type: 'paragraph', text: t.text('waitlistOffer.intro', values) },
        {
          type: 'fields',
          rows: [
            [t.text('waitlistOffer.ticket'), facts.ticket],
            [t.text('waitlistOffer.day'), values.day],
            [t.text('waitlistOffer.places'), String(facts.places)],
            [t.text('waitlistOffer.until'), until(language, facts)],
          ],
        },
        { type: 'button', label: t.text('waitlistOffer.button'), url: facts.url },
        { type: 'paragraph', text: t.text('waitlistOffer.after') },
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}

/** The same offer as a push on the member's devices. */
export function waitlistOfferPush(
  language: Language,
  facts: OfferFacts & { path: string; offerId: number },
  brand: string,
): AlertPushPayload {
  const t = mailTexts(language, brand);
  return {
    title: t.text('waitlistOffer.pushTitle', { ticket: facts.ticket }),
    body: t.text('waitlistOffer.pushBody', {
      count: facts.places,
      day: formatDay(facts.day, language),
      until: until(language, facts),
    }),
    url: facts.path,
    tag: `waitlist-offer-${facts.offerId}`,
  };
}
