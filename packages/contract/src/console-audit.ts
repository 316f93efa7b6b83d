import { z } from 'zod';
import { ZCalendarDate, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZId, ZPageParam, ZPaging } from './paging.ts';

/*
 * The audit log as admins and owners read it (issue 23, item 3; ADR 028): who did what to which
 * thing, with the before and after of each field and the reason. An admin reads every line; an
 * operator's owner the lines of its operator only. The log itself cannot be changed.
 */

export const AUDIT_PAGE_SIZE = 50;

/** The actions the console writes today, offered as filter choices; the filter takes any prefix. */
export const KNOWN_AUDIT_ACTIONS = [
  'team.invite',
  'invitation.accept',
  'team.change',
  'team.revoke',
  'staff.disable',
  'staff.enable',
  'staff.logoutEverywhere',
  'order.refund',
  'order.markPaid',
  'order.resend',
  'inbox.assign',
  'inbox.reply',
  'inbox.close',
  'inbox.reopen',
  'inbox.seen',
  'growth.observe',
  'growth.correct',
] as const;

export const ZAuditLine = z
  .object({
    id: z.number().int(),
    at: z.string(),
    staff: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
    device_id: z.number().int().nullable(),
    role: z.string().nullable(),
    operator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    action: z.string(),
    target_type: z.string(),
    target_id: z.string(),
    /** `{ field: [before, after] }` of each field the change touched. */
    changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
    reason: z.string().nullable(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditLine' });

export const consoleAudit = defineEndpoint({
  path: '/console/audit',
  kind: 'read',
  access: 'audit.read',
  tag: 'console',
  summary:
    "The audit log lines the caller may read (an admin's: all; an owner's: its operator's), newest first, 50 a page: by person (name or email), action (or its prefix, as `team.`), target, operator and period (days in Europe/Rome).",
  input: z.object({
    lng: ZLanguageParam,
    person: z.string().trim().min(2).max(120).optional(),
    action: z
      .string()
      .trim()
      .max(60)
      .regex(/^[\w.]+$/, { error: 'field.invalid' })
      .optional(),
    target_type: z.string().trim().max(60).optional(),
    target_id: z.string().trim().max(120).optional(),
    operator_id: ZId.optional(),
    from: ZCalendarDate.optional(),
    to: ZCalendarDate.optional(),
    page: ZPageParam,
  }),
  output: z.object({
    lines: z.array(ZAuditLine),
    /** The operators whose lines the caller may read, for the filter; empty for an admin (all). */
    operators: z.array(z.object({ id: z.number().int(), name: z.string() })),
    ...ZPaging,
  }),
});
