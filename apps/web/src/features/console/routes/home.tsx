import { PAGES } from '@sentiero/contract/pages';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button.tsx';
import { type ConsoleMe, useConsoleLogout } from '../api.ts';
import { ConsoleNav } from '../components/console-nav.tsx';
import { SessionGate } from '../components/session-gate.tsx';
import { SignOutEverywhere } from '../components/sign-out-everywhere.tsx';

/**
 * `/console`: who is signed in, for which operators and in which roles, and the sections their
 * permissions open. A browser whose session is not complete is sent to the step it is at.
 */
export function Component() {
  return <SessionGate>{(me) => <ConsoleHome me={me} />}</SessionGate>;
}

function ConsoleHome({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('console');
  const navigate = useNavigate();
  const logout = useConsoleLogout();
  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <section className="flex-1 space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="font-bold text-2xl text-stone-900">{t('home.greeting', { name: me.name })}</h1>
          <Button
            variant="secondary"
            busy={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, {
                onSuccess: () => navigate(PAGES.consoleSignIn.path(), { replace: true }),
              })
            }
          >
            {t('home.signOut')}
          </Button>
        </div>
        <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
          <h2 className="mb-3 font-semibold text-lg">{t('home.roles')}</h2>
          <ul className="grid gap-3 md:grid-cols-2 lg:grid-cols-3">
            {me.grants.map((grant) => (
              <li key={grant.id} className="rounded-lg border border-stone-200 p-3">
                <p className="font-semibold">{grant.operator?.name ?? t('sentiero')}</p>
                <p className="text-stone-700">{t(`roles.${grant.role}`)}</p>
                <p className="text-sm text-stone-500">
                  {grant.area_ids
                    ? t('home.someAreas', { count: grant.area_ids.length })
                    : grant.operator
                      ? t('home.allAreas')
                      : t('home.everywhere')}
                </p>
              </li>
            ))}
          </ul>
        </div>
        <SignOutEverywhere />
      </section>
    </div>
  );
}
