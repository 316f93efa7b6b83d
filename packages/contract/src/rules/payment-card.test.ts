import { describe, expect, it } from 'vitest';
import { isCardExpired, isPlausibleCardNumber, isPlausibleCvc, toCardDigits } from './payment-card.ts';

describe('card numbers', () => {
  it('reads a number grouped with spaces or dashes as its digits', () => {
    expect(toCardDigits('4242 4242-4242 4242')).toBe('4242424242424242');
  });

  it('accepts numbers whose check digit is right', () => {
    expect(isPlausibleCardNumber('4242424242424242')).toBe(true);
    expect(isPlausibleCardNumber('4000000000000002')).toBe(true);
    expect(isPlausibleCardNumber('5555555555554444')).toBe(true);
  });

  it('refuses a number with one digit mistyped', () => {
    expect(isPlausibleCardNumber('4242424242424241')).toBe(false);
  });

  it('refuses what is too short, too long or not digits', () => {
    expect(isPlausibleCardNumber('42424242424')).toBe(false);
    expect(isPlausibleCardNumber('42424242424242424242')).toBe(false);
    expect(isPlausibleCardNumber('4242 4242 4242 4242')).toBe(false);
  });
});

describe('card expiry and security code', () => {
  const november2026 = { year: 2026, month: 11 };

  it('keeps a card valid through the last day of its expiry month', () => {
    expect(isCardExpired({ year: 2026, month: 11 }, november2026)).toBe(false);
    expect(isCardExpired({ year: 2027, month: 1 }, november2026)).toBe(false);
    expect(isCardExpired({ year: 2026, month: 10 }, november2026)).toBe(true);
    expect(isCardExpired({ year: 2025, month: 12 }, november2026)).toBe(true);
  });

  it('takes a month that does not exist for an expired card', () => {
    expect(isCardExpired({ year: 2030, month: 13 }, november2026)).toBe(true);
    expect(isCardExpired({ year: 2030, month: 0 }, november2026)).toBe(true);
  });

  it('accepts three or four digits as the security code, nothing else', () => {
    expect(isPlausibleCvc('123')).toBe(true);
    expect(isPlausibleCvc('1234')).toBe(true);
    expect(isPlausibleCvc('12')).toBe(false);
    expect(isPlausibleCvc('12a')).toBe(false);
  });
});
