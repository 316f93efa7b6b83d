import { describe, expect, it } from 'vitest';
import { checkItalianFiscalCode, normalizeFiscalCode } from './fiscal-code.ts';

// Outside the check-character test, every refused code carries the check letter its first 15
// characters deserve, so the refusal can only come from the defect the test names.
describe('Italian fiscal code check', () => {
  it('accepts well-known valid codes', () => {
    expect(checkItalianFiscalCode('RSSMRA85T10A562S')).toBe(true);
    expect(checkItalianFiscalCode('BNCLRA85B28H501Y')).toBe(true);
  });

  it('accepts a female code, whose day is increased by 40', () => {
    expect(checkItalianFiscalCode('VRDGPP80A41F205B')).toBe(true);
    expect(checkItalianFiscalCode('BNCLRA92E51H501Q')).toBe(true);
  });

  it('accepts a code whose digits were replaced for omocodia', () => {
    expect(checkItalianFiscalCode('RSSMRA85T10A56NH')).toBe(true);
    expect(checkItalianFiscalCode('RSSMRA85T10A5SNT')).toBe(true);
    expect(checkItalianFiscalCode('RSSMRA85T10ASSNS')).toBe(true);
    expect(checkItalianFiscalCode('BNCLRA92E51H50MI')).toBe(true);
    expect(checkItalianFiscalCode('VRDGPP80A41F2LSL')).toBe(true);
  });

  it('accepts lowercase and spaced input', () => {
    expect(checkItalianFiscalCode('rssmra85t10a562s')).toBe(true);
    expect(checkItalianFiscalCode(' RSS MRA 85T10 A562S ')).toBe(true);
    expect(normalizeFiscalCode(' rss mra 85t10 a562s')).toBe('RSSMRA85T10A562S');
  });

  it('refuses a wrong check character', () => {
    expect(checkItalianFiscalCode('RSSMRA85T10A562T')).toBe(false);
    expect(checkItalianFiscalCode('RSSMRA85T10A56NS')).toBe(false);
  });

  it('refuses a code of the wrong length', () => {
    expect(checkItalianFiscalCode('')).toBe(false);
    expect(checkItalianFiscalCode('RSSMRA85T10A562')).toBe(false);
    expect(checkItalianFiscalCode('RSSMRA85T10A562SS')).toBe(false);
  });

  it('refuses a month letter outside ABCDEHLMPRST', () => {
    expect(checkItalianFiscalCode('RSSMRA85F10A562R')).toBe(false);
  });

  it('refuses days that are neither 1–31 nor 41–71', () => {
    expect(checkItalianFiscalCode('RSSMRA85T00A562R')).toBe(false);
    expect(checkItalianFiscalCode('RSSMRA85T32A562Y')).toBe(false);
    expect(checkItalianFiscalCode('RSSMRA85T40A562V')).toBe(false);
    expect(checkItalianFiscalCode('RSSMRA85T72A562C')).toBe(false);
  });

  it('refuses dates that do not exist, such as 30 February', () => {
    expect(checkItalianFiscalCode('BNCLRA85B30H501H')).toBe(false);
    expect(checkItalianFiscalCode('BNCLRA85B70H501L')).toBe(false);
    expect(checkItalianFiscalCode('BNCLRA01B29H501E')).toBe(false);
  });

  it('accepts 29 February when the year is a leap year in either century', () => {
    expect(checkItalianFiscalCode('BNCLRA04B29H501H')).toBe(true);
    expect(checkItalianFiscalCode('BNCLRA04B69H501L')).toBe(true);
    expect(checkItalianFiscalCode('BNCLRA00B29H501D')).toBe(true);
  });

  it('refuses letters and digits in the wrong places', () => {
    expect(checkItalianFiscalCode('RSSMR185T10A562T')).toBe(false); // digit in the name
    expect(checkItalianFiscalCode('RSSMRAX5T10A562Y')).toBe(false); // non-omocodic letter in the year
    expect(checkItalianFiscalCode('RSSMRA8ZT10A562M')).toBe(false);
    expect(checkItalianFiscalCode('RSSMRA85T1AA562S')).toBe(false); // A is no omocodic digit
    expect(checkItalianFiscalCode('RSSMRA85T101562T')).toBe(false); // digit opening the birthplace
    expect(checkItalianFiscalCode('RSSMRA85T10A5621')).toBe(false); // digit as the check character
  });
});
