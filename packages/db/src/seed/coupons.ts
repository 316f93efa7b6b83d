import type { Transaction } from '../client.ts';
import { coupons } from '../schema.ts';

/** Sample codes for trying the checkout: a welcome percentage, a fixed amount, a summer window. */
export async function seedCoupons(tx: Transaction): Promise<void> {
  await tx
    .insert(coupons)
    .values([
      { code: 'BENVENUTO10', kind: 'percent', amount: 10, maxUsesPerPerson: 1 },
      { code: 'BOSCO5', kind: 'fixed', amount: 500, categoryIds: [18], maxUses: 500 },
      {
        code: 'ESTATE2027',
        kind: 'percent',
        amount: 15,
        validFrom: new Date('2027-06-01T00:00:00+02:00'),
        validUntil: new Date('2027-09-30T23:59:59+02:00'),
      },
    ])
    .onConflictDoNothing();
}
