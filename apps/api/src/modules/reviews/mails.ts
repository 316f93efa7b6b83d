import type { Language } from '@sentiero/contract/languages';
import type { RenderedMail } from '../../platform/mail/content.ts';
import { renderMail } from '../../platform/mail/render.ts';
import { mailTexts } from '../../platform/mail/texts.ts';

/**
 * The day after the activity: how was it? One mail for the tickets of one order that came due
 * together, with the one-click way out of every later request.
 */
export function reviewRequestMail(
  language: Language,
  v: { firstName: string; title: string; area: string; reviewUrl: string; optOutUrl: string },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const values = { firstName: v.firstName, title: v.title, area: v.area };
  return renderMail(
    {
      subject: t.text('reviewRequest.subject', values),
      blocks: [
        {
          type: 'paragraph',
          text: t.text(v.firstName ? 'reviewRequest.greeting' : 'reviewRequest.greetingNoName', values),
        },
        { type: 'paragraph', text: t.text('reviewRequest.intro', values) },
        { type: 'button', label: t.text('reviewRequest.button', values), url: v.reviewUrl },
        t.signature,
      ],
      footer: [
        {
          text: t.text('reviewRequest.footer', values),
          link: { label: t.text('reviewRequest.optOut', values), url: v.optOutUrl },
        },
        t.tagline,
      ],
    },
    language,
    brand,
  );
}
