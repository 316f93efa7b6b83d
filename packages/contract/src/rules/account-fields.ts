/*
 * The rules of an account's fields, as the server checks them and the web app's forms check them
 * before a round trip. Each side words a broken rule with its own key of the same message.
 */

/** First and last names. */
export const NAME_MAX_LENGTH = 80;

/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX_LENGTH = 254;

/** A fiscal code of any country; an Italian one is also checked for real (`fiscal-code.ts`). */
export const FISCAL_CODE_MAX_LENGTH = 32;

/** A phone number as people type it: digits, an optional leading +, spaces and ( ) . / -. Empty is none. */
export const PHONE_PATTERN = /^$|^\+?[0-9 ()./-]{6,24}$/;

/** An ISO 3166 country code. */
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

/** An authenticator app's code. */
export const AUTHENTICATOR_CODE_PATTERN = /^\d{6}$/;

/** What a two-factor login takes: an authenticator's six digits, or a longer recovery code. */
export const LOGIN_CODE_LENGTH = { min: 6, max: 32 } as const;
