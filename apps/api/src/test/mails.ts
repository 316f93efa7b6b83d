import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { expect, it } from 'vitest';
import type { RenderedMail } from '../platform/mail/content.ts';

export const BRAND = 'Sentiero';
/** A name or message that would run as script, or break an attribute, if the HTML did not escape it. */
export const HOSTILE = `<script>alert(1)</script> "&'`;

/** One sample of each mail a module sends, rendered in the language asked for. */
export type MailSamples = Record<string, (language: Language) => RenderedMail>;

/**
 * What every mail promises in every language, whichever module composes it. `sendersSubjects`
 * names the mails whose subject the sender writes per language (a newsletter issue's title).
 */
export function itRendersEveryKindInEveryLanguage(
  samples: MailSamples,
  sendersSubjects: string[] = [],
): void {
  const kinds = Object.keys(samples);

  it.each(LANGUAGES)('renders every kind in %s, with every placeholder filled', (language) => {
    for (const kind of kinds) {
      const mail = samples[kind]?.(language) as RenderedMail;
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part.trim(), `${kind} in ${language}`).not.toBe('');
        expect(part, `${kind} in ${language}`).not.toContain('{{');
      }
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html).toContain(BRAND);
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'writes %s, not English, in every kind',
    (language) => {
      for (const kind of kinds) {
        const render = samples[kind] as (language: Language) => RenderedMail;
        expect(render(language).text, kind).not.toBe(render('en').text);
        if (!sendersSubjects.includes(kind)) {
          expect(render(language).subject, kind).not.toBe(render('en').subject);
        }
      }
    },
  );
}
