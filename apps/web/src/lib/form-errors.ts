import type { FieldError, FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from './api-error.ts';

/**
 * Puts the server's field messages (already in the reader's language) under the inputs they
 * are about. Returns whether any was shown.
 */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  names: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  let shown = false;
  for (const name of names) {
    const message = error.fields[name];
    if (message) {
      setError(name, { type: 'server', message });
      shown = true;
    }
  }
  return shown;
}

/**
 * The text of a field's error: the server's message as it came, or the translation of the
 * i18n key (`errors:field.invalidEmail`) a form schema gave.
 */
export function fieldErrorText(
  error: Pick<FieldError, 'type' | 'message'> | undefined,
  translate: (key: string) => string,
): string | undefined {
  if (!error?.message) return undefined;
  return error.type === 'server' ? error.message : translate(error.message);
}

/** Codes whose message is the generic one a form already shows, or not worded for people. */
const GENERIC_CODES = new Set(['VALIDATION_FAILED', 'INTERNAL', 'HTTP', 'UNKNOWN']);

/**
 * The server's message when it says more than a form's generic failure text, as "An account
 * with this email already exists" or "Too many requests" do; otherwise nothing.
 */
export function findSpecificMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || GENERIC_CODES.has(error.code)) return undefined;
  return error.message;
}

/** Reads a form's field errors as text for people, in the current language. */
export function useFieldErrorText<T extends FieldValues>(errors: FieldErrors<T>) {
  const { t } = useTranslation();
  return (name: Path<T> & keyof FieldErrors<T>) =>
    fieldErrorText(errors[name] as FieldError | undefined, (key) => t(key));
}
