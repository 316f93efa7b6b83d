import { z } from 'zod';
import { ZEmail } from './account-fields.ts';
import { formList, ZLanguageParam } from './common.ts';
import { ZStaffGrant, ZStaffRole } from './console-auth.ts';
import { defineEndpoint } from './endpoint.ts';
import { LANGUAGES } from './languages.ts';
import { ZId } from './paging.ts';

/*
 * An operator's team (issue 23): its owner (or Sentiero's admin) invites people, changes and
 * revokes their roles. Every change is written to the audit log and asks for a recent
 * re-authentication (`/console/reauthenticate`).
 */

/**
 * The areas a role is narrowed to, as forms send a list (comma-separated in form-data); none (or
 * an empty list) means all the operator's areas.
 */
const ZAreaIds = formList(ZId, 500)
  .transform((ids) => (ids.length > 0 ? [...new Set(ids)] : null))
  .nullable()
  .optional();

/** Members of a team on one page of the console's list. */
export const TEAM_PAGE_SIZE = 20;

const ZOperatorRef = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

export const consoleTeam = defineEndpoint({
  path: '/console/team',
  kind: 'read',
  access: 'team.manage',
  tag: 'console',
  summary:
    "An operator's team, a page at a time: each staff member with the roles they hold for it and since when, the pending invitations, the operator's areas (to narrow a role to) and the operators whose team the caller manages. With no operator_id, the first of those.",
  input: z.object({
    lng: ZLanguageParam,
    operator_id: z.coerce.number().int().positive().optional(),
    /** `sentiero`: Sentiero's own staff (admins and support, no operator), for an admin. */
    team: z.enum(['operator', 'sentiero']).default('operator'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  }),
  output: z.object({
    operators: z.array(ZOperatorRef),
    /** Null when the caller manages no operator's team, or reads Sentiero's own. */
    operator: ZOperatorRef.nullable(),
    /** The list is Sentiero's own staff. */
    sentiero: z.boolean(),
    /** The caller may read and grow Sentiero's own staff (`sentieroTeam.manage`). */
    can_manage_sentiero: z.boolean(),
    /**
     * The roles the caller may give in the team shown (to invite someone, or change a role to):
     * an operator's roles in an operator's team, Sentiero's in Sentiero's; none when no team is
     * shown. The console offers these; the invitation and the change still check them.
     */
    grantable_roles: z.array(ZStaffRole),
    areas: z.array(z.object({ id: z.number().int(), name: z.string() })),
    members: z.array(
      z.object({
        staff_id: z.number().int(),
        name: z.string(),
        email: z.string(),
        disabled: z.boolean(),
        /** When they first got a role for this operator. */
        since: z.string(),
        grants: z.array(ZStaffGrant),
      }),
    ),
    page: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
    invitations: z.array(
      z.object({ id: z.number().int(), email: z.string(), role: ZStaffRole, expires_at: z.string() }),
    ),
  }),
});

export const consoleTeamInvite = defineEndpoint({
  path: '/console/team/invite',
  kind: 'write',
  access: 'team.manage',
  tag: 'console',
  summary:
    "Invites someone to an operator's team (or, for an admin, to Sentiero's staff with no operator): the link is valid 72 hours, once, and is mailed to them in `language` (the inviter's by default). The link is answered too, so a mail that could not be sent leaves no invitation nobody knows of (`mail_sent` false).",
  input: z.object({
    lng: ZLanguageParam,
    email: ZEmail,
    role: ZStaffRole,
    /** None: Sentiero's own staff (an admin's invitation only). Form-data cannot send null. */
    operator_id: ZId.nullable().default(null),
    area_ids: ZAreaIds,
    /** The language of the invitation mail; the inviter's own when left out. */
    language: z.enum(LANGUAGES).optional(),
  }),
  output: z.object({ link: z.string(), expires_at: z.string(), mail_sent: z.boolean() }),
});

export const consoleTeamGrantChange = defineEndpoint({
  path: '/console/team/grant/change',
  kind: 'write',
  access: 'team.manage',
  tag: 'console',
  summary: "Changes a team member's role for the operator, or the areas it is narrowed to.",
  input: z.object({
    lng: ZLanguageParam,
    grant_id: ZId,
    role: ZStaffRole,
    area_ids: ZAreaIds,
    reason: z.string().trim().max(500).optional(),
  }),
  output: ZStaffGrant,
});

export const consoleTeamGrantRevoke = defineEndpoint({
  path: '/console/team/grant/revoke',
  kind: 'write',
  access: 'team.manage',
  tag: 'console',
  summary: 'Takes a role away from a team member, from their next request on.',
  input: z.object({
    lng: ZLanguageParam,
    grant_id: ZId,
    reason: z.string().trim().max(500).optional(),
  }),
  output: z.object({ ok: z.literal(true) }),
});

const ZStaffAccountChange = z.object({
  lng: ZLanguageParam,
  staff_id: ZId,
  reason: z.string().trim().max(500).optional(),
});

export const consoleTeamStaffDisable = defineEndpoint({
  path: '/console/team/staff/disable',
  kind: 'write',
  access: 'team.manage',
  tag: 'console',
  summary:
    "Disables a staff member's account: their sessions end at once and they cannot sign in until enabled again. An owner may disable only staff who work for its operator alone; an operator keeps at least one active owner and Sentiero one active admin (409 LAST_OWNER); nobody disables themselves (409 SELF_DISABLE).",
  input: ZStaffAccountChange,
  output: z.object({ staff_id: z.number().int(), disabled: z.literal(true) }),
});

export const consoleTeamStaffEnable = defineEndpoint({
  path: '/console/team/staff/enable',
  kind: 'write',
  access: 'team.manage',
  tag: 'console',
  summary: 'Enables a disabled staff account again: they sign in with their password and code as before.',
  input: ZStaffAccountChange,
  output: z.object({ staff_id: z.number().int(), disabled: z.literal(false) }),
});
