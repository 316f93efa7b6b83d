import type { Language } from '@sentiero/contract/languages';
import { type Mail, normaliseLineBreaks } from './content.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

function escapeLines(value: string): string {
  return escapeHtml(normaliseLineBreaks(value)).replace(/\n/g, '<br>\n');
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const GREEN = '#2f5d3a';

/**
 * The HTML layout every mail shares. Everything in `mail` is escaped here, whether a translator
 * or a user wrote it, so composers pass plain text.
 */
export function renderHtml(mail: Mail, language: Language, brand: string, linkFallback: string): string {
  const blocks = mail.blocks.map((block) => {
    switch (block.type) {
      case 'title':
        return `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${GREEN}">${escapeHtml(block.text)}</h1>`;
      case 'paragraph':
        return `<p style="margin:0 0 16px">${escapeLines(block.text)}</p>`;
      case 'list':
        return `<ul style="margin:0 0 16px;padding-left:20px">${block.items
          .map((item) => `<li style="margin:0 0 6px">${escapeHtml(item)}</li>`)
          .join('')}</ul>`;
      case 'button': {
        const href = escapeHtml(block.url);
        // Some clients strip or block styled links, so the address is also written out.
        return [
          `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 22px;background:${GREEN};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(block.label)}</a></p>`,
          `<p style="margin:0 0 16px;font-size:13px;color:#5b635b">${escapeHtml(linkFallback)}<br><a href="${href}" style="color:${GREEN};word-break:break-all">${escapeHtml(block.url)}</a></p>`,
        ].join('\n');
      }
      case 'quote':
        return `<blockquote style="margin:0 0 16px;padding:8px 14px;border-left:3px solid #c9d3c4;background:#f6f8f4;color:#333333">${escapeLines(block.text)}</blockquote>`;
      case 'fields':
        return `<p style="margin:0 0 16px">${block.rows
          .map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`)
          .join('<br>\n')}</p>`;
    }
    return '';
  });
  const footer = mail.footer.map((item) => {
    const link = item.link
      ? ` <a href="${escapeHtml(item.link.url)}" style="color:#5b635b">${escapeHtml(item.link.label)}</a>`
      : '';
    return `<p style="margin:0 0 8px">${escapeHtml(item.text)}${link}</p>`;
  });
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(mail.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1efe8">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;${FONT};font-size:15px;line-height:1.55;color:#1f261f">
<div style="padding:0 4px 16px;font-size:20px;font-weight:700;color:${GREEN}">${escapeHtml(brand)}</div>
<div style="padding:24px;background:#ffffff;border-radius:8px">
${blocks.join('\n')}
</div>
<div style="padding:16px 4px 0;font-size:12px;line-height:1.5;color:#5b635b">
${footer.join('\n')}
</div>
</div>
</body>
</html>
`;
}
