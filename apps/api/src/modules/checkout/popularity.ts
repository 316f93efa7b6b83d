import type { Db } from '@sentiero/db/client';
import { updateTicketPopularity } from './popularity-repo.ts';

/** "Hottest" means the most places sold over this many days. */
export const POPULARITY_DAYS = 30;

/**
 * Brings the popularity of tickets sold lately up to date with their paid places of the last 30
 * days, listings and search included. A ticket never sold on Sentiero keeps the starting figure
 * the catalogue gave it. Cheap enough to run every few minutes (the `popularity-refresh` job);
 * several runs at once do no harm.
 */
export async function refreshPopularity(db: Db, now: Date): Promise<number> {
  return updateTicketPopularity(db, new Date(now.getTime() - POPULARITY_DAYS * 86_400_000));
}
