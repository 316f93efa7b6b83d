import { z } from 'zod';
import {
  checkFiscalCode,
  field,
  ZEmail,
  ZLinkToken,
  ZName,
  ZNewPassword,
  ZOptionalText,
  ZPassword,
  ZPhone,
  ZReauthentication,
  ZResidence,
} from './account-fields.ts';
import { formList, ZFormBoolean, ZLanguageParam } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { LANGUAGES } from './languages.ts';
import { ZId } from './paging.ts';
import { PREMIUM_BENEFITS } from './premium.ts';
import { AUTHENTICATOR_CODE_PATTERN, LOGIN_CODE_LENGTH } from './rules/account-fields.ts';

export const NEWSLETTER_STATES = ['subscribed', 'pending', 'unsubscribed'] as const;
export type NewsletterState = (typeof NEWSLETTER_STATES)[number];

export const ZUser = z
  .object({
    id: z.number().int(),
    firstname: z.string(),
    lastname: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    fiscal_code: z.string().nullable(),
    language: z.enum(LANGUAGES),
    newsletter: z.enum(NEWSLETTER_STATES),
    preferences: z.object({ activities: z.array(z.string()), regions: z.array(z.number().int()) }),
    two_factor: z.boolean(),
    is_premium: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof ZUser>;

const ZOk = z.object({ ok: z.literal(true) });

export const userRegister = defineEndpoint({
  path: '/app/user/register',
  kind: 'write',
  access: 'public',
  tag: 'accounts',
  summary: 'Creates an account and logs it in; a welcome mail follows.',
  input: z
    .object({
      lng: ZLanguageParam,
      firstname: ZName,
      lastname: ZName,
      email: ZEmail,
      password: ZNewPassword,
      ...ZResidence,
      is_adult: ZFormBoolean.default(false).refine((value) => value, field('adultRequired')),
      policy_accepted: ZFormBoolean.default(false).refine((value) => value, field('termsRequired')),
      referral: ZOptionalText(64),
      newsletter: ZFormBoolean.default(false),
    })
    .superRefine(checkFiscalCode),
  output: z.object({ user: ZUser }),
});

export const userLogin = defineEndpoint({
  path: '/app/user/login',
  kind: 'write',
  access: 'public',
  tag: 'accounts',
  summary: 'Logs in with email and password; members with two-factor login are asked for a code.',
  input: z.object({
    lng: ZLanguageParam,
    email: z
      .string(field('invalidEmail'))
      .trim()
      .toLowerCase()
      .pipe(z.email(field('invalidEmail'))),
    password: ZPassword('invalidPassword'),
  }),
  output: z.object({ user: ZUser.nullable(), two_factor_required: z.boolean() }),
});

export const userLoginTwoFactor = defineEndpoint({
  path: '/app/user/login/two-factor',
  kind: 'write',
  access: 'public',
  tag: 'accounts',
  summary: 'Finishes a two-factor login with an authenticator code or a recovery code.',
  input: z.object({
    lng: ZLanguageParam,
    code: z
      .string(field('invalidCode'))
      .trim()
      .min(LOGIN_CODE_LENGTH.min, field('invalidCode'))
      .max(LOGIN_CODE_LENGTH.max, field('invalidCode')),
  }),
  output: z.object({ user: ZUser }),
});

export const userLogout = defineEndpoint({
  path: '/app/user/logout',
  kind: 'write',
  access: 'public',
  tag: 'accounts',
  summary: 'Ends this session.',
  input: z.object({ lng: ZLanguageParam }),
  output: ZOk,
});

export const userFetch = defineEndpoint({
  path: '/app/user/info',
  kind: 'read',
  access: 'public',
  cache: 'private',
  tag: 'accounts',
  summary: 'The member of this session (401 for visitors).',
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({ user: ZUser }),
});

export const userEdit = defineEndpoint({
  path: '/app/user/edit',
  kind: 'write',
  access: 'member',
  tag: 'accounts',
  summary:
    'Updates the account: names, phone, country and fiscal code. A new email needs the password (or a ' +
    'fresh two-factor code) and takes effect once the link mailed to it is opened (`pending_email`).',
  input: z
    .object({
      lng: ZLanguageParam,
      firstname: ZName,
      lastname: ZName,
      email: ZEmail,
      phone: ZPhone,
      ...ZResidence,
      ...ZReauthentication,
    })
    .superRefine(checkFiscalCode),
  output: z.object({ user: ZUser, pending_email: z.string().nullable() }),
});

export const userEditData = defineEndpoint({
  path: '/app/user/edit/data',
  kind: 'write',
  access: 'member',
  tag: 'accounts',
  summary: 'Updates residence data (country and fiscal code) and the language of mails.',
  input: z
    .object({ lng: ZLanguageParam, ...ZResidence, language: z.enum(LANGUAGES).optional() })
    .superRefine(checkFiscalCode),
  output: z.object({ user: ZUser }),
});

export const userPasswordUpdate = defineEndpoint({
  path: '/app/user/password/update',
  kind: 'write',
  access: 'member',
  tag: 'accounts',
  summary: 'Changes the password and ends every session, this one too.',
  input: z.object({
    lng: ZLanguageParam,
    old_password: ZPassword('passwordEmpty'),
    new_password: ZNewPassword,
  }),
  output: ZOk,
});

export const userPasswordRecovery = defineEndpoint({
  path: '/app/user/password/recovery',
  kind: 'write',
  access: 'public',
  tag: 'accounts',
  summary: 'Mails a single-use link to choose a new password (the same answer for unknown addresses).',
  input: z.object({ lng: ZLanguageParam, email: ZEmail }),
  output: ZOk,
});

export const userPasswordReset = defineEndpoint({
  path: '/app/user/password/reset',
  kind: 'write',
  access: 'public',
  tag: 'accounts',
  summary: 'Sets a new password with the link of a recovery mail; ends every session.',
  input: z.object({
    lng: ZLanguageParam,
    token: z.string().min(16).max(128),
    password: ZNewPassword,
  }),
  output: ZOk,
});

export const userDelete = defineEndpoint({
  path: '/app/user/delete',
  kind: 'write',
  access: 'member',
  tag: 'accounts',
  summary:
    'Deletes the account (asks for the password or a fresh two-factor code): personal data erased, ' +
    'orders kept anonymised, sessions ended.',
  input: z.object({ lng: ZLanguageParam, ...ZReauthentication }),
  output: ZOk,
});

export const userEmailConfirm = defineEndpoint({
  path: '/app/user/email/confirm',
  kind: 'write',
  access: 'public',
  tag: 'accounts',
  summary: 'Makes a new email the login of the account, with the single-use link mailed to it (24 hours).',
  input: z.object({ lng: ZLanguageParam, token: ZLinkToken }),
  output: z.object({ email: z.string() }),
});

export const userSecure = defineEndpoint({
  path: '/app/user/secure',
  kind: 'write',
  access: 'public',
  tag: 'accounts',
  summary:
    '"This wasn\'t me", from a change notice: ends every session, undoes the change, locks the password ' +
    'and mails a link to choose a new one to the address the notice went to.',
  input: z.object({ lng: ZLanguageParam, token: ZLinkToken }),
  output: ZOk,
});

export const userTag = defineEndpoint({
  path: '/app/user/tag',
  kind: 'write',
  access: 'member',
  tag: 'accounts',
  summary: 'Sets the activity types and regions the member likes, for recommendations.',
  input: z.object({
    lng: ZLanguageParam,
    activities: formList(z.string().trim().min(1).max(64), 40).default([]),
    regions: formList(ZId, 100).default([]),
  }),
  output: z.object({ user: ZUser }),
});

export const userExport = defineEndpoint({
  path: '/app/user/export',
  kind: 'read',
  access: 'member',
  cache: 'private',
  tag: 'accounts',
  summary: 'Everything stored about the member, as a JSON download.',
  input: z.object({ lng: ZLanguageParam }),
  output: z.record(z.string(), z.unknown()),
});

/** What a person may do; a Sentiero+ member has `premium_content` and each benefit by name. */
export const PERMISSIONS = [
  'browse',
  'buy',
  'manage_account',
  'premium_content',
  ...PREMIUM_BENEFITS,
] as const;

export const permission = defineEndpoint({
  path: '/app/permission',
  kind: 'read',
  access: 'public',
  cache: 'private',
  tag: 'accounts',
  summary: 'What the person of this request may do.',
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({
    logged_in: z.boolean(),
    is_premium: z.boolean(),
    permissions: z.array(z.enum(PERMISSIONS)),
  }),
});

export const facebookLogin = defineEndpoint({
  path: '/app/user/facebook/login',
  kind: 'write',
  access: 'public',
  tag: 'accounts',
  summary: 'Starts a Facebook login: answers the address to send the browser to.',
  input: z.object({ lng: ZLanguageParam }),
  output: z.object({ url: z.string() }),
});

export const twoFactorSetup = defineEndpoint({
  path: '/app/user/two-factor/setup',
  kind: 'write',
  access: 'member',
  tag: 'accounts',
  summary:
    'Starts setting up two-factor login (asks for the password or a fresh code): a new secret for an ' +
    'authenticator app; an active one stays until a code of the new one turns it on.',
  input: z.object({ lng: ZLanguageParam, ...ZReauthentication }),
  output: z.object({ secret: z.string(), uri: z.string() }),
});

export const twoFactorEnable = defineEndpoint({
  path: '/app/user/two-factor/enable',
  kind: 'write',
  access: 'member',
  tag: 'accounts',
  summary: 'Turns two-factor login on with a first code; answers the recovery codes, shown once.',
  input: z.object({
    lng: ZLanguageParam,
    code: z.string().trim().regex(AUTHENTICATOR_CODE_PATTERN, field('invalidCode')),
  }),
  output: z.object({ recovery_codes: z.array(z.string()) }),
});

export const twoFactorDisable = defineEndpoint({
  path: '/app/user/two-factor/disable',
  kind: 'write',
  access: 'member',
  tag: 'accounts',
  summary: 'Turns two-factor login off; asks for the password or a fresh code.',
  input: z.object({ lng: ZLanguageParam, ...ZReauthentication }),
  output: ZOk,
});
