import { REVIEW_ANSWER_MAX, REVIEW_HIDE_REASON_MAX, REVIEW_STATES } from '@sentiero/contract/ticket-reviews';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-error.ts';
import { formatLanguageName } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { FormField, inputClass } from '../../../ui/form-field.tsx';
import { Pager, pageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { Stars } from '../../../ui/stars.tsx';
import { ConsolePage, StateBadge } from '../components/comms/console-page.tsx';
import { type ConsoleReview, useAnswerReview, useConsoleReviews, useHideReview } from '../reviews-api.ts';

/**
 * `/console/reviews`: the buyers' reviews of the staff member's tickets, newest first; each one
 * answered in public, or hidden from the event page with a reason the buyer sees (ADR 051).
 */
export function Component() {
  const { t } = useTranslation('consoleComms');
  return <ConsolePage title={() => t('reviews.title')}>{() => <ReviewsScreen />}</ConsolePage>;
}

function ReviewsScreen() {
  const { t } = useTranslation('consoleComms');
  const [searchParams, setSearchParams] = useSearchParams();
  const state = REVIEW_STATES.find((candidate) => candidate === searchParams.get('state'));
  const reviews = useConsoleReviews({ page: pageParam(searchParams), state });
  const data = reviews.data;
  return (
    <>
      <label className="flex max-w-xs flex-col gap-1 text-sm">
        <span className="font-medium text-stone-700">{t('reviews.state')}</span>
        <select
          className={inputClass}
          value={state ?? ''}
          onChange={(event) => {
            const next = new URLSearchParams();
            if (event.target.value) next.set('state', event.target.value);
            setSearchParams(next);
          }}
        >
          <option value="">{t('reviews.all')}</option>
          {REVIEW_STATES.map((value) => (
            <option key={value} value={value}>
              {t(`reviews.states.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <QueryState isPending={reviews.isPending} isError={reviews.isError} onRetry={reviews.refetch} />
      {data && data.total === 0 && <p className="text-stone-600">{t('reviews.none')}</p>}
      {data && data.reviews.length > 0 && (
        <ul className="space-y-4">
          {data.reviews.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={data.page} pages={data.pages} />}
    </>
  );
}

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : error ? fallback : null;

function ReviewCard({ review }: { review: ConsoleReview }) {
  const { t } = useTranslation(['consoleComms', 'common', 'errors']);
  const language = useCurrentLanguage();
  const [mode, setMode] = useState<'answer' | 'hide' | null>(null);
  const [answer, setAnswer] = useState(review.answer?.text ?? '');
  const [reason, setReason] = useState('');
  const answering = useAnswerReview();
  const hiding = useHideReview();
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(review.created_at));
  const reasonError = hiding.error instanceof ApiRequestError ? hiding.error.fields.reason : undefined;
  const answerError = answering.error instanceof ApiRequestError ? answering.error.fields.answer : undefined;

  return (
    <article
      aria-label={t('reviews.label', { author: review.author, ticket: review.ticket.title })}
      className={`space-y-3 rounded-card border p-4 ${review.hidden ? 'border-amber-200 bg-amber-50/40' : 'border-stone-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} label={t('reviews.stars', { rating: review.rating })} />
        <span className="font-medium text-stone-900">{review.author}</span>
        <span className="text-sm text-stone-600">{date}</span>
        <span className="text-sm text-stone-600">
          {formatLanguageName(review.language, language, (key) => t(key, { ns: 'common' }))}
        </span>
        {review.hidden ? (
          <StateBadge tone="amber">{t('reviews.hiddenBadge')}</StateBadge>
        ) : review.answer ? (
          <StateBadge tone="green">{t('reviews.answered')}</StateBadge>
        ) : (
          <StateBadge tone="blue">{t('reviews.states.unanswered')}</StateBadge>
        )}
      </div>
      <p className="text-sm text-stone-600">
        {review.ticket.title} · {review.area.name}
      </p>
      <p lang={review.language} className="whitespace-pre-line break-words text-stone-800">
        {review.text}
      </p>
      {review.hidden && (
        <p className="text-amber-900 text-sm">
          {t('reviews.hiddenBecause', { reason: review.hidden.reason })}
        </p>
      )}
      {review.answer && mode !== 'answer' && (
        <div className="rounded-md border-brand-700 border-l-4 bg-brand-50 p-3 text-sm">
          <p className="font-medium text-brand-900">{t('reviews.yourAnswer')}</p>
          <p className="whitespace-pre-line break-words">{review.answer.text}</p>
        </div>
      )}
      {mode === 'answer' && (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            answering.mutate({ id: review.id, answer }, { onSuccess: () => setMode(null) });
          }}
        >
          <FormField label={t('reviews.answerLabel')} hint={t('reviews.answerHint')} error={answerError}>
            {(control) => (
              <textarea
                {...control}
                rows={4}
                maxLength={REVIEW_ANSWER_MAX}
                className={inputClass}
                value={answer}
                onChange={(event) => setAnswer(event.target.value)}
              />
            )}
          </FormField>
          {!answerError && errorText(answering.error, t('errors:INTERNAL')) && (
            <Alert tone="error">{errorText(answering.error, t('errors:INTERNAL'))}</Alert>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={answering.isPending} busyLabel={t('reviews.saving')}>
              {t('reviews.publishAnswer')}
            </Button>
            <Button variant="secondary" onClick={() => setMode(null)}>
              {t('reviews.cancel')}
            </Button>
          </div>
        </form>
      )}
      {mode === 'hide' && (
        <form
          className="space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            hiding.mutate({ id: review.id, hidden: true, reason }, { onSuccess: () => setMode(null) });
          }}
        >
          <FormField label={t('reviews.reasonLabel')} hint={t('reviews.reasonHint')} error={reasonError}>
            {(control) => (
              <input
                {...control}
                maxLength={REVIEW_HIDE_REASON_MAX}
                className={inputClass}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
            )}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" busy={hiding.isPending} busyLabel={t('reviews.saving')}>
              {t('reviews.hide')}
            </Button>
            <Button variant="secondary" onClick={() => setMode(null)}>
              {t('reviews.cancel')}
            </Button>
          </div>
        </form>
      )}
      {mode === null && (
        <div className="flex flex-wrap gap-2">
          {!review.hidden && (
            <Button variant="secondary" onClick={() => setMode('answer')}>
              {review.answer ? t('reviews.editAnswer') : t('reviews.answer')}
            </Button>
          )}
          {review.hidden ? (
            <Button
              variant="secondary"
              busy={hiding.isPending}
              busyLabel={t('reviews.saving')}
              onClick={() => hiding.mutate({ id: review.id, hidden: false, reason: '' })}
            >
              {t('reviews.show')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setMode('hide')}>
              {t('reviews.hideOpen')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
