/*
 * What the requester wrote in an answer, without the earlier message their mail program quoted
 * under it (ADR 031): from the line that introduces the quote ("On … wrote:" in the five languages
 * the requesters write in, and Outlook's "Original Message" line) everything is dropped, and so is
 * every line that starts with '>' anywhere else.
 */

/**
 * A line that introduces the quoted message, as mail programs write it in each language. Each
 * test reads the line a bounded number of times (linear: `regex-safety.test.ts`): a pattern with
 * two unbounded runs around a word, such as `^am\b.+\bschrieb\b.*:$`, backtracks polynomially on
 * a long line of repeated words, so the word and the line's ends are checked apart.
 */
const QUOTE_INTRODUCTIONS: ((line: string) => boolean)[] = [
  (line) => /^on\b/i.test(line) && /\bwrote:$/i.test(line),
  (line) => /^il\b/i.test(line) && /\bha scritto:$/i.test(line),
  (line) => /^am\b/i.test(line) && /\bschrieb\b/i.test(line) && line.endsWith(':'),
  (line) => /^el\b/i.test(line) && /\bescribió:$/i.test(line),
  (line) => {
    const subject = /\bje\b/i.exec(line);
    const verb = /\bnapisal(?:a|o|\(a\))?:$/i.exec(line);
    return subject !== null && verb !== null && subject.index + 2 < verb.index;
  },
  (line) =>
    /^-{2,}\s*(original message|messaggio originale|mensaje original|ursprüngliche nachricht|izvirno sporočilo|originalno sporočilo)\s*-{2,}$/i.test(
      line,
    ),
];

const introducesQuote = (line: string) => QUOTE_INTRODUCTIONS.some((introduces) => introduces(line));

export function withoutQuotedText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    const next = (lines[i + 1] ?? '').trim();
    // Mail programs wrap a long introduction: "On Sat, 12 Sep 2026 at 10:30, Sentiero <…>" / "wrote:".
    // Only a next line that is no introduction of its own can end one ("Am Samstag kommen wir."
    // followed by "Am 12.09.2026 schrieb …:" is the answer's last line, then the introduction).
    const wrapped =
      line !== '' && next.endsWith(':') && !introducesQuote(next) && introducesQuote(`${line} ${next}`);
    if (introducesQuote(line) || wrapped) break;
    if (line.startsWith('>')) continue;
    kept.push((lines[i] ?? '').trimEnd());
  }
  return kept
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
