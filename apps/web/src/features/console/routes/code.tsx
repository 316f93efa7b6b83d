import { useTranslation } from 'react-i18next';
import { ConsoleCard } from '../components/console-card.tsx';
import { CodeForm } from './code-form.tsx';

/** `/console/code`: the second step of every sign-in. */
export function Component() {
  const { t } = useTranslation('console');
  return (
    <ConsoleCard title={t('code.title')} lead={t('code.lead')}>
      <CodeForm />
    </ConsoleCard>
  );
}
