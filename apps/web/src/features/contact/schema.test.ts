import { describe, expect, it } from 'vitest';
import { ZContactForm } from './schema.ts';

describe('contact form (SPEC section 5)', () => {
  it('says each of full name, email and message is mandatory', () => {
    const result = ZContactForm.safeParse({ full_name: ' ', email: '', message: '\n' });
    expect(
      Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message])),
    ).toEqual({
      full_name: 'errors:field.fullNameRequired',
      email: 'errors:field.emailRequired',
      message: 'errors:field.messageRequired',
    });
  });

  it('accepts a complete message', () => {
    expect(
      ZContactForm.safeParse({ full_name: 'Anna Novak', email: 'anna@example.si', message: 'Dober dan!' })
        .success,
    ).toBe(true);
  });
});
