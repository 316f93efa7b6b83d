/**
 * How old the phone's data is, in the ranger's language and few characters: "12 min", "14 hr",
 * "3 days" (Intl's units, so each language writes its own).
 */
export function formatAge(ageMs: number, language: string): string {
  const minutes = Math.floor(ageMs / 60_000);
  const [value, unit] =
    minutes < 60
      ? [Math.max(1, minutes), 'minute']
      : minutes < 48 * 60
        ? [Math.floor(minutes / 60), 'hour']
        : [Math.floor(minutes / (24 * 60)), 'day'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

/** Grams as kilograms with up to three decimals: 1250 → "1.25 kg" (or "1,25 kg"). */
export function formatKilograms(grams: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: 'kilogram',
    maximumFractionDigits: 3,
  }).format(grams / 1000);
}
