import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../../lib/api-error.ts';
import { formatMoney } from '../../../../lib/format.ts';
import { useCurrentLanguage } from '../../../../lib/i18n.ts';
import { Alert } from '../../../../ui/alert.tsx';
import { Button } from '../../../../ui/button.tsx';
import { inputClass } from '../../../../ui/form-field.tsx';
import { type OrderStory, useRefund } from '../api.ts';
import { newIdempotencyKey, refundPreview, refundsMoney } from '../orders-logic.ts';

type Run = (change: () => Promise<unknown>) => Promise<void>;

/**
 * Cancel and refund: the ticked guests or every guest left, the amount that goes back (by the
 * server's own rule), and a reason, which is required. One key per click: the same request sent
 * again after the re-authentication dialog, or twice by a double click, refunds once.
 */
export function RefundPanel({
  story,
  refundable,
  selected,
  run,
  onDone,
}: {
  story: OrderStory;
  refundable: readonly number[];
  selected: readonly number[];
  run: Run;
  onDone(): void;
}) {
  const { t } = useTranslation(['consoleOrders', 'errors']);
  const language = useCurrentLanguage();
  const refund = useRefund();
  const [scope, setScope] = useState<'some' | 'all'>('some');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const guests = scope === 'all' ? refundable : selected;
  const amount = formatMoney(refundPreview(story, guests), language);
  const reasonMissing = reason.trim().length < 3;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (reasonMissing || guests.length === 0) return;
    const key = newIdempotencyKey();
    void run(() =>
      refund
        .mutateAsync({
          code: story.order.code,
          guests: scope === 'all' ? undefined : [...guests],
          reason: reason.trim(),
          idempotency_key: key,
        })
        .then(() => {
          setReason('');
          setTried(false);
          onDone();
        }),
    );
  }

  const failure = refund.error;
  const providerReason = failure instanceof ApiRequestError ? failure.fields.reason : undefined;
  return (
    <form
      onSubmit={submit}
      aria-labelledby="refund-title"
      noValidate
      className="space-y-4 rounded-xl border border-red-200 bg-white p-4 shadow-sm"
    >
      <h2 id="refund-title" className="font-semibold text-lg text-red-900">
        {t('refund.title')}
      </h2>
      <p className="text-sm text-stone-600">{t('refund.lead')}</p>
      <fieldset className="flex flex-wrap gap-4">
        {(['some', 'all'] as const).map((choice) => (
          <label key={choice} className="flex items-center gap-2">
            <input
              type="radio"
              name="refund-scope"
              className="size-4 accent-brand-700"
              checked={scope === choice}
              onChange={() => setScope(choice)}
            />
            {t(`refund.${choice}`)}
          </label>
        ))}
      </fieldset>
      {guests.length === 0 ? (
        <p className={tried ? 'text-red-700' : 'text-stone-600'}>{t('refund.noneChosen')}</p>
      ) : (
        <p className="font-semibold text-stone-900" aria-live="polite">
          {refundsMoney(story) ? t('refund.preview', { amount }) : t('refund.previewCash', { amount })}
        </p>
      )}
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium text-stone-700">{t('refund.reason')}</span>
        <textarea
          className={inputClass}
          rows={2}
          maxLength={500}
          value={reason}
          required
          aria-invalid={tried && reasonMissing ? true : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {tried && reasonMissing && <span className="text-red-700">{t('errors:field.required')}</span>}
      </label>
      {failure && (
        <Alert tone="error">
          {failure instanceof ApiRequestError ? failure.message : t('errors:INTERNAL')}
          {providerReason && <span className="block font-mono text-sm">{providerReason}</span>}
        </Alert>
      )}
      {refund.data && !refund.isPending && (
        <Alert tone={refund.data.state === 'failed' ? 'error' : 'success'}>
          {t(`refund.outcome.${refund.data.state}`)}
        </Alert>
      )}
      <Button
        type="submit"
        variant="danger"
        busy={refund.isPending}
        busyLabel={t('refund.busy')}
        disabled={guests.length === 0}
      >
        {refundsMoney(story)
          ? t('refund.submit', { amount })
          : t('refund.cancelOnly', { count: guests.length })}
      </Button>
    </form>
  );
}
