import type { PublicReview } from '@sentiero/contract/ticket-reviews';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLanguageName, formatLocalizedDate, formatRating } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Stars } from '../../../ui/stars.tsx';
import { useTicketReviews } from '../api.ts';

function ReviewItem({ review }: { review: PublicReview }) {
  const { t } = useTranslation(['catalogue', 'common']);
  const language = useCurrentLanguage();
  return (
    <li className="space-y-2 border-stone-200 border-t py-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} label={t('reviews.stars', { rating: review.rating })} />
        <span className="font-medium text-stone-900">{review.author}</span>
        <span className="text-sm text-stone-600">
          {formatLocalizedDate(review.created_at.slice(0, 10), language, 'long')}
        </span>
        {review.language !== language && (
          <span className="rounded-full bg-stone-100 px-2 py-0.5 text-stone-700 text-xs">
            {t('reviews.writtenIn', {
              language: formatLanguageName(review.language, language, (key) => t(key, { ns: 'common' })),
            })}
          </span>
        )}
      </div>
      {/* Text, never markup: what a buyer wrote is shown as they wrote it, escaped. */}
      <p lang={review.language} className="whitespace-pre-line break-words text-stone-800">
        {review.text}
      </p>
      {review.answer && (
        <div className="rounded-md border-brand-700 border-l-4 bg-brand-50 p-3 text-sm">
          <p className="font-medium text-brand-900">{t('reviews.answer')}</p>
          <p className="whitespace-pre-line break-words text-stone-800">{review.answer.text}</p>
        </div>
      )}
    </li>
  );
}

/**
 * The event page's reviews (ADR 051): the average and count of the shown ones, then the reviews
 * themselves, the reader's language first, each newest first, a page at a time.
 */
export function TicketReviews({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('catalogue');
  const language = useCurrentLanguage();
  const [page, setPage] = useState(1);
  const query = useTicketReviews(ticketId, page);
  const data = query.data;
  const average = data?.average ?? null;
  const pagerButton =
    'inline-flex items-center gap-1 rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm disabled:opacity-50';

  return (
    <section
      aria-labelledby="ticket-reviews"
      className="rounded-card border border-stone-200 bg-white p-4 sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ticket-reviews" className="font-semibold text-lg">
          {t('reviews.title')}
        </h2>
        {data && average !== null && (
          <p className="flex items-center gap-2" data-testid="review-average">
            <Stars rating={average} label={t('reviews.stars', { rating: average })} className="size-5" />
            <span className="font-semibold text-stone-900">{formatRating(average, language)}</span>
            <span className="text-sm text-stone-600">{t('reviews.count', { count: data.count })}</span>
          </p>
        )}
      </div>
      {data && data.count === 0 && <p className="text-stone-600">{t('reviews.none')}</p>}
      {data && data.reviews.length > 0 && (
        <ul aria-label={t('reviews.title')}>
          {data.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      )}
      {data && data.pages > 1 && (
        <nav aria-label={t('reviews.pages')} className="mt-4 flex items-center justify-between gap-4">
          <button
            type="button"
            className={pagerButton}
            disabled={page <= 1}
            onClick={() => setPage((current) => current - 1)}
          >
            <ChevronLeft aria-hidden className="size-4" />
            {t('reviews.previous')}
          </button>
          <span className="text-sm text-stone-600">{t('reviews.position', { page, pages: data.pages })}</span>
          <button
            type="button"
            className={pagerButton}
            disabled={page >= data.pages}
            onClick={() => setPage((current) => current + 1)}
          >
            {t('reviews.more')}
            <ChevronRight aria-hidden className="size-4" />
          </button>
        </nav>
      )}
    </section>
  );
}
