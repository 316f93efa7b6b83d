/**
 * Italian fiscal code ("codice fiscale") check: layout, birth date and check character.
 * Only the code's own consistency is checked; whether it belongs to the person (name, birthplace)
 * is not, since that needs data we do not hold.
 */

// Omocodia: when two people would get the same code, the tax office swaps digits for these letters.
const OMOCODIA = 'LMNPQRSTUV';
const MONTHS = 'ABCDEHLMPRST';
const DIGIT = `[0-9${OMOCODIA}]`;
const LAYOUT = new RegExp(`^[A-Z]{6}${DIGIT}{2}[${MONTHS}]${DIGIT}{2}[A-Z]${DIGIT}{3}[A-Z]$`);

// Values of A–Z (and of 0–9, which count as A–J) at odd positions, from the official table.
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const A = 'A'.charCodeAt(0);

export function normalizeFiscalCode(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Undoes omocodia, so `RSSMRA85T10A56NS` reads as `RSSMRA85T10A562S`. */
function decodeDigit(char: string): string {
  const index = OMOCODIA.indexOf(char);
  return index === -1 ? char : String(index);
}

function decodeNumber(code: string, start: number, end: number): number {
  return Number([...code.slice(start, end)].map(decodeDigit).join(''));
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function hasValidBirthDate(code: string): boolean {
  const year = decodeNumber(code, 6, 8);
  const month = MONTHS.indexOf(code.charAt(8)) + 1;
  const encodedDay = decodeNumber(code, 9, 11);
  // Women's codes carry the day plus 40, so 32–40 and anything above 71 belong to nobody.
  const day = encodedDay > 40 ? encodedDay - 40 : encodedDay;
  if (day < 1 || day > 31) return false;
  // The century is not in the code, so a date that exists in either century is plausible.
  return [1900, 2000].some((century) => isRealDate(century + year, month, day));
}

function charValue(char: string): number {
  const code = char.charCodeAt(0);
  // Digits weigh the same as the letter at their index (0 as A, 1 as B, …).
  return code < A ? code - '0'.charCodeAt(0) : code - A;
}

function checkCharacter(code: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const value = charValue(code.charAt(i));
    // The table counts positions from 1, so index 0 is an odd position.
    sum += i % 2 === 0 ? (ODD[value] ?? 0) : value;
  }
  return String.fromCharCode(A + (sum % 26));
}

export function checkItalianFiscalCode(value: string): boolean {
  const code = normalizeFiscalCode(value);
  return LAYOUT.test(code) && hasValidBirthDate(code) && checkCharacter(code) === code.charAt(15);
}
