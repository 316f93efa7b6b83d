import { subscriptionCharges, subscriptions } from '@sentiero/db/schema';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandboxBilling } from '../../platform/billing/sandbox.ts';
import { loadConfig } from '../../platform/config.ts';
import { type Jobs, startJobs } from '../../platform/jobs.ts';
import { createTestClock, type TestClock } from '../../test/clock.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { chargeAllDue, receiptNumber } from './charges.ts';
import { type BillingContext, RECEIPT_QUEUE, type ReceiptQueue, startReceiptMails } from './notices.ts';
import { runRenewals } from './renewals.ts';
import { findDueMemberships, updateMembership } from './repo.ts';

/**
 * The renewal job over many memberships at once: its batches (read, charge rows, settling and
 * receipts each in one statement) and two runs side by side. Memberships are written with SQL,
 * as the benchmark writes them; receipts are queued, not worked. The job charges whatever is due
 * in the database, so each test has a database of its own (and a clock of its own): what one test
 * leaves due is not charged by the next.
 */

const quiet = {
  error() {},
  warn() {},
  info() {},
  debug() {},
  child: () => quiet,
} as unknown as FastifyBaseLogger;
const DAY = 24 * 60 * 60 * 1000;
const config = loadConfig({ NODE_ENV: 'test' });
const yearly = config.premium.plans.find((plan) => plan.type === 'yearly')?.priceCents ?? 0;

const START = Date.parse('2027-03-01T09:00:00.000Z');
let database: TestDatabase;
let jobs: Jobs;
let receipts: ReceiptQueue;
/** Each test's own clock, at START when the test begins. */
let clock: TestClock;
/** The addresses the test's run mailed (a declined card's notice). */
let mailed: string[];
let ctx: BillingContext;
let serial = 0;

beforeEach(async () => {
  clock = createTestClock(START);
  mailed = [];
  database = await createTestDatabase({ seed: false });
  // Workers off: the receipts' jobs stay in the queue, to be counted.
  jobs = await startJobs(database, quiet, { work: false, cron: false });
  ctx = {
    db: database.db,
    clock,
    config,
    mail: {
      send: async (mail) => {
        mailed.push(mail.to);
      },
      deliver: async () => {},
    },
    origin: 'http://localhost',
    log: quiet,
  };
  receipts = await startReceiptMails(jobs, ctx);
});
afterEach(async () => {
  await jobs.stop();
  await database.drop();
});

const sandbox = () => sandboxBilling(database.db, { now: clock.now });
const renew = () => runRenewals(ctx, { providers: { sandbox: sandbox() }, receipts });

async function rows<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
  return (await database.executeSql(text, values)).rows as Row[];
}
const count = async (text: string, values: unknown[] = []) =>
  Number((await rows<{ n: string | number }>(text, values))[0]?.n);

/**
 * `n` members with a yearly web membership on the sandbox whose trial ended in the last hour;
 * every `failEvery`th card declines every charge. Answers the memberships' ids.
 */
async function dueMemberships(n: number, failEvery = 0): Promise<number[]> {
  const tag = `${++serial}`;
  const users = await rows<{ id: number }>(
    `insert into users (email, password_hash, first_name, last_name, country, language)
     select 'renew-' || $1 || '-' || i || '@sentiero.localhost', 'x', 'Anna', 'Conti', 'IT', 'en'
     from generate_series(1, $2::int) as i returning id`,
    [tag, n],
  );
  const ids = users.map((user) => user.id);
  await database.executeSql(
    `insert into sandbox_billing_cards (token, last4, exp_month, exp_year, fails_on_charge)
     select 'sbx_card_test_' || id, '4242', 12, 2030, $2::int > 0 and id % $2::int = 0
     from unnest($1::int[]) as u(id)`,
    [ids, failEvery],
  );
  const written = await rows<{ id: number }>(
    `insert into subscriptions (user_id, status, source, plan_type, price_cents, payment_method,
       provider_reference, payment_label, started_at, trial_end, period_end, next_charge_at, updated_at)
     select id, 'trialing', 'web', 'yearly', $2::int, 'sandbox', 'sbx_card_test_' || id, 'Visa •••• 4242',
       t.trial_end - interval '7 days', t.trial_end, t.trial_end, t.trial_end, $3::timestamptz
     from unnest($1::int[]) as u(id)
     cross join lateral (select $3::timestamptz - make_interval(secs => 1 + id % 3600) as trial_end) as t
     returning id`,
    [ids, yearly, new Date(clock.ms() - DAY).toISOString()],
  );
  return written.map((row) => row.id);
}

/** What the run left of these memberships: charges, the sandbox's ledger, receipts queued. */
async function accountOf(ids: number[]) {
  return {
    paidTwice: await count(
      `select count(*) as n from (select subscription_id from subscription_charges
       where status = 'paid' and subscription_id = any($1::int[]) group by subscription_id, period_end
       having count(*) > 1) as twice`,
      [ids],
    ),
    paid: await count(
      `select count(*) as n from subscription_charges where status = 'paid' and subscription_id = any($1::int[])`,
      [ids],
    ),
    failed: await count(
      `select count(*) as n from subscription_charges where status = 'failed' and subscription_id = any($1::int[])`,
      [ids],
    ),
    pending: await count(
      `select count(*) as n from subscription_charges where status = 'pending' and subscription_id = any($1::int[])`,
      [ids],
    ),
    ledger: await count(
      `select count(*) as n from sandbox_billing_charges s join subscription_charges c using (idempotency_key)
       where c.subscription_id = any($1::int[]) and (s.status = 'paid') = (c.status = 'paid')`,
      [ids],
    ),
    // One receipt job per paid charge, naming it.
    receipts: await count(
      `select count(*) as n from pgboss.job j join subscription_charges c on c.id = (j.data->>'chargeId')::int
       where j.name = $2 and c.status = 'paid' and c.subscription_id = any($1::int[])`,
      [ids, RECEIPT_QUEUE],
    ),
    stillDue: await count(
      'select count(*) as n from subscriptions where id = any($1::int[]) and next_charge_at <= $2',
      [ids, clock.now().toISOString()],
    ),
  };
}

// Each case charges hundreds to over a thousand memberships through the whole job on the test's
// database: on embedded PGlite, with the machine's other test file beside it, that takes longer
// than the suite's 20 s default for one test.
describe('the renewal job in batches', { timeout: 60_000 }, () => {
  it('charges every due membership once, batch after batch, with one receipt per paid charge', async () => {
    // More than two batches: both of the run's lanes read, and one reads again.
    const ids = await dueMemberships(1_150, 10);
    const before = mailed.length;
    const report = await renew();
    expect(report).toMatchObject({ charged: 1_035, failed: 115, errors: 0 });
    expect(await accountOf(ids)).toEqual({
      paidTwice: 0,
      paid: 1_035,
      failed: 115,
      pending: 0,
      ledger: 1_150,
      receipts: 1_035,
      stillDue: 0,
    });
    // Each declined card's member is told, once.
    expect(mailed.length - before).toBe(115);
    const [paid] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, ids[0] as number));
    expect(paid).toMatchObject({ status: 'active', failedCharges: 0, lastPaymentCents: yearly });
    expect(paid?.nextChargeAt?.getTime()).toBe(paid?.periodEnd.getTime());
    expect(paid?.periodEnd.getTime()).toBeGreaterThan(clock.ms() + 300 * DAY);
    // The same run again finds nothing due.
    expect(await renew()).toMatchObject({ charged: 0, failed: 0, errors: 0 });
  });

  it('charges each membership once when two runs work at once', async () => {
    const ids = await dueMemberships(700, 10);
    const reports = await Promise.all([renew(), renew()]);
    const handled = reports.reduce((sum, report) => sum + report.charged + report.failed, 0);
    expect(handled).toBe(700);
    expect(await accountOf(ids)).toEqual({
      paidTwice: 0,
      paid: 630,
      failed: 70,
      pending: 0,
      ledger: 700,
      receipts: 630,
      stillDue: 0,
    });
  });

  it('does not charge a membership changed after its batch was read', async () => {
    const [id] = await dueMemberships(1);
    const [row] = (await findDueMemberships(database.db, clock.now(), 500, [])).filter(
      (due) => due.id === id,
    );
    if (!row) throw new Error('the membership is not due');
    // The member cancels between the job's read and its charge.
    clock.set(clock.ms() + 1_000);
    await updateMembership(database.db, row, { status: 'canceled', canceledFrom: 'trialing' }, clock.now());
    const [outcome] = await chargeAllDue(ctx, { receipts }, [{ row, provider: sandbox() }]);
    expect(outcome).toEqual({ ok: true, saved: undefined });
    expect(await accountOf([row.id])).toMatchObject({ paid: 0, failed: 0, pending: 0, ledger: 0 });
  });

  it('records a charge paid while its membership changed, without a receipt, and the next run finishes it', async () => {
    const [id] = await dueMemberships(1);
    const real = sandbox();
    // The membership changes while the provider is charging it (a member's click in between).
    const meddling = {
      ...real,
      async charge(input: Parameters<NonNullable<typeof real.charge>>[0]) {
        const result = await (real.charge as NonNullable<typeof real.charge>)(input);
        await database.db
          .update(subscriptions)
          .set({ updatedAt: new Date(clock.ms() + 5_000) })
          .where(eq(subscriptions.id, id as number));
        return result;
      },
    };
    const [row] = (await findDueMemberships(database.db, clock.now(), 500, [])).filter(
      (due) => due.id === id,
    );
    if (!row) throw new Error('the membership is not due');
    const [outcome] = await chargeAllDue(ctx, { receipts }, [{ row, provider: meddling }]);
    expect(outcome?.ok).toBe(false);
    // The money taken is written down; the period and its receipt wait for the membership.
    expect(await accountOf([row.id])).toMatchObject({
      paid: 1,
      pending: 0,
      ledger: 1,
      receipts: 0,
      stillDue: 1,
    });
    clock.set(clock.ms() + 10_000);
    expect(await renew()).toMatchObject({ charged: 1, errors: 0 });
    expect(await accountOf([row.id])).toMatchObject({ paid: 1, ledger: 1, receipts: 1, stillDue: 0 });
  });

  it('settles the rest of a batch when one of its records is refused', async () => {
    const ids = await dueMemberships(3);
    const victim = ids[1] as number;
    const real = sandbox();
    // Another charge already holds the receipt number the victim's charge would get.
    const colliding = {
      ...real,
      async charge(input: Parameters<NonNullable<typeof real.charge>>[0]) {
        if (input.idempotencyKey.startsWith(`sub-${victim}-`)) {
          const [charge] = await database.db
            .select()
            .from(subscriptionCharges)
            .where(eq(subscriptionCharges.idempotencyKey, input.idempotencyKey));
          await database.db.insert(subscriptionCharges).values({
            subscriptionId: victim,
            periodEnd: new Date(clock.ms() - 400 * DAY),
            attempt: 1,
            idempotencyKey: `collision-${victim}`,
            amountCents: 1,
            status: 'failed',
            receiptNumber: receiptNumber(charge?.id ?? 0, clock.now()),
          });
        }
        return (real.charge as NonNullable<typeof real.charge>)(input);
      },
    };
    const due = (await findDueMemberships(database.db, clock.now(), 500, [])).filter((row) =>
      ids.includes(row.id),
    );
    const outcomes = await chargeAllDue(
      ctx,
      { receipts },
      due.map((row) => ({ row, provider: colliding })),
      { atOnce: 3 },
    );
    const byId = new Map(due.map((row, index) => [row.id, outcomes[index]]));
    expect(byId.get(victim)?.ok).toBe(false);
    for (const id of ids.filter((other) => other !== victim)) {
      expect(byId.get(id)).toMatchObject({ ok: true, saved: { status: 'active' } });
    }
    expect(await accountOf(ids)).toMatchObject({ paid: 2, pending: 1, receipts: 2, stillDue: 1 });
  });
});
