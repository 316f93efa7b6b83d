/** The content of a mail, composed once by the module that sends it and rendered as text and HTML. */
export type Block =
  | { type: 'title'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] }
  | { type: 'button'; label: string; url: string }
  | { type: 'quote'; text: string }
  | { type: 'fields'; rows: [label: string, value: string][] };

export type Footer = { text: string; link?: { label: string; url: string } };

export type Mail = { subject: string; blocks: Block[]; footer: Footer[] };

/** A mail ready to send: its subject header, plain text and HTML. */
export type RenderedMail = { subject: string; text: string; html: string };

export function normaliseLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/** Paragraphs are separated by blank lines, as people type them in a plain text box. */
export function paragraphsOf(body: string): string[] {
  return normaliseLineBreaks(body)
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
