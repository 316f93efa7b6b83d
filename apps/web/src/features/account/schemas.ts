import {
  AUTHENTICATOR_CODE_PATTERN,
  COUNTRY_CODE_PATTERN,
  EMAIL_MAX_LENGTH,
  FISCAL_CODE_MAX_LENGTH,
  LOGIN_CODE_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_PATTERN,
} from '@sentiero/contract/rules/account-fields';
import { meetsPasswordRule, PASSWORD_MAX_LENGTH } from '@sentiero/contract/rules/passwords';
import { z } from 'zod';

/*
 * The forms' own checks: the contract's rules (`rules/account-fields.ts`, `rules/passwords.ts`),
 * applied so most mistakes show before a round trip. The server stays the authority (it also
 * refuses the most common passwords): its field messages replace these when it answers.
 * Messages are i18n keys; the field messages are the ones the server uses too (`errors`
 * namespace), so both sides word a mistake the same way.
 */

const ZEmail = z
  .string()
  .trim()
  .min(1, 'errors:field.emailRequired')
  .max(EMAIL_MAX_LENGTH, 'errors:field.invalidEmail')
  .pipe(z.email('errors:field.invalidEmail'));

const ZName = z.string().trim().min(1, 'errors:field.required').max(NAME_MAX_LENGTH, 'errors:field.invalid');

/** SPEC section 5: at least 8 characters, an uppercase letter and a number. */
const ZNewPassword = z
  .string()
  .max(PASSWORD_MAX_LENGTH, 'errors:field.passwordTooLong')
  .refine(meetsPasswordRule, 'errors:field.passwordRule');

const ZCountry = z.string().regex(COUNTRY_CODE_PATTERN, 'errors:field.required');

const ZPhone = z.string().trim().regex(PHONE_PATTERN, 'errors:field.invalidPhone');

const ZFiscalCode = z.string().trim().max(FISCAL_CODE_MAX_LENGTH, 'errors:field.invalidFiscalCode');

const mustBeChecked = (key: string) => z.boolean().refine((checked) => checked, key);

export const ZSignupForm = z.object({
  firstname: ZName,
  lastname: ZName,
  email: ZEmail,
  password: ZNewPassword,
  country: ZCountry,
  fiscal_code: ZFiscalCode,
  is_adult: mustBeChecked('errors:field.adultRequired'),
  policy_accepted: mustBeChecked('errors:field.termsRequired'),
  newsletter: z.boolean(),
});
export type SignupForm = z.infer<typeof ZSignupForm>;

/** SPEC section 5, login: 'Invalid email', 'Invalid password'. */
export const ZLoginForm = z.object({
  email: z.string().trim().pipe(z.email('errors:field.invalidEmail')),
  password: z.string().min(1, 'errors:field.invalidPassword'),
});
export type LoginForm = z.infer<typeof ZLoginForm>;

/** An authenticator's six digits, or a recovery code. */
export const ZLoginCodeForm = z.object({
  code: z
    .string()
    .trim()
    .min(LOGIN_CODE_LENGTH.min, 'errors:field.invalidCode')
    .max(LOGIN_CODE_LENGTH.max, 'errors:field.invalidCode'),
});
export type LoginCodeForm = z.infer<typeof ZLoginCodeForm>;

export const ZEmailForm = z.object({ email: ZEmail });
export type EmailForm = z.infer<typeof ZEmailForm>;

const repeatMismatch = { message: 'account:passwords.mismatch', path: ['repeat'] };

export const ZResetForm = z
  .object({ password: ZNewPassword, repeat: z.string() })
  .refine((values) => values.repeat === values.password, repeatMismatch);
export type ResetForm = z.infer<typeof ZResetForm>;

export const ZPasswordUpdateForm = z
  .object({
    old_password: z.string().min(1, 'errors:field.passwordEmpty'),
    new_password: ZNewPassword,
    repeat: z.string(),
  })
  .refine((values) => values.repeat === values.new_password, repeatMismatch);
export type PasswordUpdateForm = z.infer<typeof ZPasswordUpdateForm>;

/**
 * A new email needs the current password (the server asks for it too): the login email is the
 * key to the account, since password recovery mails go there.
 */
export function accountFormSchema(currentEmail: string) {
  return z
    .object({
      firstname: ZName,
      lastname: ZName,
      email: ZEmail,
      phone: ZPhone,
      country: ZCountry,
      fiscal_code: ZFiscalCode,
      password: z.string(),
    })
    .refine((values) => !changesEmail(values.email, currentEmail) || values.password.length > 0, {
      message: 'errors:field.passwordEmpty',
      path: ['password'],
    });
}
export type AccountForm = z.infer<ReturnType<typeof accountFormSchema>>;

/** Whether the email typed differs from the account's, as the server compares them. */
export function changesEmail(typed: string, currentEmail: string): boolean {
  return typed.trim().toLowerCase() !== currentEmail.toLowerCase();
}

/** SPEC section 5, delete account: "Password can't be empty". */
export const ZPasswordForm = z.object({ password: z.string().min(1, 'errors:field.passwordEmpty') });
export type PasswordForm = z.infer<typeof ZPasswordForm>;

export const ZTwoFactorCodeForm = z.object({
  code: z.string().trim().regex(AUTHENTICATOR_CODE_PATTERN, 'errors:field.invalidCode'),
});
export type TwoFactorCodeForm = z.infer<typeof ZTwoFactorCodeForm>;
