/** SPEC section 5 and 9: at least 8 characters, an uppercase letter and a number. */
const PASSWORD_MIN_LENGTH = 8;
/** No truncation (ASVS 2.1.2); the cap only keeps hashing cheap enough to refuse abuse. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Passwords that pass SPEC's rule yet head every leaked-password list; refused as DESIGN's
 * security baseline asks. Compared lowercased.
 */
const COMMON_PASSWORDS = new Set([
  'password1',
  'password12',
  'password123',
  'password1234',
  'password01',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword1',
  'qwerty123',
  'qwerty1234',
  'qwertyuiop1',
  'welcome1',
  'welcome123',
  'letmein1',
  'iloveyou1',
  'admin123',
  'administrator1',
  'abc12345',
  'abcd1234',
  'abcdef123',
  'sunshine1',
  'princess1',
  'football1',
  'baseball1',
  'monkey123',
  'dragon123',
  'master123',
  'superman1',
  'michael1',
  'shadow123',
  'trustno1',
  'changeme1',
  'zaq12wsx',
  '1qaz2wsx',
  'asdfghjkl1',
  'a12345678',
  'aa123456',
  'q1w2e3r4',
  'q1w2e3r4t5',
  'juventus1',
  'juventus1897',
  'ciao1234',
  'amore123',
  'barcelona1',
  'realmadrid1',
  'hallo123',
  'passwort1',
  'geheim123',
  'sentiero1',
  'sentiero123',
]);

export type PasswordProblem = 'passwordRule' | 'passwordCommon' | 'passwordTooLong';

/** SPEC section 5: at least 8 characters, an uppercase letter and a number. */
export function meetsPasswordRule(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\p{Lu}/u.test(password) && /\d/.test(password);
}

/** The first thing wrong with a new password, or null when it may be used. */
export function findPasswordProblem(password: string): PasswordProblem | null {
  if (password.length > PASSWORD_MAX_LENGTH) return 'passwordTooLong';
  if (!meetsPasswordRule(password)) return 'passwordRule';
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'passwordCommon';
  return null;
}
