import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { TicketSigner } from '../../platform/ticket-signing.ts';
import { startDayCancellationJobs } from './day-cancellation-jobs.ts';
import { dayCancellationLinks } from './day-cancellation-links.ts';
import { type MailingContext, mailTickets } from './issue.ts';
import { TICKET_MAIL_QUEUE } from './mails.ts';
import { refreshPopularity } from './popularity.ts';
import { recoverStrandedOrders } from './recover.ts';
import { recheckPendingRefunds } from './refund-recheck.ts';
import { type CheckoutDeps, expireHolds, type PaymentProviders } from './service.ts';

/**
 * The checkout's periodic jobs. Every minute is as often as pg-boss's cron goes; a hold runs 15
 * minutes, so its places come back on sale at most about a minute after it ends.
 */
export const CHECKOUT_SCHEDULES = {
  /** Gives back the places of unpaid orders whose hold ran out. */
  expireHolds: { queue: 'holds-expire', cron: '* * * * *', retryLimit: 2, retryDelaySeconds: 15 },
  /** Finishes the orders a crash left half way (`recoverStrandedOrders`). */
  recoverOrders: { queue: 'orders-recover', cron: '* * * * *', retryLimit: 2, retryDelaySeconds: 15 },
  /** Settles refunds whose provider never answered or whose webhook was lost (ADR 029). */
  recheckRefunds: { queue: 'refunds-recheck', cron: '*/10 * * * *', retryLimit: 2, retryDelaySeconds: 60 },
  /** "Hottest" follows what sells: popularity is brought up to date every few minutes. */
  refreshPopularity: {
    queue: 'popularity-refresh',
    cron: '*/5 * * * *',
    retryLimit: 3,
    retryDelaySeconds: 60,
  },
} as const;

export type CheckoutJobsOptions = {
  providers: PaymentProviders;
  signer: TicketSigner;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: Jobs;
  /** What the background jobs mail with, outside any request. */
  mailing: Omit<MailingContext, 'db'>;
  /** Payments through the same providers that are not orders (CheckoutDeps.otherPayments). */
  otherPayments?: CheckoutDeps['otherPayments'];
};

/**
 * Starts the checkout's background work in the job queue: the ticket mails and the periodic
 * jobs. Answers what buying needs from it (the providers, the signer and the mail queue).
 */
export async function startCheckoutJobs(options: CheckoutJobsOptions): Promise<CheckoutDeps> {
  const { providers, signer, db, clock, log, jobs, mailing } = options;
  // Two batches at a time: one renders its PDFs while the other waits on the database or the
  // mail server.
  const mailTicketsOf = ({ orderId, movedTo }: { orderId: number; movedTo?: string }) =>
    mailTickets({ db, ...mailing }, orderId, movedTo);
  await jobs.work(TICKET_MAIL_QUEUE, mailTicketsOf, { loops: 2 });
  const deps: CheckoutDeps = {
    providers,
    signer,
    queueTicketMail: (orderId, movedTo) =>
      jobs.send(TICKET_MAIL_QUEUE, movedTo ? { orderId, movedTo } : { orderId }),
    ticketMailQueued: () => jobs.notify(TICKET_MAIL_QUEUE),
    otherPayments: options.otherPayments,
  };
  // Overlapping runs are safe: SKIP LOCKED keeps two from releasing one order twice, and each
  // recovered order changes state only from the state it was read in.
  await jobs.schedule({ ...CHECKOUT_SCHEDULES.expireHolds, run: () => expireHolds({ db, clock }) });
  await jobs.schedule({
    ...CHECKOUT_SCHEDULES.recoverOrders,
    run: () => recoverStrandedOrders({ db, clock, log }, deps),
  });
  await jobs.schedule({
    ...CHECKOUT_SCHEDULES.recheckRefunds,
    run: () => recheckPendingRefunds({ db, clock, log, mail: mailing.mail, config: mailing.config }, deps),
  });
  await jobs.schedule({
    ...CHECKOUT_SCHEDULES.refreshPopularity,
    run: () => refreshPopularity(db, clock.now()),
  });
  // Cancelled days (ADR 049): their runs, their lapse, and the links their mails carry.
  deps.days = await startDayCancellationJobs(jobs, {
    context: { db, clock, log, mail: mailing.mail, config: mailing.config, origin: mailing.origin },
    checkout: deps,
    links: dayCancellationLinks(signer.privateKey),
  });
  return deps;
}
