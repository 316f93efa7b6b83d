/** A card number as typed or printed, without the spaces and dashes people group digits with. */
export function toCardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/**
 * Whether digits can be a card number at all: 12 to 19 digits whose last is the Luhn check digit.
 * The client catches a mistyped digit before the round trip; the sandbox declines it as a bank would.
 */
export function isPlausibleCardNumber(digits: string): boolean {
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whether a card has expired by the given month: it stays valid through the last day of its expiry month. */
export function isCardExpired(
  expiry: { month: number; year: number },
  current: { month: number; year: number },
): boolean {
  if (!Number.isInteger(expiry.month) || expiry.month < 1 || expiry.month > 12) return true;
  return expiry.year * 12 + expiry.month < current.year * 12 + current.month;
}

/** The three or four digits printed on the card. */
export function isPlausibleCvc(cvc: string): boolean {
  return /^\d{3,4}$/.test(cvc);
}
