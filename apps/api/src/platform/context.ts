import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** What every service receives first, so tests can fix the clock, the language and (later) the user. */
export type ServiceContext = {
  db: Db;
  lang: Language;
  clock: Clock;
  log: FastifyBaseLogger;
};
