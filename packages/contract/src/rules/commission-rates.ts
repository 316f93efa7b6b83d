/*
 * Sentiero's commission over time (ADR 042): an operator's rates, each from a month on. A month
 * is charged at the rate in force in it — the latest rate whose month is not after it — and the
 * months before an operator's first rate at that first rate. Months are `YYYY-MM`.
 */

export type CommissionRate = { from: string; basisPoints: number };

/** The rate in force in `month`; undefined only without any rate. */
export function rateInForce(rates: readonly CommissionRate[], month: string): number | undefined {
  const sorted = [...rates].sort((a, b) => a.from.localeCompare(b.from));
  let found = sorted[0];
  for (const rate of sorted) if (rate.from <= month) found = rate;
  return found?.basisPoints;
}

/** Whether a rate may start in `month`: this month or a later one, never a month already charged. */
export function mayStartIn(month: string, currentMonth: string): boolean {
  return month >= currentMonth;
}
