import { describe, expect, it } from 'vitest';
import {
  accountFormSchema,
  ZLoginForm,
  ZPasswordForm,
  ZPasswordUpdateForm,
  ZResetForm,
  ZSignupForm,
} from './schemas.ts';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const signup = {
  firstname: 'Giulia',
  lastname: 'Rossi',
  email: 'giulia@example.it',
  password: 'Porcini2025',
  country: 'IT',
  fiscal_code: '',
  is_adult: true,
  policy_accepted: true,
  newsletter: false,
};

describe('form checks (SPEC section 5)', () => {
  it('accepts a complete signup', () => {
    expect(ZSignupForm.safeParse(signup).success).toBe(true);
  });

  it('asks for 8 characters, an uppercase letter and a number in a new password', () => {
    for (const password of ['Short1', 'porcini2025', 'PorciniBoschi']) {
      expect(messages(ZSignupForm.safeParse({ ...signup, password })), password).toEqual({
        password: 'errors:field.passwordRule',
      });
    }
  });

  it('asks to confirm the age of 18 and to accept the terms', () => {
    expect(messages(ZSignupForm.safeParse({ ...signup, is_adult: false, policy_accepted: false }))).toEqual({
      is_adult: 'errors:field.adultRequired',
      policy_accepted: 'errors:field.termsRequired',
    });
  });

  it('says Invalid email and Invalid password on the login form', () => {
    expect(messages(ZLoginForm.safeParse({ email: 'giulia@', password: '' }))).toEqual({
      email: 'errors:field.invalidEmail',
      password: 'errors:field.invalidPassword',
    });
  });

  it("says Password can't be empty before deleting an account", () => {
    expect(messages(ZPasswordForm.safeParse({ password: '' }))).toEqual({
      password: 'errors:field.passwordEmpty',
    });
  });

  it('wants the new password typed twice the same', () => {
    expect(messages(ZResetForm.safeParse({ password: 'Porcini2025', repeat: 'Porcini2026' }))).toEqual({
      repeat: 'account:passwords.mismatch',
    });
    expect(
      messages(
        ZPasswordUpdateForm.safeParse({
          old_password: 'x',
          new_password: 'Porcini2025',
          repeat: 'Porcini2025',
        }),
      ),
    ).toEqual({});
  });

  it('asks for the current password only when the email changes', () => {
    const account = {
      firstname: 'Giulia',
      lastname: 'Rossi',
      email: ' Giulia@Example.it ',
      phone: '',
      country: 'IT',
      fiscal_code: '',
      password: '',
    };
    const schema = accountFormSchema('giulia@example.it');
    expect(messages(schema.safeParse(account))).toEqual({});
    expect(messages(schema.safeParse({ ...account, email: 'giulia.nuova@example.it' }))).toEqual({
      password: 'errors:field.passwordEmpty',
    });
    expect(
      messages(schema.safeParse({ ...account, email: 'giulia.nuova@example.it', password: 'Porcini2025' })),
    ).toEqual({});
  });
});
