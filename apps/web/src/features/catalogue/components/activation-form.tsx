import { zodResolver } from '@hookform/resolvers/zod';
import { BellRing } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { useHydrated } from '../../../ui/client-only.tsx';
import { useRequestAreaActivation } from '../activation-api.ts';

const ZActivationForm = z.object({
  email: z.string().trim().min(1, 'required').pipe(z.email('invalid')),
});
type ActivationForm = z.infer<typeof ZActivationForm>;

/** "Area not available": leave an email to hear when the area opens (SPEC section 2). */
export function ActivationForm({ areaId }: { areaId: number }) {
  const { t } = useTranslation('catalogue');
  const hydrated = useHydrated();
  const fieldId = useId();
  const form = useForm<ActivationForm>({ resolver: zodResolver(ZActivationForm) });
  const request = useRequestAreaActivation(areaId);

  if (request.isSuccess) {
    return (
      <p
        role="status"
        className="flex gap-2 rounded-lg border border-brand-100 bg-brand-50 p-4 text-brand-900"
      >
        <BellRing aria-hidden className="size-5 shrink-0" />
        {t('activation.done')}
      </p>
    );
  }

  const fieldError = form.formState.errors.email?.message;
  const serverError = request.error instanceof ApiRequestError ? request.error : undefined;
  const message = fieldError
    ? t(`activation.${fieldError === 'required' ? 'required' : 'invalid'}`)
    : (serverError?.fields.email ??
      serverError?.message ??
      (request.isError ? t('activation.failed') : undefined));

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ email }) => request.mutate(email))}
      className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4"
    >
      <p className="text-amber-900">{t('area.notAvailableLong')}</p>
      <label htmlFor={fieldId} className="block font-medium text-sm">
        {t('activation.label')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={fieldId}
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${fieldId}-error` : undefined}
          className="min-w-0 flex-1 rounded-md border border-stone-300 bg-white px-3 py-2"
          {...form.register('email')}
        />
        <button
          type="submit"
          disabled={request.isPending || !hydrated}
          className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          {request.isPending ? t('activation.sending') : t('activation.submit')}
        </button>
      </div>
      {message && (
        <p id={`${fieldId}-error`} role="alert" className="text-red-700 text-sm">
          {message}
        </p>
      )}
    </form>
  );
}
