import { SUBSCRIPTION_STATUSES } from '@sentiero/contract/premium';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createMember, memberId } from '../../test/factories.ts';
import { createMembership } from '../../test/membership-factories.ts';

const NOW = new Date('2026-11-25T08:00:00.000Z');

let sut: TestApp;
beforeAll(async () => {
  sut = await createTestApp({}, { now: NOW.toISOString() });
});
afterAll(() => sut.close());

/** SPEC: the benefits last through the trial, a paid period, a failed renewal's retries and a cancelled membership's paid days. */
const BENEFITS = {
  trialing: true,
  active: true,
  past_due: true,
  canceled: true,
  suspended: false,
  expired: false,
} as const;

describe('what a membership in each state gives the member', () => {
  it.each(SUBSCRIPTION_STATUSES)('%s', async (status) => {
    const member = await createMember(sut, 'Stato');
    await createMembership(sut.database.db, { userId: await memberId(member), status, now: NOW });
    const { user } = (await member.get('/api/app/user/info')).json();
    expect(user.is_premium).toBe(BENEFITS[status]);
    const { permissions } = (await member.get('/api/app/permission')).json();
    expect(permissions.includes('no_ads')).toBe(BENEFITS[status]);
    const { subscription } = (await member.get('/api/app/subscription/info')).json();
    expect(subscription).toMatchObject({ status, entitled: BENEFITS[status] });
  });

  it('gives a cancelled membership nothing once its paid days are over', async () => {
    const member = await createMember(sut, 'Finito');
    await createMembership(sut.database.db, {
      userId: await memberId(member),
      status: 'canceled',
      periodEnd: new Date(NOW.getTime() - 60_000),
      now: NOW,
    });
    expect((await member.get('/api/app/user/info')).json().user.is_premium).toBe(false);
  });
});
