import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@sentiero/contract/languages';
import { PAGES } from '@sentiero/contract/pages';
import type { IssueText } from '@sentiero/db/schema';
import type { RenderedMail } from '../../platform/mail/content.ts';
import type { OutgoingMail } from '../../platform/mail.ts';
import { newsletterIssueMail } from './mails.ts';

export type IssueContent = { subject: IssueText; body: IssueText };

const written = (text: string | undefined): text is string => Boolean(text?.trim());

/** The languages the issue lacks a subject or a body in, in the order of `LANGUAGES`. */
export function missingLanguages(issue: IssueContent): Language[] {
  return LANGUAGES.filter((language) => !written(issue.subject[language]) || !written(issue.body[language]));
}

/**
 * The language a subscriber of `language` reads the issue in: their own if the issue has it whole
 * (subject and body), else English, else Italian; null if it has none of the three, which
 * scheduling refuses.
 */
export function issueLanguageFor(issue: IssueContent, language: Language): Language | null {
  const missing = new Set(missingLanguages(issue));
  return [language, FALLBACK_LANGUAGE, DEFAULT_LANGUAGE].find((candidate) => !missing.has(candidate)) ?? null;
}

/**
 * The issue's mail for one reader: in the language `issueLanguageFor` picks, with the page that
 * unsubscribes in its footer. Null if the issue has no language the reader can be given.
 */
export function renderIssueMail(
  issue: IssueContent,
  language: Language,
  v: { unsubscribeUrl: string; brand: string },
): { language: Language; mail: RenderedMail } | null {
  const chosen = issueLanguageFor(issue, language);
  if (!chosen) return null;
  const title = issue.subject[chosen] ?? '';
  const body = issue.body[chosen] ?? '';
  return {
    language: chosen,
    mail: newsletterIssueMail(chosen, { title, body, unsubscribeUrl: v.unsubscribeUrl }, v.brand),
  };
}

/**
 * A subscriber's mail: the link in the footer unsubscribes without logging in, and the headers of
 * RFC 8058 let mail clients offer "unsubscribe" and post to it without opening the mail.
 */
export function subscriberIssueMail(
  issue: IssueContent,
  subscriber: { email: string; language: Language; unsubscribeToken: string },
  v: { origin: string; brand: string },
): OutgoingMail | null {
  const token = encodeURIComponent(subscriber.unsubscribeToken);
  const rendered = renderIssueMail(issue, subscriber.language, {
    unsubscribeUrl: `${v.origin}${PAGES.newsletterUnsubscribe.path({ token })}`,
    brand: v.brand,
  });
  if (!rendered) return null;
  return {
    to: subscriber.email,
    ...rendered.mail,
    headers: {
      'List-Unsubscribe': `<${v.origin}/api/app/newsletter/unsubscribe/one-click?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
