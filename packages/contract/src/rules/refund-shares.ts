/**
 * What each guest of an order paid: the order's total shared in proportion to the guests' unit
 * prices (member prices already in them), so a coupon or a promotion is given back in the same
 * proportion it was taken. The shares add up to the total exactly: the cents rounding leaves
 * over go to the guests with the largest remainders, earlier guests first (pretix does the same).
 * The refund (ADR 029) and the console's preview of it use this one rule.
 */
export function paidShares(lines: { id: number; unitPriceCents: number }[], totalCents: number) {
  const listed = lines.reduce((sum, line) => sum + line.unitPriceCents, 0);
  if (listed === 0) return new Map(lines.map((line) => [line.id, 0]));
  const exact = lines.map((line) => ({ id: line.id, share: (line.unitPriceCents * totalCents) / listed }));
  const shares = new Map(exact.map((line) => [line.id, Math.floor(line.share)]));
  let left = totalCents - [...shares.values()].reduce((sum, cents) => sum + cents, 0);
  const byRemainder = [...exact].sort(
    (a, b) => b.share - Math.floor(b.share) - (a.share - Math.floor(a.share)),
  );
  for (const line of byRemainder) {
    if (left <= 0) break;
    shares.set(line.id, (shares.get(line.id) ?? 0) + 1);
    left -= 1;
  }
  return shares;
}
