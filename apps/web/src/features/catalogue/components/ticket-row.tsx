import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type RecommendedSource, useRecommended } from '../api.ts';
import { TicketList } from './ticket-list.tsx';

/** A home page row: the first page of newest, hottest or discounted tickets. */
export function TicketRow({ source, moreTo }: { source: RecommendedSource; moreTo?: string }) {
  const { t } = useTranslation('catalogue');
  const headingId = `home-${source}`;
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-3 flex items-baseline justify-between">
        <h2 id={headingId} className="font-semibold text-xl">
          {t(`home.${source}`)}
        </h2>
        {moreTo && (
          <Link to={moreTo} className="text-brand-800 text-sm underline">
            {t('home.seeAll')}
          </Link>
        )}
      </div>
      <TicketList query={useRecommended(source)} paged={false} limit={6} />
    </section>
  );
}
