import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api-error.ts';
import { fieldErrorText, findSpecificMessage, showServerFieldErrors } from './form-errors.ts';

describe('server errors on forms', () => {
  it('shows the server field messages under the inputs of the form, and only those', () => {
    const setError = vi.fn();
    const error = new ApiRequestError(400, 'Some of the information sent is not valid', 'VALIDATION_FAILED', {
      password: 'This password is too common, please choose another one',
      lng: 'ignored',
    });
    expect(showServerFieldErrors(setError, error, ['email', 'password'])).toBe(true);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('password', {
      type: 'server',
      message: 'This password is too common, please choose another one',
    });
  });

  it('shows nothing for a failure that is not an API answer', () => {
    const setError = vi.fn();
    expect(showServerFieldErrors(setError, new TypeError('Failed to fetch'), ['email'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });

  it('translates schema keys but keeps server texts as they came', () => {
    const translate = (key: string) => `«${key}»`;
    expect(fieldErrorText({ type: 'too_small', message: 'errors:field.invalidEmail' }, translate)).toBe(
      '«errors:field.invalidEmail»',
    );
    expect(fieldErrorText({ type: 'server', message: 'Email non valida' }, translate)).toBe(
      'Email non valida',
    );
    expect(fieldErrorText(undefined, translate)).toBeUndefined();
  });

  it('passes on specific server messages, not generic or unworded ones', () => {
    expect(
      findSpecificMessage(
        new ApiRequestError(409, 'An account with this email already exists', 'EMAIL_TAKEN'),
      ),
    ).toBe('An account with this email already exists');
    expect(
      findSpecificMessage(new ApiRequestError(400, 'Some of the information…', 'VALIDATION_FAILED')),
    ).toBe(undefined);
    expect(findSpecificMessage(new ApiRequestError(502, 'Bad Gateway', 'HTTP'))).toBeUndefined();
    expect(findSpecificMessage(new Error('boom'))).toBeUndefined();
  });
});
