import type { Language } from '@sentiero/contract/languages';
import type { RenderedMail } from '../../platform/mail/content.ts';
import { renderMail } from '../../platform/mail/render.ts';
import { mailTexts } from '../../platform/mail/texts.ts';
import { issueBodyBlocks } from './issue-body.ts';

/** Double opt-in: nobody is subscribed until the address itself says yes. */
export function newsletterConfirmMail(
  language: Language,
  v: { confirmUrl: string },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  return renderMail(
    {
      subject: t.text('newsletterConfirm.subject'),
      blocks: [
        { type: 'paragraph', text: t.text('newsletterConfirm.greeting') },
        { type: 'paragraph', text: t.text('newsletterConfirm.intro') },
        { type: 'button', label: t.text('newsletterConfirm.button'), url: v.confirmUrl },
        { type: 'paragraph', text: t.text('newsletterConfirm.ignore') },
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}

/** One issue as its sender wrote it in `language`: the title, then the body (`issueBodyBlocks`). */
export function newsletterIssueMail(
  language: Language,
  v: { title: string; body: string; unsubscribeUrl: string },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  return renderMail(
    {
      subject: t.text('newsletterIssue.subject', { title: v.title }),
      blocks: [{ type: 'title', text: v.title }, ...issueBodyBlocks(v.body), t.signature],
      // The way out is in every issue, whatever the body says: the law and the mailbox
      // providers' spam filters both ask for it.
      footer: [
        {
          text: t.text('newsletterIssue.footer'),
          link: { label: t.text('newsletterIssue.unsubscribe'), url: v.unsubscribeUrl },
        },
        t.tagline,
      ],
    },
    language,
    brand,
  );
}
