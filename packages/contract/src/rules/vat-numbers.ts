/**
 * VAT numbers of the businesses that apply to sell on Sentiero: the countries it serves (IT, CH,
 * ES, SI) and those it may serve next (DE, AT, FR). One rule per country, each the official
 * format with its check digit, applied by the application form and by the API alike. No regular
 * expressions: every number is read character by character, in time linear in its length.
 */

export const VAT_COUNTRIES = ['IT', 'CH', 'ES', 'SI', 'DE', 'AT', 'FR'] as const;
export type VatCountry = (typeof VAT_COUNTRIES)[number];

/** What a VAT number may be typed with around its characters: spaces, dots, hyphens, slashes. */
const SEPARATORS = new Set([' ', '.', '-', '/', '\u00a0']);
/** Longer than any VAT number with its separators and suffix: the rest is not read. */
const MAX_INPUT_LENGTH = 40;

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const allDigits = (text: string) => text.length > 0 && [...text].every(isDigit);
const digitsOf = (text: string) => [...text].map(Number);
const digitSum = (value: number) => (value > 9 ? value - 9 : value);

/** The number as the country's rule reads it: upper case, no separators, no country prefix. */
export function normalizeVatNumber(country: VatCountry, input: string): string {
  if (input.length > MAX_INPUT_LENGTH) return '';
  let compact = '';
  for (const char of input.toUpperCase()) if (!SEPARATORS.has(char)) compact += char;
  if (country === 'CH') return stripSwissSuffix(compact);
  // Greece aside, the EU prefix is the country code; a Spanish NIF never starts with "ES".
  return compact.startsWith(country) ? compact.slice(country.length) : compact;
}

/** Whether `input` is a well-formed VAT number of `country`, its check digit included. */
export function isValidVatNumber(country: VatCountry, input: string): boolean {
  // Read from a request before its other fields are known good: anything else is not a number.
  const check = CHECKS[country] as ((number: string) => boolean) | undefined;
  if (!check || typeof input !== 'string') return false;
  const number = normalizeVatNumber(country, input);
  return number !== '' && check(number);
}

/** The number as it is stored and shown: `IT00743110157`, `CHE-116.281.710`. */
export function formatVatNumber(country: VatCountry, input: string): string {
  const number = normalizeVatNumber(country, input);
  if (country === 'CH') return `CHE-${number.slice(3, 6)}.${number.slice(6, 9)}.${number.slice(9, 12)}`;
  return `${country}${number}`;
}

const CHECKS: Record<VatCountry, (number: string) => boolean> = {
  IT: isItalianPartitaIva,
  CH: isSwissUid,
  ES: isSpanishNif,
  SI: isSlovenianDdv,
  DE: isGermanUstIdNr,
  AT: isAustrianUid,
  FR: isFrenchTva,
};

/**
 * Partita IVA: 11 digits, the last a Luhn check over the first ten (digits in even positions
 * doubled, 9 taken off a two-digit result); the first seven (the firm's number) are never all 0.
 */
function isItalianPartitaIva(number: string): boolean {
  if (number.length !== 11 || !allDigits(number) || number.startsWith('0000000')) return false;
  const digits = digitsOf(number);
  let sum = 0;
  for (let index = 0; index < 10; index++) {
    const digit = digits[index] ?? 0;
    sum += index % 2 === 0 ? digit : digitSum(digit * 2);
  }
  return (10 - (sum % 10)) % 10 === digits[10];
}

/** `CHE123456789MWST` → `CHE123456789`: the VAT register adds MWST, TVA or IVA (by language). */
function stripSwissSuffix(compact: string): string {
  for (const suffix of ['MWST', 'TVA', 'IVA']) {
    if (compact.endsWith(suffix)) return compact.slice(0, -suffix.length);
  }
  return compact;
}

/**
 * Swiss UID (CHE-123.456.789): 9 digits, the last a modulo 11 check with weights 5 4 3 2 7 6 5 4;
 * a remainder giving 10 is never issued.
 */
function isSwissUid(number: string): boolean {
  if (number.length !== 12 || !number.startsWith('CHE') || !allDigits(number.slice(3))) return false;
  const digits = digitsOf(number.slice(3));
  const weights = [5, 4, 3, 2, 7, 6, 5, 4];
  const sum = weights.reduce((total, weight, index) => total + weight * (digits[index] ?? 0), 0);
  const check = (11 - (sum % 11)) % 11;
  return check !== 10 && check === digits[8];
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CIF_LETTERS = 'ABCDEFGHJNPQRSUVW';
/** CIF kinds whose control is always a letter (public bodies, foreign firms, …) or always a digit. */
const CIF_LETTER_CONTROL = 'NPQRSW';
const CIF_DIGIT_CONTROL = 'ABEHJUV';

/**
 * Spanish NIF: a company's CIF (a letter for its kind, 7 digits, a control digit or letter), a
 * person's DNI (8 digits and a letter, modulo 23) or a foreigner's NIE (X, Y or Z for 0, 1, 2).
 */
function isSpanishNif(number: string): boolean {
  if (number.length !== 9) return false;
  const first = number[0] ?? '';
  const last = number[8] ?? '';
  if (allDigits(number.slice(0, 8))) return DNI_LETTERS[Number(number.slice(0, 8)) % 23] === last;
  const nie = 'XYZ'.indexOf(first);
  if (nie !== -1 && allDigits(number.slice(1, 8))) {
    return DNI_LETTERS[Number(`${nie}${number.slice(1, 8)}`) % 23] === last;
  }
  if (!CIF_LETTERS.includes(first) || !allDigits(number.slice(1, 8))) return false;
  const digits = digitsOf(number.slice(1, 8));
  let sum = 0;
  for (let index = 0; index < 7; index++) {
    const digit = digits[index] ?? 0;
    sum += index % 2 === 0 ? digitSum(digit * 2) : digit;
  }
  const control = (10 - (sum % 10)) % 10;
  const asLetter = 'JABCDEFGHI'[control];
  if (CIF_LETTER_CONTROL.includes(first)) return last === asLetter;
  if (CIF_DIGIT_CONTROL.includes(first)) return last === String(control);
  return last === asLetter || last === String(control);
}

/** Slovenian ID za DDV: 8 digits, no leading 0, the last a modulo 11 check (weights 8 to 2). */
function isSlovenianDdv(number: string): boolean {
  if (number.length !== 8 || !allDigits(number) || number.startsWith('0')) return false;
  const digits = digitsOf(number);
  let sum = 0;
  for (let index = 0; index < 7; index++) sum += (8 - index) * (digits[index] ?? 0);
  const check = 11 - (sum % 11);
  if (check === 11) return false;
  return (check === 10 ? 0 : check) === digits[7];
}

/** German USt-IdNr: 9 digits, no leading 0, the last an ISO 7064 MOD 11,10 check. */
function isGermanUstIdNr(number: string): boolean {
  if (number.length !== 9 || !allDigits(number) || number.startsWith('0')) return false;
  const digits = digitsOf(number);
  let product = 10;
  for (let index = 0; index < 8; index++) {
    const sum = ((digits[index] ?? 0) + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  const check = 11 - product;
  return (check === 10 ? 0 : check) === digits[8];
}

/** Austrian UID: U and 8 digits, the last a Luhn-like check over the seven before it, plus 4. */
function isAustrianUid(number: string): boolean {
  if (number.length !== 9 || number[0] !== 'U' || !allDigits(number.slice(1))) return false;
  const digits = digitsOf(number.slice(1));
  let sum = 0;
  for (let index = 0; index < 7; index++) {
    const digit = digits[index] ?? 0;
    sum += index % 2 === 0 ? digit : digitSum(digit * 2);
  }
  return (10 - ((sum + 4) % 10)) % 10 === digits[7];
}

/** Letters a French alphanumeric VAT key may use: no I or O, which read as 1 and 0. */
const FRENCH_KEY_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * French numéro de TVA: a 2-character key and the 9-digit SIREN. A numeric key is
 * (12 + 3 × (SIREN mod 97)) mod 97; the rare alphanumeric keys the tax office issues have no
 * public formula, so only their characters are checked.
 */
function isFrenchTva(number: string): boolean {
  if (number.length !== 11 || !allDigits(number.slice(2))) return false;
  const key = number.slice(0, 2);
  if (allDigits(key)) return Number(key) === (12 + 3 * (Number(number.slice(2)) % 97)) % 97;
  return [...key].every((char) => FRENCH_KEY_CHARS.includes(char));
}
