import type { MovePreview } from '@sentiero/contract/ticket-move';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { DialogButton, ModalDialog, useModalDialog } from '../../../ui/modal-dialog.tsx';
import { useMoveOrder, useMovePreview } from '../api.ts';
import { GuestChoice, useGuestChoice } from './guest-choice.tsx';

/**
 * `/user/mytickets`: move the whole order or some guests to another day of the same ticket, where
 * the order's rule allows it (ADR 049). The days offered are the open ones with places for every
 * guest ticked, asked of the API as the guests change; the new tickets replace the old at once.
 */
export function MoveOrderButton({ order }: { order: string }) {
  const { t } = useTranslation('tickets');
  return (
    <DialogButton
      label={t('move.open', { order })}
      dialog={(onClose) => <MoveDialog order={order} onClose={onClose} />}
    />
  );
}

function MoveDialog({ order, onClose }: { order: string; onClose: () => void }) {
  const { t } = useTranslation(['tickets', 'errors']);
  const language = useCurrentLanguage();
  const dialog = useModalDialog();
  const titleId = useId();
  const [day, setDay] = useState<string | null>(null);
  const guests = useGuestChoice(() => setDay(null));
  const preview = useMovePreview(order, guests.chosen);
  const move = useMoveOrder();
  const data: MovePreview | undefined = preview.data;

  const { ticked, toggle } = guests.choice(data?.chosen);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ticked.length === 0 || !day) return;
    move.mutate({ order, guests: ticked, day });
  };
  const error = move.error ?? preview.error;
  const errorText = error instanceof ApiRequestError ? error.message : error ? t('errors:INTERNAL') : null;
  const days = data?.days ?? [];

  return (
    <ModalDialog dialogRef={dialog} titleId={titleId} onClose={onClose}>
      {move.isSuccess ? (
        <div className="space-y-4">
          <h2 id={titleId} className="font-bold text-lg text-stone-900">
            {t('move.doneTitle')}
          </h2>
          <p role="status" className="text-stone-700">
            {t('move.done', { day: formatLocalizedDate(move.data.day, language, 'long') })}
          </p>
          <div className="flex justify-end">
            <Button onClick={() => dialog.current?.close()}>{t('move.close')}</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <h2 id={titleId} className="font-bold text-lg text-stone-900">
            {t('move.title', { order })}
          </h2>
          {data && !data.allowed && <Alert tone="info">{t('move.notAllowed')}</Alert>}
          {data?.allowed && (
            <>
              <GuestChoice
                legend={t('move.guests')}
                guests={data.guests}
                ticked={ticked}
                toggle={toggle}
                aside={(guest) => (guest.state === 'open' ? null : t(`move.state.${guest.state}`))}
              />
              <fieldset>
                <legend className="mb-2 font-medium text-sm text-stone-700">{t('move.day')}</legend>
                {ticked.length === 0 ? (
                  <p className="text-sm text-stone-600">{t('move.nothingChosen')}</p>
                ) : days.length === 0 ? (
                  <p className="text-sm text-stone-600">{t('move.noDays')}</p>
                ) : (
                  <ul className="grid max-h-64 grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3">
                    {days.map((option) => (
                      <li key={option.date}>
                        <label className="flex min-h-11 cursor-pointer flex-col rounded-md border border-stone-200 px-2 py-1.5 text-sm has-checked:border-brand-700 has-checked:bg-brand-50">
                          <input
                            type="radio"
                            name="day"
                            value={option.date}
                            className="sr-only"
                            checked={day === option.date}
                            onChange={() => setDay(option.date)}
                          />
                          <span className="font-medium text-stone-900">
                            {formatLocalizedDate(option.date, language, 'medium')}
                          </span>
                          {option.remaining !== null && (
                            <span className="text-stone-600 text-xs">
                              {t('move.remaining', { count: option.remaining })}
                            </span>
                          )}
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </fieldset>
              <p className="text-sm text-stone-600">{t('move.samePrice')}</p>
            </>
          )}
          {preview.isPending && <p className="text-stone-600">{t('move.loading')}</p>}
          {errorText && <Alert tone="error">{errorText}</Alert>}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              {t('move.keep')}
            </Button>
            <Button
              type="submit"
              busy={move.isPending}
              busyLabel={t('move.moving')}
              disabled={!data?.allowed || ticked.length === 0 || !day || preview.isFetching}
            >
              {t('move.confirm')}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
