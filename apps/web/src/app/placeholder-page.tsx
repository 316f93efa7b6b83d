import { useTranslation } from 'react-i18next';
import { PageHeading } from '../ui/page-heading.tsx';

/** A screen whose feature is still to be built: its heading, so routes and guards can be tried. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <PageHeading lead={t('pages.comingSoon')}>{t(titleKey)}</PageHeading>;
}
