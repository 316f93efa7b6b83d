import { LANGUAGES, type Language } from '@sentiero/contract/languages';
import { type MyReview, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '@sentiero/contract/ticket-reviews';
import { Star } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { formatLanguageName } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormField, inputClass } from '../../../ui/form-field.tsx';
import { ModalDialog, useModalDialog } from '../../../ui/modal-dialog.tsx';
import { Stars } from '../../../ui/stars.tsx';
import { useCreateReview } from '../api.ts';

/**
 * What `/user/mytickets` shows of a ticket's review: the member's own (with the operator's answer,
 * or why it is hidden), or the way to write one once the ticket was used or its day is over.
 */
export function TicketReview({
  code,
  title,
  review,
  reviewable,
  openNow,
}: {
  code: string;
  title: string;
  review: MyReview | undefined;
  reviewable: boolean;
  /** Opened by the request mail's link (`?review=code`). */
  openNow: boolean;
}) {
  const { t } = useTranslation('tickets');
  const [open, setOpen] = useState(openNow && reviewable);
  // The dialog stays open over the review it just published, until the member closes it.
  const dialog = open && <ReviewDialog code={code} title={title} onClose={() => setOpen(false)} />;
  if (review) {
    return (
      <>
        <div className="space-y-1 rounded-md bg-stone-50 p-3 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium text-stone-800">
            {t('review.yours')}{' '}
            <Stars rating={review.rating} label={t('review.stars', { rating: review.rating })} />
          </p>
          <p className="whitespace-pre-line break-words text-stone-700">{review.text}</p>
          {review.hidden_reason !== null && (
            <p className="text-amber-800">{t('review.hidden', { reason: review.hidden_reason })}</p>
          )}
          {review.answer && (
            <p className="border-brand-700 border-l-2 pl-2 text-stone-700">
              <span className="font-medium">{t('review.answer')}</span> {review.answer.text}
            </p>
          )}
        </div>
        {dialog}
      </>
    );
  }
  if (!reviewable) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Star aria-hidden className="size-4" />
        {t('review.open')}
      </Button>
      {dialog}
    </>
  );
}

function ReviewDialog({ code, title, onClose }: { code: string; title: string; onClose: () => void }) {
  const { t } = useTranslation(['tickets', 'errors', 'common']);
  const current = useCurrentLanguage();
  const dialog = useModalDialog();
  const titleId = useId();
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [language, setLanguage] = useState<Language>(current);
  const create = useCreateReview();

  const fields = create.error instanceof ApiRequestError ? create.error.fields : {};
  const otherError =
    create.error instanceof ApiRequestError
      ? Object.keys(create.error.fields).length === 0
        ? create.error.message
        : null
      : create.error
        ? t('errors:INTERNAL')
        : null;
  const [ratingMissing, setRatingMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === 0) {
      setRatingMissing(true);
      return;
    }
    create.mutate({ code, rating, text, language });
  };
  const ratingError = ratingMissing && rating === 0 ? t('errors:field.reviewRating') : fields.rating;

  return (
    <ModalDialog dialogRef={dialog} titleId={titleId} onClose={onClose}>
      {create.isSuccess ? (
        <div className="space-y-4">
          <h2 id={titleId} className="font-bold text-lg text-stone-900">
            {t('review.thanks')}
          </h2>
          <p role="status" className="text-stone-700">
            {t('review.published')}
          </p>
          <div className="flex justify-end">
            <Button onClick={() => dialog.current?.close()}>{t('review.close')}</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <h2 id={titleId} className="font-bold text-lg text-stone-900">
            {t('review.title', { title })}
          </h2>
          <fieldset aria-describedby={ratingError ? `${titleId}-rating-error` : undefined}>
            <legend className="mb-1 font-medium text-sm text-stone-700">{t('review.rating')}</legend>
            <div className="flex gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <label
                  key={n}
                  className="cursor-pointer rounded-md p-1 has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
                >
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    className="sr-only"
                    checked={rating === n}
                    onChange={() => setRating(n)}
                  />
                  <span className="sr-only">{t('review.stars', { rating: n })}</span>
                  <Star
                    aria-hidden
                    className={`size-8 ${n <= rating ? 'fill-amber-400 text-amber-500' : 'text-stone-400'}`}
                  />
                </label>
              ))}
            </div>
            {ratingError && (
              <p id={`${titleId}-rating-error`} className="mt-1 text-red-700 text-sm">
                {ratingError}
              </p>
            )}
          </fieldset>
          <FormField
            label={t('review.text')}
            hint={t('review.textHint', {
              min: REVIEW_TEXT_MIN,
              count: text.trim().length,
              max: REVIEW_TEXT_MAX,
            })}
            error={fields.text}
          >
            {(control) => (
              <textarea
                {...control}
                rows={6}
                maxLength={REVIEW_TEXT_MAX}
                className={inputClass}
                value={text}
                onChange={(event) => setText(event.target.value)}
              />
            )}
          </FormField>
          <FormField label={t('review.language')} error={fields.language}>
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={language}
                onChange={(event) => setLanguage(event.target.value as Language)}
              >
                {LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {formatLanguageName(code, current, (key) => t(key, { ns: 'common' }))}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {otherError && <Alert tone="error">{otherError}</Alert>}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => dialog.current?.close()}>
              {t('review.cancel')}
            </Button>
            <Button type="submit" busy={create.isPending} busyLabel={t('review.publishing')}>
              {t('review.publish')}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
