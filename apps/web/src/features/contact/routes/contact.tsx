import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { PageHeading } from '../../../ui/page-heading.tsx';
import { ContactForm } from '../components/contact-form.tsx';

/** `/contact`: a message to the operator; members find their name and address already filled in. */
export function Component() {
  const { t } = useTranslation('contact');
  const user = useAuthStore((state) => state.user);
  const defaults = {
    full_name: user ? `${user.firstname} ${user.lastname}`.trim() : '',
    email: user?.email ?? '',
  };
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeading lead={t('lead')}>{t('title')}</PageHeading>
      <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
        <ContactForm key={user?.id ?? 'visitor'} defaults={defaults} />
      </div>
    </div>
  );
}
