import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { UnsubscribePage } from '../../../ui/unsubscribe-page.tsx';
import { useUnsubscribeNewsletter } from '../api.ts';

/** `/newsletter/unsubscribe?token=…`: the link of every newsletter mail. */
export function Component() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <UnsubscribePage
      token={token}
      unsubscribe={useUnsubscribeNewsletter(token)}
      texts={{
        title: t('newsletterPage.unsubscribeTitle'),
        lead: t('newsletterPage.unsubscribeLead'),
        invalid: t('newsletterPage.invalid'),
        button: t('newsletterPage.unsubscribe'),
        busy: t('newsletterPage.sending'),
      }}
      done={() => t('newsletterPage.unsubscribed')}
      links={
        <Link to={PAGES.home.path()} className="font-medium text-brand-800 underline">
          {t('newsletterPage.home')}
        </Link>
      }
    />
  );
}
