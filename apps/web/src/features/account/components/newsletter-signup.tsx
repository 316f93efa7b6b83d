import { Mail } from 'lucide-react';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useHydrated } from '../../../ui/client-only.tsx';
import { useSubscribeNewsletter } from '../api.ts';

/**
 * The newsletter box of the footer, for visitors (members use their account page). It is on
 * every page, so it stays light: no form library, the common namespace, and the server's
 * messages for a wrong address.
 */
export function NewsletterSignup() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const id = useId();
  const subscribe = useSubscribeNewsletter();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    subscribe.mutate(email);
  }

  const error = subscribe.error;
  const message =
    error instanceof ApiRequestError
      ? (error.fields.email ?? error.message)
      : error
        ? t('newsletter.failed')
        : null;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2">
      <h2 id={`${id}-title`} className="flex items-center gap-2 font-semibold text-stone-900">
        <Mail aria-hidden className="size-4" />
        {t('newsletter.title')}
      </h2>
      {subscribe.isSuccess ? (
        <p role="status" className="text-brand-900">
          {subscribe.data.newsletter === 'subscribed' ? t('newsletter.already') : t('newsletter.pending')}
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-2">
          <p>{t('newsletter.lead')}</p>
          <div className="flex flex-wrap gap-2">
            <label htmlFor={id} className="sr-only">
              {t('newsletter.email')}
            </label>
            <input
              id={id}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('newsletter.email')}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${id}-error` : undefined}
              className="min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-3 py-2"
            />
            <button
              type="submit"
              disabled={subscribe.isPending || !hydrated}
              className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-60"
            >
              {subscribe.isPending ? t('newsletter.sending') : t('newsletter.submit')}
            </button>
          </div>
          {message && (
            <p id={`${id}-error`} role="alert" className="text-red-700 text-sm">
              {message}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
