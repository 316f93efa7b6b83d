import type { Db } from '@sentiero/db/client';
import { executeRows } from '@sentiero/db/client';
import { sql } from 'drizzle-orm';
import { FIGURES_TIME_ZONE } from './figure-rollup-repo.ts';
import type { FigurePeriod } from './figures-repo.ts';

export type PremiumRow = {
  bucket: string;
  trials: number;
  conversions: number;
  renewals: number;
  cancellations: number;
  revenue_cents: number;
};

/**
 * Sentiero+ over the period, for Sentiero's admins (ADR 036), from the memberships and their
 * charges: a trial counts when the membership started, a conversion at the first paid charge of a
 * membership that had a trial, a renewal at every later paid charge, a cancellation when a
 * membership ended, revenue at each paid charge. Memberships are few next to orders: plain
 * aggregates. App-store memberships are charged by the stores and have no charges here, so their
 * revenue and renewals are not in these figures.
 */
export async function findPremiumFigures(db: Db, period: FigurePeriod): Promise<PremiumRow[]> {
  const from = sql`(${period.from}::date::timestamp at time zone ${FIGURES_TIME_ZONE})`;
  const to = sql`((${period.to}::date + 1)::timestamp at time zone ${FIGURES_TIME_ZONE})`;
  const unit = sql.raw(`'${period.grain}'`);
  const bucket = (column: ReturnType<typeof sql>) =>
    sql`date_trunc(${unit}, (${column} at time zone ${FIGURES_TIME_ZONE})::date)::date::text`;
  return executeRows<PremiumRow>(
    db,
    sql`
      with paid as (
        select c.subscription_id, c.amount_cents, coalesce(c.settled_at, c.created_at) as at,
          row_number() over (partition by c.subscription_id order by coalesce(c.settled_at, c.created_at), c.id) as nth
        from subscription_charges c
        where c.status = 'paid'
      )
      select e.bucket, sum(e.trials)::int as trials, sum(e.conversions)::int as conversions,
        sum(e.renewals)::int as renewals, sum(e.cancellations)::int as cancellations,
        sum(e.revenue)::float8 as revenue_cents
      from (
        select ${bucket(sql`s.started_at`)} as bucket, 1 as trials, 0 as conversions, 0 as renewals, 0 as cancellations, 0 as revenue
        from subscriptions s
        where s.trial_end is not null and s.started_at >= ${from} and s.started_at < ${to}
        union all
        select ${bucket(sql`p.at`)}, 0,
          case when p.nth = 1 and s.trial_end is not null then 1 else 0 end,
          case when p.nth > 1 then 1 else 0 end, 0, p.amount_cents
        from paid p join subscriptions s on s.id = p.subscription_id
        where p.at >= ${from} and p.at < ${to}
        union all
        select ${bucket(sql`s.ended_at`)}, 0, 0, 0, 1, 0
        from subscriptions s
        where s.ended_at >= ${from} and s.ended_at < ${to}
      ) e
      group by 1
      order by 1`,
  );
}
