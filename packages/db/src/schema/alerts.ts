import { type AlertEvent, type AlertKind, DEFAULT_QUIET_HOURS } from '@sentiero/contract/alerts';
import type { GrowthLevel } from '@sentiero/contract/growth';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts.ts';
import { areas } from './catalogue.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * An area a Sentiero+ member follows (issue 15, alerts) and what they want to be told about it:
 * growth reaching `min_level`, and weather warnings on the days they hold a ticket there. The
 * random `unsubscribe_token` is the one-click link of every alert mail: it ends this follow only.
 * Erased with the account.
 */
export const alertFollows = pgTable(
  'alert_follows',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    kinds: text('kinds').array().$type<AlertKind[]>().notNull(),
    minLevel: text('min_level').$type<GrowthLevel>().notNull().default('good'),
    byMail: boolean('by_mail').notNull().default(true),
    byPush: boolean('by_push').notNull().default(true),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('alert_follows_member_area_idx').on(table.userId, table.areaId),
    uniqueIndex('alert_follows_token_idx').on(table.unsubscribeToken),
    // The daily job reads the follows of the areas that have something to say.
    index('alert_follows_area_idx').on(table.areaId),
  ],
);

/**
 * A member's quiet hours, in minutes after midnight of their time zone: a push due inside them
 * waits until they end (mail does not wake anybody). Equal start and end: no quiet hours.
 */
export const alertSettings = pgTable(
  'alert_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    quietStart: smallint('quiet_start').notNull().default(DEFAULT_QUIET_HOURS.start),
    quietEnd: smallint('quiet_end').notNull().default(DEFAULT_QUIET_HOURS.end),
    timeZone: text('time_zone').notNull().default(DEFAULT_QUIET_HOURS.timeZone),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check(
      'alert_settings_quiet_check',
      sql`${table.quietStart} between 0 and 1439 and ${table.quietEnd} between 0 and 1439`,
    ),
  ],
);

/**
 * A browser or phone a member allowed to show notifications (Web Push, RFC 8030): the push
 * service's endpoint and the keys the payload is encrypted for (RFC 8291). A push service that
 * answers 404 or 410 has dropped it, and so do we. Erased with the account.
 *
 * `session_token_hash` is the session it was made from: logging out of that session removes it,
 * and ending all of the member's sessions removes all their devices. A session that merely
 * expires leaves it (null here): the member did not leave that phone, and a daily alert must not
 * stop because its reader has not opened the app for a while.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    sessionTokenHash: text('session_token_hash').references(() => sessions.tokenHash, {
      onDelete: 'set null',
    }),
    createdAt: at('created_at').notNull().defaultNow(),
    lastPushedAt: at('last_pushed_at'),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(table.endpoint),
    index('push_subscriptions_member_idx').on(table.userId),
    index('push_subscriptions_session_idx').on(table.sessionTokenHash),
  ],
);

/**
 * An alert told to a member about an area on a day (the area's calendar day of the run). The
 * unique key is the rule "at most one notification per area per member per day": a second run
 * of the job, or two workers at once, insert nothing. `events` is what it said; `push_after` is
 * when its push may go (the end of quiet hours), null when there is no push to send.
 */
export const alertNotifications = pgTable(
  'alert_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id, { onDelete: 'cascade' }),
    followId: integer('follow_id').references(() => alertFollows.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    events: jsonb('events').$type<AlertEvent[]>().notNull(),
    byMail: boolean('by_mail').notNull(),
    pushAfter: at('push_after'),
    mailedAt: at('mailed_at'),
    pushedAt: at('pushed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('alert_notifications_member_area_day_idx').on(table.userId, table.areaId, table.day),
  ],
);
