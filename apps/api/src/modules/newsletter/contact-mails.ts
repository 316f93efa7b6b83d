import type { Language } from '@sentiero/contract/languages';
import type { RenderedMail } from '../../platform/mail/content.ts';
import { renderMail } from '../../platform/mail/render.ts';
import { mailTexts } from '../../platform/mail/texts.ts';

/** The sender's copy of what they wrote through the contact form. */
export function contactReceiptMail(
  language: Language,
  v: { fullName: string; message: string },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const values = { fullName: v.fullName };
  return renderMail(
    {
      subject: t.text('contactReceipt.subject', values),
      blocks: [
        { type: 'paragraph', text: t.text('contactReceipt.greeting', values) },
        { type: 'paragraph', text: t.text('contactReceipt.intro', values) },
        { type: 'paragraph', text: t.text('contactReceipt.quoteIntro', values) },
        { type: 'quote', text: v.message },
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}

/** The message as it reaches the operator; `v.language` is the one the sender wrote in. */
export function contactOperatorMail(
  language: Language,
  v: { fullName: string; email: string; message: string; language: string },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const values = { fullName: v.fullName };
  return renderMail(
    {
      subject: t.text('contactOperator.subject', values),
      blocks: [
        { type: 'paragraph', text: t.text('contactOperator.intro', values) },
        {
          type: 'fields',
          rows: [
            [t.text('contactOperator.name'), v.fullName],
            [t.text('contactOperator.email'), v.email],
            [t.text('contactOperator.language'), describeLanguage(v.language, language)],
          ],
        },
        { type: 'paragraph', text: t.text('contactOperator.message') },
        { type: 'quote', text: v.message },
        { type: 'paragraph', text: t.text('contactOperator.replyHint', values) },
      ],
      footer: [],
    },
    language,
    brand,
  );
}

/** `sl` means little to whoever answers the mail; `Slovenian (sl)` in their own language does. */
function describeLanguage(code: string, inLanguage: Language): string {
  try {
    const name = new Intl.DisplayNames([inLanguage], { type: 'language', fallback: 'none' }).of(code);
    return name ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
