import type { Language } from '@sentiero/contract/languages';
import { PAGES } from '@sentiero/contract/pages';
import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/context.ts';
import type { Mailer } from '../../platform/mail.ts';
import type { PushSender } from '../../platform/push.ts';
import { pushToMember } from '../alerts/index.ts';
import { waitlistOfferMail, waitlistOfferPush } from './mails.ts';
import { claimOfferToTell, unclaimOfferToTell } from './offers-repo.ts';

export type TellDeps = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  mail: Mailer;
  push: PushSender | null;
  brand: string;
  origin: string;
};

const titleIn = (title: Record<string, string>, language: Language) =>
  title[language] ?? title.en ?? title.it ?? '';

/**
 * The `waitlist-tell` job: the member hears of the places held for them, by mail and on their
 * devices, once. The offer is claimed first (`told_at`), so two workers holding the job tell once;
 * a mail the server did not take gives the claim back and the job is retried. A push is a
 * courtesy beside the mail: one that fails is not retried (it would tell twice on the devices that
 * took it).
 */
export async function tellOffer(deps: TellDeps, offerId: number): Promise<boolean> {
  const now = deps.clock.now();
  const offer = await claimOfferToTell(deps.db, offerId, now);
  if (!offer) return false;
  const path = PAGES.waitlistOffer.path({ token: offer.token });
  const facts = {
    firstname: offer.firstName,
    ticket: titleIn(offer.title, offer.language),
    day: offer.day,
    places: offer.places,
    expiresAt: offer.expiresAt,
    timeZone: offer.timeZone,
    url: `${deps.origin}${path}`,
  };
  if (offer.email) {
    try {
      await deps.mail.deliver({ to: offer.email, ...waitlistOfferMail(offer.language, facts, deps.brand) });
    } catch (error) {
      await unclaimOfferToTell(deps.db, offerId);
      throw error;
    }
  }
  if (deps.push) {
    const payload = waitlistOfferPush(offer.language, { ...facts, path, offerId }, deps.brand);
    await pushToMember(deps, deps.push, offer.userId, payload, now).catch((error: unknown) =>
      deps.log.warn({ err: error, offer: offerId }, 'waiting list push not delivered'),
    );
  }
  return true;
}
