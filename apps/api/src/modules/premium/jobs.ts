import type { FastifyBaseLogger } from 'fastify';
import type { BillingProviders } from '../../platform/billing/provider.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { type BillingContext, startReceiptMails } from './notices.ts';
import { renewalSchedule } from './renewals.ts';
import type { PremiumDeps } from './service.ts';

/**
 * The membership's background work in the job queue: the receipts' worker and the renewal
 * schedule. Answers what the endpoints need of it (the providers and the receipt queue).
 */
export async function startPremiumJobs(options: {
  jobs: Jobs;
  providers: BillingProviders;
  /** What the jobs mail and read with, outside any request. */
  context: BillingContext;
  log: FastifyBaseLogger;
}): Promise<PremiumDeps> {
  const { jobs, providers, context, log } = options;
  const deps: PremiumDeps = { providers, receipts: await startReceiptMails(jobs, context) };
  await jobs.schedule(renewalSchedule(context, deps, log));
  return deps;
}
