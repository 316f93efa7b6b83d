/*
 * A statement's arithmetic (ADR 036), in integer cents. Sentiero's commission is its share of the
 * month's net (sales less refunds, whatever the payment method), in basis points, rounded to the
 * nearest cent with halves away from zero (0.5 cent → 1 cent, −0.5 → −1). What Sentiero owes the
 * operator is the net it took online (card, PayPal…) less that commission: money paid on site is
 * already in the operator's hands, so a month of only cash sales leaves the operator owing the
 * commission (a negative amount owed).
 */

export type StatementSums = {
  sales_cents: number;
  on_site_cents: number;
  refunds_cents: number;
  orders: number;
};

export type StatementTotals = StatementSums & {
  net_cents: number;
  commission_cents: number;
  owed_cents: number;
};

/** `amount × basisPoints / 10000`, rounded half away from zero, exactly (no floating point). */
export function commissionOf(amountCents: number, basisPoints: number): number {
  const product = BigInt(Math.abs(amountCents)) * BigInt(basisPoints);
  const rounded = Number((product + 5000n) / 10000n);
  return amountCents < 0 ? -rounded : rounded;
}

export function statementTotals(lines: readonly StatementSums[], basisPoints: number): StatementTotals {
  const sums = lines.reduce(
    (total, line) => ({
      sales_cents: total.sales_cents + line.sales_cents,
      on_site_cents: total.on_site_cents + line.on_site_cents,
      refunds_cents: total.refunds_cents + line.refunds_cents,
      orders: total.orders + line.orders,
    }),
    { sales_cents: 0, on_site_cents: 0, refunds_cents: 0, orders: 0 },
  );
  const net = sums.sales_cents - sums.refunds_cents;
  const commission = commissionOf(net, basisPoints);
  return {
    ...sums,
    net_cents: net,
    commission_cents: commission,
    owed_cents: net - sums.on_site_cents - commission,
  };
}
