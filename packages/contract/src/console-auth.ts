import { z } from 'zod';
import { PERMISSIONS, type Permission, STAFF_ROLES } from './access.ts';
import {
  field,
  ZEmail,
  ZLinkToken,
  ZName,
  ZNewPassword,
  ZPassword,
  ZReauthentication,
} from './account-fields.ts';
import { ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { AUTHENTICATOR_CODE_PATTERN } from './rules/account-fields.ts';

/*
 * The console's sign-in (issue 23, ADR 028): staff accept an invitation, sign in with a password
 * and then always with an authenticator code. The staff session has its own cookie; nothing here
 * opens a member's session or reads one.
 */

export const ZStaffRole = z.enum(STAFF_ROLES).meta({ id: 'StaffRole' });
export const ZPermission = z.enum(Object.keys(PERMISSIONS) as [Permission, ...Permission[]]);

const ZCode = z.string(field('invalidCode')).trim().regex(AUTHENTICATOR_CODE_PATTERN, field('invalidCode'));

/** A role held, with the operator (none for Sentiero's own) and the areas it is narrowed to. */
export const ZStaffGrant = z
  .object({
    id: z.number().int(),
    role: ZStaffRole,
    operator: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
    /** Null: all the operator's areas (or everywhere, for Sentiero's roles). */
    area_ids: z.array(z.number().int()).nullable(),
  })
  .meta({ id: 'StaffGrant' });

/**
 * Where this browser stands: no staff session; a session waiting for the authenticator to be
 * set up (`enrol`) or for its code (`code`); or a complete one.
 */
export const ZConsoleStage = z.enum(['none', 'enrol', 'code', 'complete']);

export const ZConsoleMe = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    language: z.string(),
    grants: z.array(ZStaffGrant),
    permissions: z.array(ZPermission),
    /** When the staff member last proved who they are (the login's code counts). */
    reauthenticated_at: z.string().nullable(),
    expires_at: z.string(),
  })
  .meta({ id: 'ConsoleMe' });

export const consoleInvitation = defineEndpoint({
  path: '/console/invitation',
  kind: 'read',
  access: 'public',
  tag: 'console',
  summary:
    'What an invitation link offers: the email, the role and the operator. Expired or used links are refused.',
  input: z.object({ lng: ZLanguageParam, token: ZLinkToken }),
  output: z.object({
    email: z.string(),
    role: ZStaffRole,
    operator_name: z.string().nullable(),
    expires_at: z.string(),
  }),
});

export const consoleInvitationAccept = defineEndpoint({
  path: '/console/invitation/accept',
  kind: 'write',
  access: 'public',
  tag: 'console',
  summary: 'Accepts an invitation: creates the staff account with its name and password, once.',
  input: z.object({ lng: ZLanguageParam, token: ZLinkToken, name: ZName, password: ZNewPassword }),
  output: z.object({ email: z.string() }),
});

export const consoleLogin = defineEndpoint({
  path: '/console/login',
  kind: 'write',
  access: 'public',
  tag: 'console',
  summary:
    'Signs a staff member in with email and password; the session then waits for the authenticator (set up first, if it never was).',
  input: z.object({ lng: ZLanguageParam, email: ZEmail, password: ZPassword('invalidPassword') }),
  output: z.object({ stage: z.enum(['enrol', 'code']) }),
});

export const consoleSession = defineEndpoint({
  path: '/console/session',
  kind: 'read',
  access: 'public',
  tag: 'console',
  summary: "Where this browser's staff session stands, and who it is once complete.",
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({ stage: ZConsoleStage, me: ZConsoleMe.nullable() }),
});

export const consoleTwoFactorEnrol = defineEndpoint({
  path: '/console/two-factor/enrol',
  kind: 'write',
  access: 'public',
  tag: 'console',
  summary:
    'A new authenticator key for a signed-in staff member who has none yet: its secret and otpauth URI. A code confirms it.',
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({ secret: z.string(), uri: z.string() }),
});

export const consoleLoginCode = defineEndpoint({
  path: '/console/login/code',
  kind: 'write',
  access: 'public',
  tag: 'console',
  summary: 'Completes the sign-in with an authenticator code (confirming the key when it is being set up).',
  input: z.object({ lng: ZLanguageParam, code: ZCode }),
  output: ZConsoleMe,
});

export const consoleLogout = defineEndpoint({
  path: '/console/logout',
  kind: 'write',
  access: 'public',
  tag: 'console',
  summary: "Ends this browser's staff session.",
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({ ok: z.literal(true) }),
});

export const consoleLogoutEverywhere = defineEndpoint({
  path: '/console/logout/everywhere',
  kind: 'write',
  access: 'console',
  tag: 'console',
  summary:
    "Ends every session of the signed-in staff member, this browser's and those of any other device (a lost laptop). Audited as `staff.logoutEverywhere`.",
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({ ok: z.literal(true), ended: z.number().int() }),
});

export const consoleMe = defineEndpoint({
  path: '/console/me',
  kind: 'read',
  access: 'console',
  tag: 'console',
  summary: 'The signed-in staff member: their roles with operators and areas, and the permissions they hold.',
  input: z.object({ lng: ZLanguageParam }),
  output: ZConsoleMe,
});

export const consoleReauthenticate = defineEndpoint({
  path: '/console/reauthenticate',
  kind: 'write',
  access: 'console',
  tag: 'console',
  summary:
    'Confirms who is at the keyboard with the password or a fresh code, before a refund over the limit or a team change.',
  input: z.object({ lng: ZLanguageParam, ...ZReauthentication }),
  output: z.object({ reauthenticated_at: z.string() }),
});
