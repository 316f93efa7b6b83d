import type pg from 'pg';

/* The renewal benchmark's rows: the due memberships it writes in bulk, and the SQL that checks what a run left. */

/** One card in fifty attaches, then declines every charge (the sandbox's 4000 0000 0000 0341). */
const FAILING_EVERY = 50;

/** The plans' prices in cents, as the app's configuration gives them. */
export type PlanPrices = { yearly: number; monthly: number };

export type RenewalCheck = {
  /** Memberships with two paid charges for one period. */
  chargedTwice: number;
  /**
   * Settled charges without their sandbox ledger row or disagreeing with it (paid or not), and
   * ledger rows no charge of ours names.
   */
  ledgerMismatches: number;
  ledgerRows: number;
  /** Due memberships of the set whose next date did not move past the run's start. */
  notMoved: number;
  /** Charges written but never settled (only a run stopped at its time limit leaves some). */
  pending: number;
  paid: number;
  failed: number;
  /** Mails queued during the run, against the charges settled (one mail each). */
  mailsQueued: number;
};

/**
 * `count` members, each with a trialing web membership on the sandbox whose trial ended within
 * the last hour and a saved card (one in FAILING_EVERY declines every charge): set-based, three
 * statements. Answers the members' id range.
 */
export async function insertDueMemberships(
  client: pg.Client,
  count: number,
  tag: string,
  prices: PlanPrices,
) {
  const started = performance.now();
  await client.query('begin');
  const { rows } = await client.query<{ first: number; last: number }>(
    `with inserted as (
       insert into users (email, password_hash, first_name, last_name, country, language, adult_confirmed_at, terms_accepted_at)
       select 'renew-${tag}-' || i || '@sentiero.localhost', 'not-a-login', 'Anna', 'Conti ' || i, 'IT',
              (array['it','en','de','es','sl'])[1 + i % 5], now(), now()
       from generate_series(1, $1::int) as i
       returning id)
     select min(id)::int as first, max(id)::int as last from inserted`,
    [count],
  );
  const { first, last } = rows[0] as { first: number; last: number };
  await client.query(
    `insert into sandbox_billing_cards (token, last4, exp_month, exp_year, fails_on_charge)
     select 'sbx_card_bench_' || u.id, case when u.id % $3 = 0 then '0341' else '4242' end, 12, 2030, u.id % $3 = 0
     from generate_series($1::int, $2::int) as u(id)`,
    [first, last, FAILING_EVERY],
  );
  // Half yearly, half monthly, at the plans' prices; the trial ended between a second and an hour ago.
  await client.query(
    `insert into subscriptions (user_id, status, source, plan_type, price_cents, payment_method, provider_reference,
                                payment_label, awaiting_approval, started_at, trial_end, period_end, next_charge_at,
                                idempotency_key, created_at, updated_at)
     select u.id, 'trialing', 'web', p.plan, p.price, 'sandbox', 'sbx_card_bench_' || u.id,
            'Visa •••• ' || case when u.id % $3 = 0 then '0341' else '4242' end, false,
            t.trial_end - interval '14 days', t.trial_end, t.trial_end, t.trial_end,
            'bench-' || u.id, t.trial_end - interval '14 days', now()
     from generate_series($1::int, $2::int) as u(id)
     cross join lateral (select now() - make_interval(secs => 1 + (u.id % 3600)) as trial_end) as t
     cross join lateral (select case when u.id % 2 = 0 then 'yearly' else 'monthly' end as plan,
                                case when u.id % 2 = 0 then $4::int else $5::int end as price) as p`,
    [first, last, FAILING_EVERY, prices.yearly, prices.monthly],
  );
  await client.query('commit');
  await client.query('analyze users; analyze subscriptions; analyze sandbox_billing_cards');
  return { first, last, seconds: (performance.now() - started) / 1000 };
}

/** The brief's checks, over the memberships of members `first`–`last`, for a run started at `startedAt`. */
export async function checkRenewals(
  client: pg.Client,
  { first, last, startedAt }: { first: number; last: number; startedAt: Date },
): Promise<RenewalCheck> {
  const one = async (text: string, values: unknown[] = [first, last]) =>
    Number((await client.query<{ n: string }>(text, values)).rows[0]?.n ?? 0);
  const ofSet = 'subscription_id in (select id from subscriptions where user_id between $1 and $2)';
  const tokens = 'token in (select provider_reference from subscriptions where user_id between $1 and $2)';
  return {
    chargedTwice: await one(
      `select count(*) as n from (select subscription_id, period_end from subscription_charges
        where status = 'paid' and ${ofSet} group by 1, 2 having count(*) > 1) as twice`,
    ),
    ledgerMismatches:
      (await one(
        `select count(*) as n from subscription_charges c
         left join sandbox_billing_charges s using (idempotency_key)
         where c.status in ('paid', 'failed') and c.${ofSet}
           and (s.idempotency_key is null or (c.status = 'paid') <> (s.status = 'paid'))`,
      )) +
      (await one(
        `select count(*) as n from sandbox_billing_charges s where s.${tokens}
         and not exists (select 1 from subscription_charges c where c.idempotency_key = s.idempotency_key)`,
      )),
    ledgerRows: await one(`select count(*) as n from sandbox_billing_charges where ${tokens}`),
    notMoved: await one(
      `select count(*) as n from subscriptions
       where user_id between $1 and $2 and next_charge_at is not null and next_charge_at <= $3`,
      [first, last, startedAt],
    ),
    pending: await one(
      `select count(*) as n from subscription_charges where status = 'pending' and ${ofSet}`,
    ),
    paid: await one(`select count(*) as n from subscription_charges where status = 'paid' and ${ofSet}`),
    failed: await one(`select count(*) as n from subscription_charges where status = 'failed' and ${ofSet}`),
    mailsQueued: await one(
      // A paid charge queues its receipt (rendered by the receipts' worker), a failed one a mail.
      `select count(*) as n from pgboss.job
       where name in ('mail-send', 'membership-receipt') and created_on >= $1`,
      [startedAt],
    ),
  };
}
