import type { Language } from '@sentiero/contract/languages';
import type { Db } from '@sentiero/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { RoleRules } from './access.ts';
import type { Config } from './config.ts';
import type { DeviceCaller } from './device-requests.ts';
import type { Mailer } from './mail.ts';
import type { SessionUser } from './sessions.ts';
import type { StaffSession } from './staff-sessions.ts';

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** What every service receives first, so tests can fix the clock, the language and the user. */
export type ServiceContext = {
  db: Db;
  lang: Language;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The member of this request, or null for a visitor. */
  user: SessionUser | null;
  /**
   * The staff member of this request (the console's cookie, apart from the member's), or null.
   * Optional for the contexts made outside a request (jobs, tests), which have none.
   */
  staff?: StaffSession | null;
  /** The ranger's device of a signed request (ADR 043); `staff` is then its ranger. */
  device?: DeviceCaller | null;
  /** How a member's roles are known (Sentiero+), for `requireAccess` (access.ts). */
  roles: RoleRules;
  config: Config;
  mail: Mailer;
  /** The client's address (behind a trusted proxy, the forwarded one), for the audit log. */
  ip?: string;
  /** Where links in mails point: PUBLIC_URL, or this request's own origin outside production. */
  origin: string;
};
