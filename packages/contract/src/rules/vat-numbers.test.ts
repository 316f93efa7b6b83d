import { describe, expect, it } from 'vitest';
import { formatVatNumber, isValidVatNumber, normalizeVatNumber, type VatCountry } from './vat-numbers.ts';

/*
 * Real numbers of real businesses (public registers) and the same numbers with one digit changed.
 * The Italian check digit below was computed by hand: 1234567890 → odd positions 1+3+5+7+9 = 25,
 * even positions doubled 4+8+(12-9)+(16-9)+(0) = 22, 47 → check 3.
 */
const VALID: [VatCountry, string][] = [
  ['IT', '00743110157'],
  ['IT', 'IT 12345678903'],
  ['IT', '01114601006'],
  ['CH', 'CHE-116.281.710'],
  ['CH', 'CHE-116.281.710 MWST'],
  ['CH', 'CHE-123.456.788 TVA'],
  ['CH', 'che123456788iva'],
  ['ES', 'ESA28017895'],
  ['ES', 'B-65.410.011'],
  ['ES', '12345678Z'],
  ['ES', 'X1234567L'],
  ['ES', 'Q2826000H'],
  ['SI', 'SI50223054'],
  ['SI', '1234 5679'],
  ['DE', 'DE136695976'],
  ['DE', '129273398'],
  ['AT', 'ATU13585627'],
  ['AT', 'U 1358 5627'],
  ['FR', 'FR40303265045'],
  ['FR', 'FR 83 404 833 048'],
];

const INVALID: [VatCountry, string, string][] = [
  ['IT', '00743110158', 'wrong check digit'],
  ['IT', '12345678901', 'wrong check digit'],
  ['IT', '0074311015', 'ten digits'],
  ['IT', '00000000000', 'no firm number'],
  ['IT', '0074311015A', 'a letter'],
  ['CH', 'CHE-116.281.711', 'wrong check digit'],
  ['CH', '116.281.710', 'no CHE'],
  ['CH', 'CHE-116.281.710 VAT', 'an unknown suffix'],
  ['ES', 'A28017896', 'wrong control digit'],
  ['ES', 'Q2826000A', 'wrong control letter'],
  ['ES', 'Q28260008', 'a digit where the kind needs a letter'],
  ['ES', '12345678A', 'wrong DNI letter'],
  ['ES', 'I1234567L', 'no such kind'],
  ['SI', '50223055', 'wrong check digit'],
  ['SI', '05022305', 'a leading zero'],
  ['DE', '136695977', 'wrong check digit'],
  ['DE', '036695976', 'a leading zero'],
  ['AT', 'U13585626', 'wrong check digit'],
  ['AT', '13585627', 'no U'],
  ['FR', 'FR41303265045', 'wrong key'],
  ['FR', 'FR4030326504', 'a short SIREN'],
  ['FR', 'FRIO303265045', 'I and O are not key characters'],
];

describe('VAT numbers', () => {
  it.each(VALID)('accepts %s %s', (country, number) => {
    expect(isValidVatNumber(country, number)).toBe(true);
  });

  it.each(INVALID)('refuses %s %s (%s)', (country, number) => {
    expect(isValidVatNumber(country, number)).toBe(false);
  });

  it('reads a number by the rule of the country chosen, not by its look', () => {
    expect(isValidVatNumber('IT', '00743110157')).toBe(true);
    expect(isValidVatNumber('FR', '00743110157')).toBe(false);
    expect(isValidVatNumber('DE', 'ATU13585627')).toBe(false);
  });

  it('stores numbers in one form, whatever the separators typed', () => {
    expect(normalizeVatNumber('IT', ' it 007-431-101 57 ')).toBe('00743110157');
    expect(formatVatNumber('IT', 'IT 00743110157')).toBe('IT00743110157');
    expect(formatVatNumber('CH', 'che116281710 mwst')).toBe('CHE-116.281.710');
    expect(formatVatNumber('AT', 'atu 13585627')).toBe('ATU13585627');
  });

  it('refuses a number longer than any VAT number without reading it', () => {
    expect(isValidVatNumber('IT', `${'0'.repeat(100_000)}743110157`)).toBe(false);
  });
});
