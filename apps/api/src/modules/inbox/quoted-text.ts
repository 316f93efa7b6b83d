/*
 * What the requester wrote in an answer, without the earlier message their mail program quoted
 * under it (ADR 031): from the line that introduces the quote ("On … wrote:" in the five languages
 * the requesters write in, and Outlook's "Original Message" line) everything is dropped, and so is
 * every line that starts with '>' anywhere else.
 */

/** A line that introduces the quoted message, as mail programs write it in each language. */
const QUOTE_INTRODUCTIONS = [
  /^on\b.+\bwrote:$/i,
  /^il\b.+\bha scritto:$/i,
  /^am\b.+\bschrieb\b.*:$/i,
  /^el\b.+\bescribió:$/i,
  /^.*\bje\b.+\bnapisal(a|o|\(a\))?:$/i,
  /^-{2,}\s*(original message|messaggio originale|mensaje original|ursprüngliche nachricht|izvirno sporočilo|originalno sporočilo)\s*-{2,}$/i,
];

const introducesQuote = (line: string) => QUOTE_INTRODUCTIONS.some((pattern) => pattern.test(line));

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
