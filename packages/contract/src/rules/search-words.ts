/**
 * The words a name is found by in the console's order search (ADR 046): lower case, the accents of
 * the languages Sentiero sells in taken off (`Müller` is found by `muller`, `Čuk` by `cuk`), split
 * at anything that is not a letter or digit. The database's `name_words` function (migration
 * 0033) does the same with the same two strings, so a name is cut into the same words when it is
 * stored as when it is searched; a test compares the two.
 */

/** Each character of the first string becomes the character at the same place in the second. */
export const SEARCH_ACCENTED = 'ÀÁÂÃÄÅàáâãäåÇçĆćČčĐđÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøŠšÙÚÛÜùúûüÝýÿŽžß';
export const SEARCH_PLAIN = 'AAAAAAaaaaaaCcCcCcDdEEEEeeeeIIIIiiiiNnOOOOOOooooooSsUUUUuuuuYyyZzs';

const PLAIN_OF = new Map([...SEARCH_ACCENTED].map((char, index) => [char, SEARCH_PLAIN[index] ?? char]));

/** At most this many words of a search are used; more say nothing a name would not. */
export const MAX_SEARCH_WORDS = 6;

const isWordChar = (char: string) => (char >= 'a' && char <= 'z') || (char >= '0' && char <= '9');

/** The words of `text`, in order, as the database stores them. Linear in the text's length. */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  for (const char of text) {
    // Only ASCII letters and digits make words: the database's `lower` changes nothing else.
    const mapped = PLAIN_OF.get(char) ?? char;
    const plain = mapped < '\u0080' ? mapped.toLowerCase() : mapped;
    if (isWordChar(plain)) word += plain;
    else if (word) {
      words.push(word);
      word = '';
    }
  }
  if (word) words.push(word);
  return words;
}
