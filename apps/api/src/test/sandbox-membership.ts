import { subscriptionCharges, subscriptions } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { runRenewals } from '../modules/premium/index.ts';
import type { BillingContext } from '../modules/premium/notices.ts';
import { sandboxBilling } from '../platform/billing/sandbox.ts';
import { loadConfig } from '../platform/config.ts';
import { type Browser, createTestApp, type TestApp } from './app.ts';
import { createClockSwitch, createTestClock, type TestClock } from './clock.ts';

/*
 * What the test files of a Sentiero+ membership on the sandbox share (buying, renewals, member
 * actions, mails): one app per file, a clock of each test's own, the purchase through the API and
 * the renewal job on that app. The `let` exports are live bindings: a file reads `sut` and `clock`
 * after `setUpSandboxMemberships`'s hooks have set them.
 */

export const DAY = 24 * 60 * 60 * 1000;
export const START = Date.parse('2026-11-25T08:00:00.000Z');
export const CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
export const FAILS_ON_CHARGE = { ...CARD, number: '4000000000000341' };
export const DECLINED = { ...CARD, number: '4000000000000002' };

export let sut: TestApp;
/** Each test's own clock, at START when the test begins; the test moves it. */
export let clock: TestClock;

/** Starts the file's app before its tests and closes it after them; gives each test a clock at START. */
export function setUpSandboxMemberships(): void {
  /** What the app reads: the clock of the test that is running. */
  const appClock = createClockSwitch();
  beforeEach(() => {
    clock = appClock.use(createTestClock(START));
  });
  beforeAll(async () => {
    // The clock runs over a year: sessions must outlast it.
    sut = await createTestApp({ SESSION_DAYS: '365', SESSION_MAX_DAYS: '3650' }, { clock: appClock });
  });
  afterAll(() => sut.close());
}

let serial = 0;

export async function subscribe(browser: Browser, card = CARD, subscription_type = 'yearly') {
  return browser.post('/api/app/subscription/buy?lng=en', {
    subscription_type,
    payment_method: 'sandbox',
    card,
    idempotency_key: `plus-${++serial}-${clock.ms()}`,
  });
}

/** Every charge of a membership, in the order they were written. */
export const chargesOf = (subscriptionId: number) =>
  sut.database.db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, subscriptionId))
    .orderBy(subscriptionCharges.id);
export const membershipRows = (id: number) =>
  sut.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));

export const info = async (browser: Browser) =>
  (await browser.get('/api/app/subscription/info')).json().subscription;
export const premium = async (browser: Browser) =>
  (await browser.get('/api/app/user/info')).json().user.is_premium;

const config = loadConfig({ NODE_ENV: 'test' });
/** What the renewal job runs with outside a request; its mails are not what these tests read. */
export const billing = (): BillingContext => ({
  db: sut.database.db,
  clock,
  config,
  mail: { send: async () => {}, deliver: async () => {} },
  origin: 'http://localhost',
  log: sut.app.log,
});

/** The renewal job as the schedule runs it, on this app's database and clock. */
export const renew = () =>
  runRenewals(billing(), {
    providers: { sandbox: sandboxBilling(sut.database.db, { now: clock.now }) },
    receipts: { written() {} },
  });
