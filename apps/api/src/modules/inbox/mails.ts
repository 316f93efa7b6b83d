import type { Language } from '@sentiero/contract/languages';
import { formatDayInSentence } from '../../platform/format.ts';
import { type Block, paragraphsOf, type RenderedMail } from '../../platform/mail/content.ts';
import { renderMail } from '../../platform/mail/render.ts';
import { mailTexts } from '../../platform/mail/texts.ts';

/** What the requester sent, quoted under the answer so they know what it answers. */
export type OriginalMessage =
  | { kind: 'contact'; fullName: string; message: string; sentAt: Date }
  | { kind: 'area_activation'; areaName: string; sentAt: Date };

/** Staff's answer to a contact message or an "area not available" request, in the requester's language. */
export function inboxReplyMail(
  language: Language,
  v: {
    body: string;
    original: OriginalMessage;
    /** What the requester last answered by mail, quoted instead of the first message. */
    latest?: { message: string; sentAt: Date };
  },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const { original, latest } = v;
  const date = formatDayInSentence((latest?.sentAt ?? original.sentAt).toISOString(), language);
  const [subject, greeting, quoteIntro, quote] =
    original.kind === 'contact'
      ? [
          t.text('inboxReply.subject'),
          t.text('inboxReply.greeting', { fullName: original.fullName }),
          t.text('inboxReply.quoteIntro', { date }),
          original.message,
        ]
      : [
          t.text('inboxReply.subjectArea', { area: original.areaName }),
          t.text('inboxReply.greetingNoName'),
          t.text('inboxReply.areaQuoteIntro', { date }),
          t.text('inboxReply.areaRequest', { area: original.areaName }),
        ];
  return renderMail(
    {
      subject,
      blocks: [
        { type: 'paragraph', text: greeting },
        ...paragraphsOf(v.body).map((text): Block => ({ type: 'paragraph', text })),
        t.signature,
        { type: 'paragraph', text: latest ? t.text('inboxReply.quoteIntro', { date }) : quoteIntro },
        { type: 'quote', text: latest?.message ?? quote },
        { type: 'paragraph', text: t.text('inboxReply.replyHint') },
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}

/**
 * To the staff member a thread is assigned to, in their language, when the requester's answer
 * comes in: who answered, the conversation's subject and the link to it. Not the answer itself,
 * which stays behind the console's sign-in with its second factor.
 */
export function inboxAnswerNoticeMail(
  language: Language,
  v: {
    staffName: string;
    /** The requester's name, or the area asked for. */
    thread: { kind: 'contact'; fullName: string } | { kind: 'area_activation'; areaName: string };
    sender: string;
    /** The answer's subject line; empty when it had none. */
    subject: string;
    link: string;
  },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const title =
    v.thread.kind === 'contact'
      ? v.thread.fullName
      : t.text('inboxAnswer.areaRequest', { area: v.thread.areaName });
  const subjectLine: Block[] = v.subject
    ? [{ type: 'paragraph', text: t.text('inboxAnswer.subjectLine', { subject: v.subject }) }]
    : [];
  return renderMail(
    {
      subject: t.text('inboxAnswer.subject', { title }),
      blocks: [
        { type: 'paragraph', text: t.text('inboxAnswer.greeting', { name: v.staffName }) },
        { type: 'paragraph', text: t.text('inboxAnswer.intro', { sender: v.sender }) },
        ...subjectLine,
        { type: 'button', label: t.text('inboxAnswer.button'), url: v.link },
        { type: 'paragraph', text: t.text('inboxAnswer.why') },
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}
