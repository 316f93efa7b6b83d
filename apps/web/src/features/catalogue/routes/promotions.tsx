import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { usePageParam } from '../../../ui/pager.tsx';
import { useRecommended } from '../api.ts';
import { TicketList } from '../components/ticket-list.tsx';

/** `/promotions`: every discounted ticket, biggest saving first. */
export function Component() {
  const { t } = useTranslation('catalogue');
  return (
    <div>
      <PageHeading lead={t('promotions.lead')}>{t('promotions.title')}</PageHeading>
      <TicketList query={useRecommended('discounted', usePageParam())} priority />
    </div>
  );
}
