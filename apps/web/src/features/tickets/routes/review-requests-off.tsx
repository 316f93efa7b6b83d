import { PAGES } from '@sentiero/contract/pages';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { callApi } from '../../../lib/api-client.ts';
import { UnsubscribePage } from '../../../ui/unsubscribe-page.tsx';

/** `/reviews/requests-off?token=…`: the way out in every review request mail (ADR 051). */
export function Component() {
  const { t } = useTranslation('tickets');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const off = useMutation({ mutationFn: () => callApi('ticketReviewRequestsOff', { token }) });
  return (
    <UnsubscribePage
      token={token}
      unsubscribe={off}
      texts={{
        title: t('reviewRequests.title'),
        lead: t('reviewRequests.lead'),
        invalid: t('reviewRequests.invalid'),
        button: t('reviewRequests.button'),
        busy: t('reviewRequests.busy'),
      }}
      done={() => t('reviewRequests.done')}
      links={
        <Link to={PAGES.home.path()} className="font-medium text-brand-800 underline">
          {t('reviewRequests.home')}
        </Link>
      }
    />
  );
}
