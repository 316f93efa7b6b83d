import { WifiOff } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isNetworkFailure } from '../../../lib/api-error.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatLocalizedDate } from '../../../lib/format.ts';
import { useCurrentLanguage } from '../../../lib/i18n.ts';
import { Alert } from '../../../ui/alert.tsx';
import { buttonClass } from '../../../ui/button.tsx';
import { inputClass } from '../../../ui/form-field.tsx';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { Pager, usePageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useMyReviews, useMyTickets, useTicketCategories } from '../api.ts';
import { CancelOrderButton } from '../components/cancel-dialog.tsx';
import { IssuedTicketCard } from '../components/issued-ticket-card.tsx';
import { MoveOrderButton } from '../components/move-dialog.tsx';
import { TicketReview } from '../components/review-dialog.tsx';
import { ShareButton } from '../components/share-button.tsx';
import { WaitlistEntries } from '../components/waitlist-entries.tsx';
import { findSavedTickets, saveTickets, type TicketListPage } from '../offline-tickets.ts';

function CategoryFilter({ value, onChange }: { value?: number; onChange(id?: number): void }) {
  const { t } = useTranslation('tickets');
  const id = useId();
  const categories = useTicketCategories().data?.category_list ?? [];
  return (
    <div className="mb-6 flex max-w-xs flex-col gap-1">
      <label htmlFor={id} className="font-medium text-sm text-stone-700">
        {t('list.category')}
      </label>
      <select
        id={id}
        className={inputClass}
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.target.value) || undefined)}
      >
        <option value="">{t('list.allCategories')}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function Purchases({
  list,
  offline,
  reviewCode,
}: {
  list: TicketListPage;
  offline: boolean;
  /** The ticket a review request mail links to (`?review=`): its form opens at once. */
  reviewCode: string | null;
}) {
  const { t } = useTranslation('tickets');
  const language = useCurrentLanguage();
  const reviews = useMyReviews().data;
  if (list.purchase_list.length === 0) return <p className="text-stone-600">{t('list.empty')}</p>;
  return (
    <div className="space-y-8">
      {list.purchase_list.map((purchase) => {
        const orders = [...new Set(purchase.tickets.map((ticket) => ticket.order_code))];
        const headingId = `purchase-${purchase.date_purchase.replace(/[^0-9A-Za-z]/g, '')}`;
        return (
          <section key={purchase.date_purchase} aria-labelledby={headingId}>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 id={headingId} className="font-semibold text-lg">
                {t('list.purchasedOn', {
                  date: formatLocalizedDate(purchase.date_purchase.slice(0, 10), language, 'long'),
                })}
              </h2>
              {!offline &&
                orders.map((order) => (
                  <div key={order} className="flex flex-wrap gap-2">
                    <a
                      href={`/api/app/ticket/download?order=${encodeURIComponent(order)}`}
                      className={buttonClass('secondary')}
                      download
                    >
                      {t('list.downloadAll', { order })}
                    </a>
                    {purchase.tickets.some(
                      (ticket) => ticket.order_code === order && ticket.status === 'active',
                    ) && (
                      <>
                        <MoveOrderButton order={order} />
                        <CancelOrderButton order={order} />
                      </>
                    )}
                  </div>
                ))}
            </div>
            <ul className="grid gap-4 md:grid-cols-2">
              {purchase.tickets.map((ticket) => (
                <li key={ticket.code}>
                  <IssuedTicketCard
                    ticket={ticket}
                    actions={
                      offline ? undefined : (
                        <div className="space-y-3">
                          <ShareButton code={ticket.code} />
                          {reviews && (
                            <TicketReview
                              code={ticket.code}
                              title={ticket.title}
                              review={reviews.reviews.find((review) => review.ticket_code === ticket.code)}
                              reviewable={reviews.reviewable.includes(ticket.code)}
                              openNow={reviewCode === ticket.code}
                            />
                          )}
                        </div>
                      )
                    }
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** `/user/mytickets` (SPEC section 3): the member's tickets by purchase date, newest first. */
export function Component() {
  const { t } = useTranslation('tickets');
  const member = useAuthStore((state) => state.user);
  const userId = member?.id;
  const page = usePageParam();
  const [searchParams, setSearchParams] = useSearchParams();
  const categoryId = Number(searchParams.get('category')) || undefined;
  const query = useMyTickets(page, categoryId);
  const offline = query.isError && isNetworkFailure(query.error);
  const saved = offline && userId ? findSavedTickets(localStorage, userId, page, categoryId) : null;
  const list = offline ? (saved ?? query.data) : query.data;

  useEffect(() => {
    // Only the unfiltered list is kept: a filter is applied to it offline.
    if (member && query.data && !query.isPlaceholderData && !categoryId) {
      saveTickets(localStorage, member, page, query.data);
    }
  }, [member, query.data, query.isPlaceholderData, categoryId, page]);

  function chooseCategory(id?: number) {
    const next = new URLSearchParams();
    if (id) next.set('category', String(id));
    setSearchParams(next, { preventScrollReset: true });
  }

  return (
    <div>
      <PageHeading>{t('list.title')}</PageHeading>
      <CategoryFilter value={categoryId} onChange={chooseCategory} />
      {offline && (
        <div className="mb-6">
          <Alert tone="info">
            <span className="flex items-center gap-2">
              <WifiOff aria-hidden className="size-4 shrink-0" />
              {list ? t('offline.showingSaved') : t('offline.nothingSaved')}
            </span>
          </Alert>
        </div>
      )}
      {!offline && <WaitlistEntries />}
      {!offline && <QueryState isPending={query.isPending} isError={query.isError} onRetry={query.refetch} />}
      {list && (
        <>
          <Purchases list={list} offline={offline} reviewCode={searchParams.get('review')} />
          <Pager page={list.page} pages={list.pages} />
        </>
      )}
    </div>
  );
}
