import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@sentiero/contract/passwords';
import { z } from 'zod';

/*
 * The forms' own checks, mirroring the server's so most mistakes show before a round trip.
 * The server stays the authority (it also refuses the most common passwords): its field
 * messages replace these when it answers. Messages are i18n keys; the field messages are the
 * ones the server uses too (`errors` namespace), so both sides word a mistake the same way.
 */

const ZEmail = z
  .string()
  .trim()
  .min(1, 'errors:field.emailRequired')
  .pipe(z.email('errors:field.invalidEmail'));

const ZName = z.string().trim().min(1, 'errors:field.required').max(80, 'errors:field.invalid');

/** SPEC section 5: at least 8 characters, an uppercase letter and a number. */
export const ZNewPassword = z
  .string()
  .max(PASSWORD_MAX_LENGTH, 'errors:field.passwordTooLong')
  .refine(
    (password) => password.length >= PASSWORD_MIN_LENGTH && /\p{Lu}/u.test(password) && /\d/.test(password),
    'errors:field.passwordRule',
  );

const ZCountry = z.string().regex(/^[A-Z]{2}$/, 'errors:field.required');

const ZPhone = z
  .string()
  .trim()
  .regex(/^$|^\+?[0-9 ()./-]{6,24}$/, 'errors:field.invalidPhone');

const mustBeChecked = (key: string) => z.boolean().refine((checked) => checked, key);

export const ZSignupForm = z.object({
  firstname: ZName,
  lastname: ZName,
  email: ZEmail,
  password: ZNewPassword,
  country: ZCountry,
  fiscal_code: z.string().trim().max(32, 'errors:field.invalidFiscalCode'),
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
  code: z.string().trim().min(6, 'errors:field.invalidCode').max(32, 'errors:field.invalidCode'),
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
      fiscal_code: z.string().trim().max(32, 'errors:field.invalidFiscalCode'),
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
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'errors:field.invalidCode'),
});
export type TwoFactorCodeForm = z.infer<typeof ZTwoFactorCodeForm>;
