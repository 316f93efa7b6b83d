import { subscriptions } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMember } from '../../test/factories.ts';
import { CARD, FAILS_ON_CHARGE } from '../../test/sandbox-membership.ts';
import { trialKey } from './membership.ts';
import { claimTrial } from './repo.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(() => sut.close());

/** A member whose one free trial was used before: the first period is paid at once. */
async function memberWithoutTrial(name: string) {
  const member = await createMember(sut, name);
  const { email, id } = (await member.get('/api/app/user/info')).json().user as { email: string; id: number };
  await claimTrial(sut.database.db, trialKey(email), new Date());
  return { member, id };
}

const buy = (member: Awaited<ReturnType<typeof createMember>>, card: typeof CARD, key: string) =>
  member.post('/api/app/subscription/buy?lng=en', {
    subscription_type: 'monthly',
    payment_method: 'sandbox',
    card,
    idempotency_key: key,
  });

describe('Sentiero+ without a trial, through the sandbox', () => {
  it('gives nothing and keeps nothing when the first charge is refused, and starts with the first one paid', async () => {
    const { member, id } = await memberWithoutTrial('Sandbox');
    const refused = await buy(member, FAILS_ON_CHARGE, 'first-payment-1');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_DECLINED' });
    expect((await member.get('/api/app/user/info')).json().user.is_premium).toBe(false);
    expect(await sut.database.db.select().from(subscriptions).where(eq(subscriptions.userId, id))).toEqual(
      [],
    );

    const paid = await buy(member, CARD, 'first-payment-2');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().subscription).toMatchObject({ status: 'active', paid: true, entitled: true });
    expect((await member.get('/api/app/user/info')).json().user.is_premium).toBe(true);
  });
});
