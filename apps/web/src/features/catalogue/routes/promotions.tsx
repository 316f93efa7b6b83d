import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { prefetch } from '../../../lib/route-data.ts';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { pageParam, usePageParam } from '../../../ui/pager.tsx';
import { getRecommendedQueryOptions, useRecommended } from '../api.ts';
import { TicketList } from '../components/ticket-list.tsx';

/** `/promotions`: every discounted ticket, biggest saving first. */
export function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageParam(new URL(request.url).searchParams);
  return prefetch(context, ({ language }) => [getRecommendedQueryOptions(language, 'discounted', page)]);
}

export function Component() {
  const { t } = useTranslation('catalogue');
  return (
    <div>
      <PageHeading lead={t('promotions.lead')}>{t('promotions.title')}</PageHeading>
      <TicketList query={useRecommended('discounted', usePageParam())} priority headingLevel={2} />
    </div>
  );
}
