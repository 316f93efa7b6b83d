import type { Language } from '@sentiero/contract/languages';
import { OPERATOR_KINDS, type OperatorKind } from '@sentiero/contract/operator-kinds';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The staff side (issue 23, ADR 028): the operators who own areas, the people who work for them
 * or for Sentiero, what each may do, and the log of what they did. Staff accounts are apart from
 * members' `users`: one email may be both, and neither session opens the other's doors.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export { OPERATOR_KINDS, type OperatorKind };

/** Who sells in an area: a municipality, a park, a consortium, an association, a guide, a company. */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    kind: text('kind').$type<OperatorKind>().notNull(),
    vatNumber: text('vat_number'),
    contactEmail: text('contact_email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'operators_kind_check',
      sql`${table.kind} in ('municipality', 'park', 'consortium', 'association', 'guide', 'company')`,
    ),
  ],
);

/**
 * Sentiero's share of an operator's sales, in hundredths of a percent (1500 = 15%), from the
 * month `from_month` (its first day) on, until a later row (ADR 042). A month's statement uses
 * the row in force that month; the operator's first row also covers the months before it. Rows
 * are only added or replaced from the current month on, so a past month keeps its rate.
 */
export const operatorCommissionRates = pgTable(
  'operator_commission_rates',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    fromMonth: date('from_month').notNull(),
    basisPoints: integer('basis_points').notNull(),
    /** Null for the rate an operator starts with (or carried over by migration 0037). */
    setByStaffId: integer('set_by_staff_id').references(() => staffAccounts.id),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.operatorId, table.fromMonth] }),
    check('operator_commission_rates_bps_check', sql`${table.basisPoints} between 0 and 10000`),
    check('operator_commission_rates_month_check', sql`extract(day from ${table.fromMonth}) = 1`),
  ],
);

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: serial('id').primaryKey(),
    /** Lowercased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    language: text('language').$type<Language>().notNull().default('it'),
    /** Staff must use a second factor: a session is complete only after a code of this key. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last time step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_accounts_email_idx').on(table.email)],
);

/**
 * A role a staff member holds: Sentiero's own (`admin`, `support`) with no operator, or an
 * operator's, for all its areas (`area_ids` null) or only some.
 */
export const staffGrants = pgTable(
  'staff_grants',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    role: text('role').notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    areaIds: integer('area_ids').array(),
    createdAt: createdAt(),
  },
  (table) => [
    index('staff_grants_staff_id_idx').on(table.staffId),
    index('staff_grants_operator_id_idx').on(table.operatorId),
    // Sentiero's roles hold everywhere; an operator's roles always name the operator.
    check(
      'staff_grants_scope_check',
      sql`(${table.role} in ('admin', 'support')) = (${table.operatorId} is null)`,
    ),
  ],
);

/** A link sent to someone who is to join the staff, with the grant they will hold. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    areaIds: integer('area_ids').array(),
    /** Null when it was made from the command line (`npm run staff -- invite`). */
    invitedBy: integer('invited_by').references(() => staffAccounts.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('staff_invitations_operator_id_idx').on(table.operatorId)],
);

/**
 * A staff member's session: short (12 hours at most, 30 minutes idle), and worth nothing but the
 * second factor's step until `two_factor_at` is set.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    twoFactorAt: timestamp('two_factor_at', { withTimezone: true }),
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
  },
  (table) => [
    index('staff_sessions_staff_id_idx').on(table.staffId),
    index('staff_sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/** `{ field: [before, after] }` of the fields a change touched. */
export type AuditChanges = Record<string, [unknown, unknown]>;

/**
 * Who did what to which thing, and why. Rows are only ever added: the database refuses UPDATE,
 * DELETE and TRUNCATE (the trigger in the migration), so not even the application can rewrite it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who did it: a staff member, a check-in device, or neither (the command line, a job). */
    staffId: integer('staff_id').references(() => staffAccounts.id),
    deviceId: integer('device_id'),
    role: text('role'),
    operatorId: integer('operator_id').references(() => operators.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
    reason: text('reason'),
    ip: inet('ip'),
  },
  (table) => [
    index('audit_log_operator_id_at_idx').on(table.operatorId, table.at),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
    // The audit screen's "by person" filter, newest first.
    index('audit_log_staff_id_at_idx').on(table.staffId, table.at),
  ],
);
