import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { PushSender } from '../../platform/push.ts';
import { lapseOffer, type OfferDeps, offerFreedPlaces } from './offers.ts';
import { WAITLIST_LAPSE_QUEUE, WAITLIST_OFFER_QUEUE, WAITLIST_TELL_QUEUE } from './offers-repo.ts';
import { tellOffer } from './tell.ts';

export type WaitlistJobsOptions = {
  db: Db;
  jobs: Jobs;
  clock: Clock;
  log: FastifyBaseLogger;
  mail: Mailer;
  push: PushSender | null;
  brand: string;
  origin: string;
  holdMinutes: number;
};

/**
 * The waiting list's three queues (ADR 050). `waitlist-offer` is filled by the database itself, in
 * the transaction that gives places back (migration 0041's triggers); an offer queues its
 * `waitlist-tell` (mail and push) and its `waitlist-lapse` (at the hold's end) with itself.
 */
export async function startWaitlistJobs(options: WaitlistJobsOptions): Promise<OfferDeps> {
  const { jobs } = options;
  const offerDeps: OfferDeps = { db: options.db, clock: options.clock, holdMinutes: options.holdMinutes };
  await jobs.work<{ ticketId: number; day: string }>(WAITLIST_OFFER_QUEUE, async (data) => {
    const offered = await offerFreedPlaces(offerDeps, data);
    // Told now by this process's worker, not at its next poll: an offer is a race against the clock.
    if (offered.length > 0) jobs.notify(WAITLIST_TELL_QUEUE);
  });
  await jobs.work<{ offerId: number }>(WAITLIST_TELL_QUEUE, async ({ offerId }) => {
    await tellOffer(options, offerId);
  });
  await jobs.work<{ offerId: number }>(WAITLIST_LAPSE_QUEUE, async ({ offerId }) => {
    await lapseOffer(offerDeps, offerId);
  });
  return offerDeps;
}
