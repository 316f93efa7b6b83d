import type { Language } from '@sentiero/contract/languages';
import { translate } from '../i18n.ts';
import { type Mail, normaliseLineBreaks, type RenderedMail } from './content.ts';
import { renderHtml } from './layout.ts';

/** The plain-text part: what text-only clients show, and what spam filters compare with the HTML. */
export function renderText(mail: Mail): string {
  const parts = mail.blocks.map((block) => {
    switch (block.type) {
      case 'title':
        return `${block.text}\n${'='.repeat(Math.min(block.text.length, 60))}`;
      case 'paragraph':
        return block.text;
      case 'list':
        return block.items.map((item) => `- ${item}`).join('\n');
      case 'button':
        return `${block.label}:\n${block.url}`;
      case 'quote':
        return normaliseLineBreaks(block.text)
          .split('\n')
          .map((line) => (line ? `> ${line}` : '>'))
          .join('\n');
      case 'fields':
        return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    }
    return '';
  });
  const footer = mail.footer.map((item) =>
    item.link ? `${item.text}\n${item.link.label}: ${item.link.url}` : item.text,
  );
  return `${[...parts, ...(footer.length ? ['----', ...footer] : [])].join('\n\n')}\n`;
}

/** A composed mail in `language`, as subject, plain text and HTML. */
export function renderMail(mail: Mail, language: Language, brand: string): RenderedMail {
  // A line break typed in a name would otherwise end the Subject header early.
  const subject = mail.subject.replace(/\s+/g, ' ').trim();
  const linkFallback = translate(language, 'mail', 'common.linkFallback', { values: { brand } });
  return {
    subject,
    text: renderText(mail),
    html: renderHtml({ ...mail, subject }, language, brand, linkFallback),
  };
}
