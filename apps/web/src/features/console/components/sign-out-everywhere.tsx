import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { useLogoutEverywhere } from '../records-api.ts';
import { FailureAlert } from './console-card.tsx';

/** Ends every session of the staff member, here and on any other device (a lost laptop or tablet). */
export function SignOutEverywhere() {
  const { t } = useTranslation(['consoleRecords', 'errors']);
  const navigate = useNavigate();
  const logout = useLogoutEverywhere();
  return (
    <div className="space-y-3 rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 className="font-semibold text-lg">{t('sessions.title')}</h2>
      <p className="text-stone-600">{t('sessions.lead')}</p>
      <FailureAlert error={logout.error} fallback={t('errors:INTERNAL')} />
      <Button
        variant="secondary"
        busy={logout.isPending}
        onClick={() =>
          logout.mutate(undefined, {
            onSuccess: () => navigate(PAGES.consoleSignIn.path(), { replace: true }),
          })
        }
      >
        {t('sessions.submit')}
      </Button>
    </div>
  );
}
