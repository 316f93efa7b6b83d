import type { Language } from '@sentiero/contract/languages';
import type { RenderedMail } from '../../platform/mail/content.ts';
import { renderMail } from '../../platform/mail/render.ts';
import { mailTexts } from '../../platform/mail/texts.ts';

/** The buyer's mail once a refund went through: who is cancelled and what comes back. */
export function refundMail(
  language: Language,
  v: { firstname: string; orderCode: string; guests: string[]; amountCents: number; whole: boolean },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const amount = new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(
    v.amountCents / 100,
  );
  const values = { firstname: v.firstname, orderCode: v.orderCode, amount };
  return renderMail(
    {
      subject: t.text('refund.subject', values),
      blocks: [
        { type: 'paragraph', text: t.text('refund.greeting', values) },
        { type: 'paragraph', text: t.text(v.whole ? 'refund.introWhole' : 'refund.introPart', values) },
        { type: 'list', items: v.guests },
        {
          type: 'paragraph',
          // Pay-on-site and free orders took no money through us: there is nothing to give back.
          text: t.text(v.amountCents > 0 ? 'refund.money' : 'refund.noMoney', values),
        },
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}
