import { type Block, normaliseLineBreaks } from '../../platform/mail/content.ts';

/** A subject is a mail's Subject header and the issue's title: longer is cut by mail clients. */
export const ISSUE_SUBJECT_MAX = 200;
/** About ten printed pages: a newsletter, not a book, and a mail Gmail does not clip much. */
export const ISSUE_BODY_MAX = 20_000;

// The text starts at the first character that is not a blank: one way to split a line, so linear.
const HEADING = /^#{1,3}[ \t]+(\S.*)$/;
const LIST_ITEM = /^[-*][ \t]+(\S.*)$/;

/** `**bold**` and `__bold__` keep their words: the mail's layout has no bold, only its text. */
function plainWords(text: string): string {
  return text.replace(
    /\*\*(.+?)\*\*|__(.+?)__/g,
    (_, a: string | undefined, b: string | undefined) => a ?? b ?? '',
  );
}

/**
 * The small Markdown an issue is written in, as the blocks of a mail: paragraphs separated by
 * blank lines, `#`–`###` headings, `- ` lists, `**bold**` read as plain words. Everything else
 * is text: the mail layout escapes every block, so HTML typed in an issue shows as typed and
 * never becomes markup.
 */
export function issueBodyBlocks(body: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', text: plainWords(paragraph.join('\n')) });
    if (list.length) blocks.push({ type: 'list', items: list.map(plainWords) });
    paragraph = [];
    list = [];
  };
  for (const raw of normaliseLineBreaks(body).split('\n')) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const item = LIST_ITEM.exec(line);
    if (!line) flush();
    else if (heading?.[1]) {
      flush();
      blocks.push({ type: 'title', text: plainWords(heading[1]) });
    } else if (item?.[1]) {
      if (paragraph.length) flush();
      list.push(item[1]);
    } else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
