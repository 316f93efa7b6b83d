import { APPLICATION_STATES, type ApplicationState } from '@sentiero/contract/work-with-us';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { inputClass } from '../../../ui/form-field.tsx';
import { Pager, pageParam } from '../../../ui/pager.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import type { ConsoleMe } from '../api.ts';
import { ApplicationDetailView, ApplicationStateBadge } from '../components/application-detail.tsx';
import { ConsoleNav } from '../components/console-nav.tsx';
import { useDateTime } from '../components/inbox-list.tsx';
import { SessionGate } from '../components/session-gate.tsx';
import { useApplications } from '../inbox-api.ts';
import { withParam } from '../inbox-logic.ts';

/**
 * `/console/applications`: the businesses that applied to sell on Sentiero, for its admins; one
 * opens beside the list (in its place on a tablet) to be approved or rejected with a reason.
 */
export function Component() {
  return <SessionGate>{(me) => <ApplicationsScreen me={me} />}</SessionGate>;
}

function ApplicationsScreen({ me }: { me: ConsoleMe }) {
  const { t } = useTranslation('consoleInbox');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const state = APPLICATION_STATES.find((candidate) => candidate === searchParams.get('state'));
  const list = useApplications({ state, page: pageParam(searchParams) });
  const when = useDateTime();
  const open = Number(searchParams.get('application'));
  const openId = Number.isInteger(open) && open > 0 ? open : null;
  const data = list.data;

  return (
    <div className="flex flex-col gap-6 py-6 md:flex-row">
      <ConsoleNav me={me} />
      <section className="min-w-0 flex-1 space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h1 className="font-bold text-2xl text-stone-900">{t('applications.title')}</h1>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium text-stone-700">{t('filters.state')}</span>
            <select
              className={`${inputClass} py-1.5`}
              value={state ?? ''}
              onChange={(event) => navigate(withParam(searchParams, 'state', event.target.value))}
            >
              <option value="">{t('filters.allStates')}</option>
              {APPLICATION_STATES.map((candidate) => (
                <option key={candidate} value={candidate}>
                  {t(`applicationStates.${candidate}`)}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="gap-4 lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
          <div className={openId ? 'hidden lg:block' : ''}>
            <QueryState isPending={list.isPending} isError={list.isError} onRetry={() => list.refetch()} />
            {data && data.applications.length === 0 && (
              <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-600">
                {t('applications.empty')}
              </p>
            )}
            {data && data.applications.length > 0 && (
              <ul
                aria-label={t('applications.listLabel')}
                className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white shadow-sm"
              >
                {data.applications.map((application) => {
                  const current = application.id === openId;
                  return (
                    <li key={application.id}>
                      <Link
                        to={withParam(searchParams, 'application', application.id)}
                        aria-current={current ? 'true' : undefined}
                        className={`block space-y-1 px-4 py-3 hover:bg-stone-50 ${current ? 'bg-brand-50 ring-2 ring-brand-600 ring-inset' : ''}`}
                      >
                        <span className="flex items-start justify-between gap-2">
                          <span className="min-w-0 font-semibold text-stone-900">
                            {application.business_name}
                          </span>
                          <ApplicationStateBadge state={application.state as ApplicationState} />
                        </span>
                        <span className="block text-sm text-stone-700">
                          {t(`operatorKinds.${application.business_kind}`)} · {application.vat_number}
                        </span>
                        <span className="flex flex-wrap justify-between gap-x-3 text-stone-500 text-xs">
                          <span>{t(`plans.${application.plan}`)}</span>
                          <span>{when(application.created_at)}</span>
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
            {data && <Pager page={data.page} pages={data.pages} />}
          </div>
          {openId ? (
            <div className="space-y-3">
              <Link
                to={withParam(searchParams, 'application', null)}
                className="inline-flex items-center gap-1 font-medium text-brand-800 text-sm underline lg:hidden"
              >
                <ArrowLeft aria-hidden className="size-4" />
                {t('applications.backToList')}
              </Link>
              <ApplicationDetailView key={openId} id={openId} />
            </div>
          ) : (
            <p className="hidden rounded-xl border border-stone-300 border-dashed p-8 text-center text-stone-600 lg:block">
              {t('applications.pickOne')}
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
