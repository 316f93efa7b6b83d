import type { Language } from '@sentiero/contract/languages';
import type { TextValues } from '../../platform/i18n.ts';
import type { RenderedMail } from '../../platform/mail/content.ts';
import { renderMail } from '../../platform/mail/render.ts';
import { mailTexts } from '../../platform/mail/texts.ts';

/** The changes the account's address is told of, each with a link to secure the account. */
export const ACCOUNT_CHANGES = [
  'emailChangeRequested',
  'emailChanged',
  'passwordChanged',
  'twoFactorOn',
  'twoFactorChanged',
  'twoFactorOff',
] as const;
export type AccountChange = (typeof ACCOUNT_CHANGES)[number];

export function welcomeMail(
  language: Language,
  v: { firstname: string; accountUrl: string },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const values = { firstname: v.firstname };
  return renderMail(
    {
      subject: t.text('welcome.subject', values),
      blocks: [
        { type: 'paragraph', text: t.text('welcome.greeting', values) },
        { type: 'paragraph', text: t.text('welcome.intro', values) },
        { type: 'paragraph', text: t.text('welcome.listIntro', values) },
        { type: 'list', items: t.list('welcome.features', values) },
        { type: 'button', label: t.text('welcome.button'), url: v.accountUrl },
        { type: 'paragraph', text: t.text('welcome.outro', values) },
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}

export function passwordRecoveryMail(
  language: Language,
  v: { firstname: string; resetUrl: string; validMinutes: number },
  brand: string,
): RenderedMail {
  return oneTimeLinkMail(language, brand, 'passwordRecovery', v.resetUrl, v.validMinutes, {
    firstname: v.firstname,
    minutes: v.validMinutes,
  });
}

/** Sent to the new address: the change happens only when its link is opened. */
export function emailConfirmMail(
  language: Language,
  v: { firstname: string; confirmUrl: string; validHours: number },
  brand: string,
): RenderedMail {
  return oneTimeLinkMail(language, brand, 'emailConfirm', v.confirmUrl, v.validHours, {
    firstname: v.firstname,
    hours: v.validHours,
  });
}

/**
 * A mail whose point is one link that works once and for `validFor` minutes or hours: the
 * validity is worded with the plural the language needs, and "ignore this if it wasn't you" ends it.
 */
function oneTimeLinkMail(
  language: Language,
  brand: string,
  kind: 'passwordRecovery' | 'emailConfirm',
  url: string,
  validFor: number,
  values: TextValues,
): RenderedMail {
  const t = mailTexts(language, brand);
  return renderMail(
    {
      subject: t.text(`${kind}.subject`, values),
      blocks: [
        { type: 'paragraph', text: t.text(`${kind}.greeting`, values) },
        { type: 'paragraph', text: t.text(`${kind}.intro`, values) },
        { type: 'button', label: t.text(`${kind}.button`), url },
        { type: 'paragraph', text: t.plural(`${kind}.validity`, validFor, values) },
        { type: 'paragraph', text: t.text(`${kind}.ignore`, values) },
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}

export function accountChangedMail(
  language: Language,
  v: { firstname: string; change: AccountChange; newEmail: string; secureUrl: string; validDays: number },
  brand: string,
): RenderedMail {
  const t = mailTexts(language, brand);
  const values = { firstname: v.firstname, newEmail: v.newEmail, days: v.validDays };
  return renderMail(
    {
      subject: t.text(`accountChanged.subject.${v.change}`, values),
      blocks: [
        { type: 'paragraph', text: t.text('accountChanged.greeting', values) },
        { type: 'paragraph', text: t.text(`accountChanged.intro.${v.change}`, values) },
        { type: 'paragraph', text: t.text('accountChanged.ifYou', values) },
        { type: 'paragraph', text: t.text('accountChanged.ifNotYou', values) },
        { type: 'button', label: t.text('accountChanged.button'), url: v.secureUrl },
        { type: 'paragraph', text: t.plural('accountChanged.validity', v.validDays, values) },
        t.signature,
      ],
      footer: [t.tagline],
    },
    language,
    brand,
  );
}
