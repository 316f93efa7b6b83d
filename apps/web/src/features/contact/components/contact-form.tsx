import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { findSpecificMessage, showServerFieldErrors, useFieldErrorText } from '../../../lib/form-errors.ts';
import { Alert, FailureAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormField, inputClass, TextField } from '../../../ui/form-field.tsx';
import { useSendContactMessage } from '../api.ts';
import { type ContactForm as ContactValues, ZContactForm } from '../schema.ts';

/** SPEC section 4, contact form: sending, error, success. */
export function ContactForm({ defaults }: { defaults: { full_name: string; email: string } }) {
  const { t } = useTranslation(['contact', 'errors']);
  const form = useForm<ContactValues>({
    resolver: zodResolver(ZContactForm),
    defaultValues: { ...defaults, message: '' },
  });
  const errorText = useFieldErrorText(form.formState.errors);
  const send = useSendContactMessage({
    onError: (error) => showServerFieldErrors(form.setError, error, ['full_name', 'email', 'message']),
  });

  if (send.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert tone="success">{t('sent')}</Alert>
        <Button
          variant="secondary"
          onClick={() => {
            form.reset({ ...defaults, message: '' });
            send.reset();
          }}
        >
          {t('another')}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))} className="space-y-4">
      {send.isError && <FailureAlert title={t('failed')} detail={findSpecificMessage(send.error)} />}
      <TextField
        label={t('fullName')}
        autoComplete="name"
        error={errorText('full_name')}
        {...form.register('full_name')}
      />
      <TextField
        label={t('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errorText('email')}
        {...form.register('email')}
      />
      <FormField label={t('message')} error={errorText('message')}>
        {(control) => <textarea rows={6} className={inputClass} {...control} {...form.register('message')} />}
      </FormField>
      <Button type="submit" busy={send.isPending} busyLabel={t('sending')}>
        {t('submit')}
      </Button>
    </form>
  );
}
