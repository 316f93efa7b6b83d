import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { inputClass } from '../../../ui/form-field.tsx';
import { Pager, pageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { type ConsoleMe, useTeam } from '../api.ts';
import { ConsoleNav } from '../components/console-nav.tsx';
import { InviteForm } from '../components/invite-form.tsx';
import { useReauthenticated } from '../components/reauthentication.tsx';
import { SessionGate } from '../components/session-gate.tsx';
import { TeamList } from '../components/team-list.tsx';

/**
 * `/console/team`: an operator's team for its owner (or Sentiero's admin): who holds which role,
 * inviting someone, changing and revoking roles. Changes ask the staff member to confirm who
 * they are when the API says it has been too long.
 */
export function Component() {
  return <SessionGate>{(me) => <TeamScreen me={me} />}</SessionGate>;
}

function TeamScreen({ me }: { me: ConsoleMe }) {
  const { t, i18n } = useTranslation(['console', 'consoleRecords']);
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = Number(searchParams.get('operator'));
  const operatorId = Number.isInteger(chosen) && chosen > 0 ? chosen : undefined;
  const sentiero = searchParams.get('team') === 'sentiero';
  const team = useTeam(operatorId, pageParam(searchParams), sentiero);
  const { run, dialog } = useReauthenticated();
  const data = team.data;
  const operator = data?.operator ?? null;
  // The server says which roles the staff member may give here, and checks them again on a change.
  const roles = data?.grantable_roles ?? [];
  const shown = Boolean(data && (operator || data.sentiero));

  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <section className="min-w-0 flex-1 space-y-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="font-bold text-2xl text-stone-900">{t('team.title')}</h1>
          {data && (data.operators.length > 1 || data.can_manage_sentiero) && (
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium text-stone-700">{t('team.operator')}</span>
              <select
                className={inputClass}
                value={data.sentiero ? 'sentiero' : (operator?.id ?? '')}
                onChange={(event) =>
                  setSearchParams(
                    event.target.value === 'sentiero'
                      ? { team: 'sentiero' }
                      : { operator: event.target.value },
                  )
                }
              >
                {data.can_manage_sentiero && (
                  <option value="sentiero">{t('consoleRecords:team.sentieroStaff')}</option>
                )}
                {data.operators.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <QueryState isPending={team.isPending} isError={team.isError} onRetry={() => team.refetch()} />
        {data && !shown && <p className="text-stone-600">{t('team.noOperator')}</p>}
        {data && shown && (
          <>
            <TeamList team={data} roles={roles} run={run} selfId={me.id} />
            <Pager page={data.page} pages={data.pages} />
            {data.invitations.length > 0 && (
              <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
                <h2 className="mb-3 font-semibold text-lg">{t('team.pending')}</h2>
                <ul className="space-y-1 text-stone-700">
                  {data.invitations.map((invitation) => (
                    <li key={invitation.id}>
                      {invitation.email} · {t(`roles.${invitation.role}`)}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {roles.length > 0 && (
              <InviteForm
                key={operator?.id ?? 'sentiero'}
                operator={operator}
                areas={data.areas}
                roles={roles}
                // The language the staff member is reading the console in, else their account's.
                defaultLanguage={i18n.resolvedLanguage ?? me.language}
                run={run}
              />
            )}
          </>
        )}
      </section>
      {dialog}
    </div>
  );
}
