import type { CancelPreview } from '@sentiero/contract/ticket-cancel';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormField, inputClass } from '../../../ui/form-field.tsx';
import { DialogButton, ModalDialog, useModalDialog } from '../../../ui/modal-dialog.tsx';
import { useCancelOrder, useCancelPreview } from '../api.ts';
import { GuestChoice, useGuestChoice } from './guest-choice.tsx';

/**
 * `/user/mytickets`: cancel the whole order or some guests by the rule the order was bought
 * under (ADR 045). The exact refund is asked of the API for the guests ticked, with the same
 * rule and clock the cancellation uses; a refund to a card is confirmed with the password.
 */
export function CancelOrderButton({ order }: { order: string }) {
  const { t } = useTranslation('tickets');
  return (
    <DialogButton
      label={t('cancel.open', { order })}
      dialog={(onClose) => <CancelDialog order={order} onClose={onClose} />}
    />
  );
}

function CancelDialog({ order, onClose }: { order: string; onClose: () => void }) {
  const { t } = useTranslation(['tickets', 'errors']);
  const language = useCurrentLanguage();
  const dialog = useModalDialog();
  const titleId = useId();
  const guests = useGuestChoice();
  const [password, setPassword] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const preview = useCancelPreview(order, guests.chosen);
  const cancel = useCancelOrder();
  const data: CancelPreview | undefined = preview.data;
  const money = (cents: number) => formatMoney(cents, language);

  const { ticked, toggle } = guests.choice(data?.chosen);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ticked.length === 0) return;
    cancel.mutate({ order, guests: ticked, ...(data?.needs_password && { password }), idempotency_key: key });
  };
  const error = cancel.error ?? preview.error;
  const errorText = error instanceof ApiRequestError ? error.message : error ? t('errors:INTERNAL') : null;
  const passwordError = cancel.error instanceof ApiRequestError ? cancel.error.fields.password : undefined;

  return (
    <ModalDialog dialogRef={dialog} titleId={titleId} onClose={onClose}>
      {cancel.isSuccess ? (
        <div className="space-y-4">
          <h2 id={titleId} className="font-bold text-lg text-stone-900">
            {t('cancel.doneTitle')}
          </h2>
          <p role="status" className="text-stone-700">
            {cancel.data.refund_cents > 0
              ? t(cancel.data.state === 'pending' ? 'cancel.donePending' : 'cancel.doneRefund', {
                  amount: money(cancel.data.refund_cents),
                })
              : t('cancel.doneNoRefund')}
          </p>
          <div className="flex justify-end">
            <Button onClick={() => dialog.current?.close()}>{t('cancel.close')}</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <h2 id={titleId} className="font-bold text-lg text-stone-900">
            {t('cancel.title', { order })}
          </h2>
          {data && (
            <>
              <GuestChoice
                legend={t('cancel.guests')}
                guests={data.guests}
                ticked={ticked}
                toggle={toggle}
                aside={(guest) =>
                  guest.state === 'open'
                    ? data.no_money
                      ? t('cancel.noMoney')
                      : t('cancel.guestRefund', { refund: money(guest.refund_cents), percent: guest.percent })
                    : t(`cancel.state.${guest.state}`)
                }
              />
              <p className="rounded-md bg-brand-50 p-3 font-semibold text-brand-900" aria-live="polite">
                {ticked.length === 0
                  ? t('cancel.nothingChosen')
                  : data.no_money
                    ? t('cancel.totalNoMoney')
                    : t('cancel.total', { refund: money(data.refund_cents), paid: money(data.paid_cents) })}
              </p>
              <details className="text-sm text-stone-600">
                <summary className="cursor-pointer font-medium text-stone-700">{t('cancel.policy')}</summary>
                <ul className="mt-1 list-disc space-y-0.5 pl-5">
                  {data.terms.map((sentence) => (
                    <li key={sentence}>{sentence}</li>
                  ))}
                </ul>
              </details>
              {data.needs_password && ticked.length > 0 && (
                <FormField label={t('cancel.password')} hint={t('cancel.passwordHint')} error={passwordError}>
                  {(control) => (
                    <input
                      {...control}
                      type="password"
                      autoComplete="current-password"
                      className={inputClass}
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                    />
                  )}
                </FormField>
              )}
            </>
          )}
          {preview.isPending && <p className="text-stone-600">{t('cancel.loading')}</p>}
          {errorText && !passwordError && <Alert tone="error">{errorText}</Alert>}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              {t('cancel.keep')}
            </Button>
            <Button
              type="submit"
              variant="danger"
              busy={cancel.isPending}
              busyLabel={t('cancel.cancelling')}
              disabled={!data || ticked.length === 0 || preview.isFetching}
            >
              {t('cancel.confirm')}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
