import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMember } from '../../test/factories.ts';
import { CARD, FAILS_ON_CHARGE } from '../../test/sandbox-membership.ts';

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp();
});
afterAll(() => sut.close());

async function memberWithTrial(email: string, card: typeof CARD) {
  const browser = await createMember(sut, 'Greta', { email });
  const bought = await browser.post('/api/app/subscription/buy?lng=en', {
    subscription_type: 'yearly',
    payment_method: 'sandbox',
    card,
    idempotency_key: `dev-renew-${email}`,
  });
  expect(bought.statusCode).toBe(200);
  return browser;
}

const renew = (email: string) =>
  sut.app.inject({ method: 'POST', url: `/dev/subscription/renew?email=${encodeURIComponent(email)}` });

describe('the development-only renewal of one membership', () => {
  it("runs the renewal job on one member's membership as of its due moment: a card that fails leaves it past due", async () => {
    const email = 'greta.fails@example.it';
    const member = await memberWithTrial(email, FAILS_ON_CHARGE);
    const response = await renew(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'failed', subscription: { status: 'past_due' } });
    expect((await member.get('/api/app/subscription/info')).json().subscription).toMatchObject({
      status: 'past_due',
      entitled: true,
    });
    // The member gives a working card: it is charged at once and the membership is active again.
    const fixed = await member.post('/api/app/subscription/payment-method?lng=en', {
      payment_method: 'sandbox',
      card: CARD,
    });
    expect(fixed.json().subscription).toMatchObject({ status: 'active', paid: true });
  });

  it("leaves every other member's membership as it was", async () => {
    const other = await memberWithTrial('otto.waits@example.it', CARD);
    await memberWithTrial('greta.later@example.it', CARD);
    expect((await renew('greta.later@example.it')).json().outcome).toBe('charged');
    expect((await other.get('/api/app/subscription/info')).json().subscription.status).toBe('trialing');
  });

  it('answers 404 for an address with no membership and 400 without one', async () => {
    expect((await renew('nobody@example.it')).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'POST', url: '/dev/subscription/renew' })).statusCode).toBe(400);
  });
});
