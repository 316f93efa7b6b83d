import { APPLICATION_STATES, type ApplicationState } from '@sentiero/contract/work-with-us';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { inputClass } from '../../../ui/form-field.tsx';
import { pageParam } from '../../../ui/pager.tsx';
import type { ConsoleMe } from '../api.ts';
import { ApplicationDetailView, ApplicationStateBadge } from '../components/application-detail.tsx';
import { useDateTime } from '../components/inbox-list.tsx';
import { ListDetailFrame } from '../components/list-detail-frame.tsx';
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
  const data = list.data;

  return (
    <ListDetailFrame
      me={me}
      title={t('applications.title')}
      tools={
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
      }
      param="application"
      query={{ isPending: list.isPending, isError: list.isError, onRetry: () => list.refetch() }}
      aboveList={
        data &&
        data.applications.length === 0 && (
          <p className="rounded-xl border border-stone-200 bg-white p-5 text-stone-600">
            {t('applications.empty')}
          </p>
        )
      }
      items={data?.applications}
      listLabel={t('applications.listLabel')}
      renderItem={(application) => (
        <>
          <span className="flex items-start justify-between gap-2">
            <span className="min-w-0 font-semibold text-stone-900">{application.business_name}</span>
            <ApplicationStateBadge state={application.state as ApplicationState} />
          </span>
          <span className="block text-sm text-stone-700">
            {t(`operatorKinds.${application.business_kind}`)} · {application.vat_number}
          </span>
          {application.refund_state === 'failed' && (
            <span className="block font-medium text-red-700 text-sm">{t('applications.refundFailed')}</span>
          )}
          <span className="flex flex-wrap justify-between gap-x-3 text-stone-500 text-xs">
            <span>{t(`plans.${application.plan}`)}</span>
            <span>{when(application.created_at)}</span>
          </span>
        </>
      )}
      paging={data}
      backLabel={t('applications.backToList')}
      pickOne={t('applications.pickOne')}
      detail={(id) => <ApplicationDetailView key={id} id={id} />}
    />
  );
}
