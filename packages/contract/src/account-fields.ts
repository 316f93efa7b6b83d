import { z } from 'zod';
import { checkItalianFiscalCode, normalizeFiscalCode } from './fiscal-code.ts';
import {
  AUTHENTICATOR_CODE_PATTERN,
  COUNTRY_CODE_PATTERN,
  EMAIL_MAX_LENGTH,
  FISCAL_CODE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PHONE_PATTERN,
} from './rules/account-fields.ts';
import { findPasswordProblem, PASSWORD_MAX_LENGTH } from './rules/passwords.ts';

/*
 * The fields of a member's account as the API reads them: the contract's rules
 * (`rules/account-fields.ts`, `rules/passwords.ts`) with their messages, shared by the account,
 * login and newsletter endpoints.
 */

/**
 * Field messages are keys of the `errors` namespace (`field.<key>`): the server answers them in
 * the request's language, word for word as SPEC section 5 writes them in English.
 */
export const field = (key: string) => ({ error: `field.${key}` });

export const ZEmail = z
  .string(field('emailRequired'))
  .trim()
  .toLowerCase()
  .min(1, field('emailRequired'))
  .max(EMAIL_MAX_LENGTH, field('invalidEmail'))
  .pipe(z.email(field('invalidEmail')));

export const ZName = z
  .string(field('required'))
  .trim()
  .min(1, field('required'))
  .max(NAME_MAX_LENGTH, field('invalid'));

/** A password being chosen: SPEC's rule, not too long, not one of the most common. */
export const ZNewPassword = z.string(field('passwordRule')).superRefine((password, context) => {
  const problem = findPasswordProblem(password);
  if (problem) context.addIssue({ code: 'custom', message: `field.${problem}` });
});

/** A password being checked: any text up to the cap. */
export const ZPassword = (emptyKey: string) =>
  z.string(field(emptyKey)).min(1, field(emptyKey)).max(PASSWORD_MAX_LENGTH, field(emptyKey));

/**
 * Proof that the member is at the keyboard, for changes that could hand the account to someone
 * else (email, password, two-factor, deletion): the current password, or a fresh authenticator
 * code. Both optional here; the server says which one is missing (`field.passwordEmpty`).
 */
export const ZReauthentication = {
  password: ZPassword('passwordEmpty').optional(),
  code: z
    .string(field('invalidCode'))
    .trim()
    .regex(AUTHENTICATOR_CODE_PATTERN, field('invalidCode'))
    .optional(),
};

/** A token of a mailed link. */
export const ZLinkToken = z.string().min(16).max(128);

/** Any ISO 3166 country: members come from everywhere, even if areas are in four countries. */
export const ZMemberCountry = z.string().trim().toUpperCase().regex(COUNTRY_CODE_PATTERN, field('invalid'));

export const ZOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, field('invalid'))
    .optional()
    .transform((value) => (value ? value : null));

export const ZPhone = z
  .string()
  .trim()
  .regex(PHONE_PATTERN, field('invalidPhone'))
  .optional()
  .transform((value) => (value ? value : null));

/** Country and fiscal code travel together: an Italian fiscal code is checked for real. */
export const ZResidence = {
  country: ZMemberCountry,
  fiscal_code: ZOptionalText(FISCAL_CODE_MAX_LENGTH),
};

export function checkFiscalCode(
  value: { country: string | null; fiscal_code: string | null },
  context: z.RefinementCtx,
) {
  if (value.country === 'IT' && value.fiscal_code && !checkItalianFiscalCode(value.fiscal_code)) {
    context.addIssue({ code: 'custom', path: ['fiscal_code'], message: 'field.invalidFiscalCode' });
  }
}

/** Upper-case and without spaces, the way it is printed on the card. */
export function storedFiscalCode(country: string | null, fiscalCode: string | null): string | null {
  if (!fiscalCode) return null;
  return country === 'IT' ? normalizeFiscalCode(fiscalCode) : fiscalCode;
}
