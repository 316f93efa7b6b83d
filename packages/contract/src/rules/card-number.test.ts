import { describe, expect, it } from 'vitest';
import { isPlausibleCardNumber, toCardDigits } from './card-number.ts';

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
