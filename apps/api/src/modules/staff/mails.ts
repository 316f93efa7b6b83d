import type { StaffRole } from '@sentiero/contract/access';
import type { Language } from '@sentiero/contract/languages';
import type { RenderedMail } from '../../platform/mail/content.ts';
import { renderMail } from '../../platform/mail/render.ts';
import { mailTexts } from '../../platform/mail/texts.ts';

/**
 * An invitation to the console, to the invitee: who asks them, for which operator (Sentiero
 * itself for its own roles) and in which role, and the link, valid for `validHours`, once.
 */
export function staffInvitationMail(
  language: Language,
  v: {
    /** Null: made on the command line, signed by the team. */
    inviterName: string | null;
    role: StaffRole;
    /** Null: Sentiero's own staff. */
    operatorName: string | null;
    link: string;
    validHours: number;
  },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const values = {
    inviter: v.inviterName ?? t.text('staffInvitation.commandLine'),
    role: t.text(`staffInvitation.roles.${v.role}`),
    operator: v.operatorName ?? brand,
    hours: v.validHours,
  };
  return renderMail(
    {
      subject: t.text('staffInvitation.subject', values),
      blocks: [
        { type: 'paragraph', text: t.text('staffInvitation.greeting', values) },
        { type: 'paragraph', text: t.text('staffInvitation.intro', values) },
        { type: 'paragraph', text: t.text('staffInvitation.how', values) },
        { type: 'button', label: t.text('staffInvitation.button'), url: v.link },
        { type: 'paragraph', text: t.plural('staffInvitation.validity', v.validHours, values) },
        { type: 'paragraph', text: t.text('staffInvitation.ignore', values) },
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}
